import { SIZE_LABELS, SIZES, sizeWeights, type Size, type SizeLimits } from '../../../domain/catalogue.ts';
import { TextField } from '../../forms/TextField.tsx';
import { wholeNumber } from '../whole-number.ts';
import type { SizeValues, SizesValues } from './service-form.ts';

/**
 * A price and length for each size of dog (decision 080), each optional: a service with none has one
 * price for every dog, and a size left empty costs what the next smaller one priced does.
 */
export function ServiceSizeFields({
  idPrefix,
  sizes,
  limits,
  onChange,
}: {
  idPrefix: string;
  sizes: SizesValues;
  limits: SizeLimits;
  onChange(sizes: SizesValues): void;
}) {
  const set = (size: Size, change: Partial<SizeValues>) =>
    onChange({ ...sizes, [size]: { ...sizes[size], ...change } });
  return (
    <fieldset className="rec-fieldset">
      <legend>Price and length by size</legend>
      <p className="field-hint">
        Optional. The dog's weight decides its size (its breed's usual size until we know it); leave them all empty for
        one price for every dog.
      </p>
      {SIZES.map((size) => (
        <div className="rec-three" key={size}>
          <TextField
            id={`${idPrefix}-${size}-price`}
            label={`${SIZE_LABELS[size]} (${sizeWeights(size, limits)}): price (£)`}
            optional
            inputMode="decimal"
            value={sizes[size].price}
            onChange={(price) => set(size, { price })}
          />
          <TextField
            id={`${idPrefix}-${size}-duration`}
            label={`${SIZE_LABELS[size]}: minutes`}
            optional
            {...wholeNumber(5, 600, 5)}
            value={sizes[size].duration}
            onChange={(duration) => set(size, { duration })}
          />
        </div>
      ))}
    </fieldset>
  );
}
