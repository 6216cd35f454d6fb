import type { OfferedExtra } from '../../../domain/booking-api-schemas.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { extraLabel, toggleExtra } from '../extras.ts';

/**
 * The extras the service offers, one checkbox each (a tap or Space), under one legend; what they add
 * comes back in the server's quote. Nothing shows until the quote says what is offered. Part of the
 * dog step's code, not the first step's (docs/decisions/055).
 */
export function ExtrasField({
  offered,
  chosen,
  onChange,
}: {
  offered: readonly OfferedExtra[];
  chosen: readonly string[];
  onChange(extras: string[]): void;
}) {
  if (offered.length === 0) return null;
  return (
    <fieldset className="field extras-field" aria-describedby="f-extras-hint">
      <legend className="field-label">
        Extras<span className="field-optional"> (optional)</span>
      </legend>
      <p className="field-hint" id="f-extras-hint">
        Each adds its price and time to the visit.
      </p>
      {offered.map((extra) => (
        <Checkbox
          key={extra.id}
          id={`f-extra-${extra.id}`}
          required={false}
          checked={chosen.includes(extra.id)}
          onChange={(on) => onChange(toggleExtra(chosen, offered, extra.id, on))}
        >
          {extraLabel(extra)}
        </Checkbox>
      ))}
    </fieldset>
  );
}
