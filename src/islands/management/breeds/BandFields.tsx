import { SIZE_LABELS, SIZES } from '../../../domain/catalogue.ts';
import { SelectField } from '../../forms/SelectField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { wholeNumber } from '../whole-number.ts';
import type { BandValues } from './band-form.ts';

const SIZE_OPTIONS = [
  { value: '', label: 'Not set' },
  ...SIZES.map((size) => ({ value: size, label: SIZE_LABELS[size] })),
];

type Field = <K extends keyof BandValues>(key: K) => { value: BandValues[K]; onChange(value: BandValues[K]): void };

/**
 * The breed's name, its full groom's usual length and price band (both ends, or neither), and its
 * usual size: the size a dog of the breed is priced as until its weight is known.
 */
export function BandFields({ field, idPrefix, nameLocked }: { field: Field; idPrefix: string; nameLocked?: boolean }) {
  return (
    <>
      <TextField id={`${idPrefix}-name`} label="Name" maxLength={80} readOnly={nameLocked} {...field('name')} />
      <div className="rec-three">
        <TextField
          id={`${idPrefix}-minutes`}
          label="Usual length (minutes)"
          optional
          {...wholeNumber(5, 600, 5)}
          {...field('minutes')}
        />
        <TextField id={`${idPrefix}-from`} label="Price from (£)" optional inputMode="decimal" {...field('from')} />
        <TextField id={`${idPrefix}-to`} label="Price to (£)" optional inputMode="decimal" {...field('to')} />
      </div>
      <SelectField
        id={`${idPrefix}-size`}
        label="Usual size"
        optional
        hint="Prices a dog of this breed by size while its weight is not known."
        options={SIZE_OPTIONS}
        {...field('size')}
      />
      <TextField
        id={`${idPrefix}-weeks`}
        label="Weeks between grooms"
        optional
        hint="Offered to owners as “same time in N weeks”. Left empty: 6 for long, double, wire and matted coats, 8 for medium, 10 for short."
        {...wholeNumber(4, 12, 1)}
        {...field('weeks')}
      />
    </>
  );
}
