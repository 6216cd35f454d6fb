import { useId } from 'react';
import { TextField, type TextFieldProps } from '../../forms/TextField.tsx';
import type { CallerDraft } from './phone-booking.ts';

const FIELDS: Array<{ key: keyof CallerDraft } & Pick<TextFieldProps, 'label' | 'type' | 'inputMode' | 'optional'>> = [
  { key: 'name', label: "Customer's name" },
  { key: 'phone', label: 'Mobile number', type: 'tel', inputMode: 'tel' },
  { key: 'email', label: 'E-mail', type: 'email', optional: true },
];

/** A caller who is not on the books yet: the confirmation goes to this number (and e-mail, if given). */
export function NewCustomerFields({
  caller,
  onChange,
}: {
  caller: CallerDraft;
  onChange: (patch: Partial<CallerDraft>) => void;
}) {
  const id = useId();
  return (
    <div className="sched-fields">
      {FIELDS.map(({ key, ...field }) => (
        <TextField
          key={key}
          id={`${id}-${key}`}
          {...field}
          // Earlier callers' details are never offered on the shop's shared tablet.
          autoComplete="off"
          value={caller[key]}
          onChange={(value) => onChange({ [key]: value })}
        />
      ))}
    </div>
  );
}
