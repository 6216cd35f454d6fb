import { DESCRIPTION_HINT, listPrices, withFigure, writtenPrice } from '../../../domain/service-descriptions.ts';
import { TextArea } from '../../forms/TextField.tsx';

/**
 * The service's own prose, in HTML, with what the website keeps said plainly; when it names a price
 * the figure no longer is, it says so and offers to write the figure in (decision 075).
 */
export function DescriptionField({
  id,
  value,
  onChange,
  stale,
  figure,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  /** The stale amounts (pence) the description names; empty when it agrees with the price. */
  stale: readonly number[];
  figure: number | null;
}) {
  return (
    <div className="rec-description">
      <TextArea
        id={id}
        label="Description"
        optional
        hint={DESCRIPTION_HINT}
        maxLength={5000}
        value={value}
        onChange={onChange}
      />
      {stale.length > 0 && figure !== null ? (
        <div className="rec-price-warning" id={`${id}-prices`}>
          <p>
            The description says {listPrices(stale)}; the price is {writtenPrice(figure)}.
          </p>
          <button
            type="button"
            className="ibutton ibutton--ghost"
            onClick={() => onChange(withFigure(value, stale, figure))}
          >
            Change {listPrices(stale)} to {writtenPrice(figure)} in the description
          </button>
        </div>
      ) : null}
    </div>
  );
}
