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
  idPrefix = 'f-',
}: {
  offered: readonly OfferedExtra[];
  chosen: readonly string[];
  onChange(extras: string[]): void;
  /** Another dog's extras have ids of their own (party-answers.ts partyFieldId). */
  idPrefix?: string;
}) {
  if (offered.length === 0) return null;
  return (
    <fieldset className="field extras-field" aria-describedby={`${idPrefix}extras-hint`}>
      <legend className="field-label">
        Extras<span className="field-optional"> (optional)</span>
      </legend>
      <p className="field-hint" id={`${idPrefix}extras-hint`}>
        Each adds its price and time to the visit.
      </p>
      {offered.map((extra) => (
        <Checkbox
          key={extra.id}
          id={`${idPrefix}extra-${extra.id}`}
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
