import { useEffect } from 'react';
import { lastTypedPhone, rememberTypedPhone } from '../../../client/staff-session.ts';
import { formatUkMobile } from '../../../domain/phone-format.ts';
import { InteractiveButton } from '../../forms/InteractiveButton.tsx';
import { PhoneField, usePhone } from './PhoneField.tsx';

/** The first step of a sign-in by code: the member's mobile, kept in this tab for the next sign-in. */
export function PhoneStep({
  sending,
  first,
  onSend,
}: {
  sending: boolean;
  /** The code is the way in here (no passkey offered first): the button is the page's main one. */
  first: boolean;
  onSend(e164: string): void;
}) {
  const phone = usePhone('Looks right');
  const { set } = phone;
  useEffect(() => {
    const typed = lastTypedPhone();
    if (typed) set(formatUkMobile(typed));
  }, [set]);

  const send = async () => {
    phone.field.touch();
    const e164 = await phone.checked();
    if (!e164) return;
    rememberTypedPhone(e164);
    onSend(e164);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <PhoneField
        id="staff-phone"
        label="Your mobile number"
        phone={phone}
        autoComplete="tel"
        hint="We text a 6-digit code to it."
      />
      <InteractiveButton
        type="submit"
        variant={first ? 'accent' : 'ghost'}
        status={sending ? 1 : 0}
        statusText="Sending…"
      >
        Text me a code
      </InteractiveButton>
    </form>
  );
}
