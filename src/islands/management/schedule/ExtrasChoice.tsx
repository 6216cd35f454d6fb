import type { Dispatch } from 'react';
import type { Extra } from '../../../domain/catalogue.ts';
import { extraAdds } from '../../../domain/extras-catalogue.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import type { PhoneBookingAction } from './phone-booking.ts';

/** The extras offered with the service chosen, one tick each: "Nail grinding, +£5.00, 10 min". */
export function ExtrasChoice({
  id,
  offered,
  ticked,
  dispatch,
}: {
  id: string;
  offered: readonly Extra[];
  ticked: readonly string[];
  dispatch: Dispatch<PhoneBookingAction>;
}) {
  if (!offered.length) return null;
  return (
    <fieldset className="sched-extras">
      <legend>Extras (optional)</legend>
      {offered.map((e) => (
        <Checkbox
          key={e.id}
          id={`${id}-extra-${e.id}`}
          required={false}
          checked={ticked.includes(e.id)}
          onChange={(on) => dispatch({ type: 'extra', id: e.id, on })}
        >
          {e.title}, {extraAdds({ price: e.pricePence, minutes: e.durationMin })}
        </Checkbox>
      ))}
    </fieldset>
  );
}
