import { useState } from 'react';
import { formatUkMobile } from '../../../domain/phone-format.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useValidatedField } from '../../forms/use-validated-field.ts';
import { PhoneField, usePhone, validatedProps } from '../sign-in/PhoneField.tsx';
import type { StaffList } from './use-staff-list.ts';

const validateName = (value: string) =>
  value.trim().length >= 1 && value.trim().length <= 80
    ? { ok: true as const }
    : { ok: false as const, message: 'Please enter their name' };

/** A new member of staff: a name and the mobile they sign in with. */
export function AddStaffForm({ staff }: { staff: StaffList }) {
  const [name, setName] = useState('');
  const nameField = useValidatedField(name, validateName);
  const phone = usePhone();
  const submit = useSubmit('We could not add them. Please try again.');

  const add = async () => {
    nameField.touch();
    phone.field.touch();
    if (!validateName(name).ok || !(await phone.checked())) return;
    staff.quiet();
    void submit.run(
      () => staff.add({ name: name.trim(), phone: phone.value }),
      ({ member }) => {
        staff.changed(`${member.name} can now sign in with ${formatUkMobile(member.phone ?? '')}.`);
        // Cleared for the next member, without shouting that the empty fields are missing.
        setName('');
        nameField.reset('');
        phone.clear();
      },
    );
  };

  return (
    <form
      className="mgmt-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      aria-label="Add a member of staff"
    >
      <h3>Add a member of staff</h3>
      <TextField
        id="new-staff-name"
        label="Name"
        value={name}
        onChange={setName}
        {...validatedProps(nameField)}
        autoComplete="off"
        maxLength={80}
      />
      <PhoneField id="new-staff-phone" label="UK mobile" phone={phone} autoComplete="off" />
      <FormActions submit={submit} label="Add to staff" busyLabel="Adding…" />
    </form>
  );
}
