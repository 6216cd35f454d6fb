import { useState } from 'react';
import type { StaffListEntry } from '../../../domain/staff.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatPhone } from '../format.ts';
import { checkUkMobile, loadUkMobileCheck } from '../sign-in/PhoneField.tsx';
import type { StaffList } from './use-staff-list.ts';

const NOT_CHANGED = 'We could not change the number. Please try again.';

/** A member's new mobile, in place in the list; the old number is told too (docs/decisions/070). */
export function NewNumberForm({
  member,
  staff,
  onClose,
}: {
  member: StaffListEntry;
  staff: StaffList;
  onClose(): void;
}) {
  const [phone, setPhone] = useState('');
  const submit = useSubmit(NOT_CHANGED);
  const who = member.name ?? 'this member';

  const save = async () => {
    const normalise = await loadUkMobileCheck().catch(() => null);
    if (!normalise) return submit.fail(NOT_CHANGED);
    const checked = checkUkMobile(normalise, phone);
    if (!checked.ok) return submit.fail(checked.message);
    void submit.run(
      () => staff.changeNumber(member, phone),
      (changed) => {
        onClose();
        staff.changed(
          `${member.name ?? 'They'} now sign${member.you ? '' : 's'} in with ${formatPhone(changed.member.phone)}.`,
        );
      },
    );
  };

  return (
    <form
      className="mgmt-confirm"
      noValidate
      aria-label={`New number for ${who}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        id={`renumber-${member._id}`}
        label="New UK mobile"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={20}
        value={phone}
        onChange={setPhone}
      />
      <FormActions submit={submit} label="Save number" busyLabel="Saving…" onCancel={onClose} />
    </form>
  );
}
