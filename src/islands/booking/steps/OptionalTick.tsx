import type { ReactNode } from 'react';
import { Checkbox } from '../../forms/Choices.tsx';

/** A box the visitor may tick or not ("Nervous dogs", "News and offers"): ticked, it says its thanks. */
export function OptionalTick({
  id,
  label,
  successText,
  checked,
  onChange,
  children,
}: {
  id: string;
  label: string;
  successText: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}) {
  return (
    <Checkbox
      id={id}
      checked={checked}
      onChange={onChange}
      status={checked ? 3 : 1}
      optional
      label={label}
      successText={successText}
    >
      {children}
    </Checkbox>
  );
}
