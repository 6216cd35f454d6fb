import { useEffect, useRef } from 'react';
import { formatUkMobile } from '../../../domain/phone-format.ts';
import { PHONE_CODE_DIGITS, PHONE_CODE_MINUTES } from '../../../domain/phone-codes.ts';
import { InteractiveButton } from '../../forms/InteractiveButton.tsx';
import { OtpField } from '../../forms/OtpField.tsx';
import type { ButtonStatus } from '../../forms/status.ts';

/** The second step of a sign-in by code: the code in the §5 OTP block, sent as soon as it is whole. */
export function CodeStep({
  phone,
  requestId,
  code,
  onCode,
  problem,
  checking,
  resending,
  onCheck,
  onResend,
  onAnotherNumber,
}: {
  phone: string;
  requestId: string;
  code: string;
  onCode(code: string): void;
  problem: string | null;
  checking: ButtonStatus;
  resending: boolean;
  onCheck(code?: string): void;
  onResend(): void;
  onAnotherNumber(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new code moves focus here, so a screen reader hears where the code went.
  useEffect(() => heading.current?.focus(), [requestId]);
  const whole = (value: string) => value.length === PHONE_CODE_DIGITS;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (whole(code)) onCheck();
      }}
    >
      <h2 ref={heading} tabIndex={-1} className="mgmt-code-title">
        Enter the code
      </h2>
      <p>
        If <strong>{formatUkMobile(phone)}</strong> is on the staff list, we have sent it a {PHONE_CODE_DIGITS}
        -digit code. It works for {PHONE_CODE_MINUTES} minutes.
      </p>
      <OtpField
        id="staff-code"
        label="Code"
        value={code}
        maxLength={PHONE_CODE_DIGITS}
        onChange={(value) => {
          onCode(value);
          // The whole code typed or pasted: sign in straight away.
          if (whole(value)) onCheck(value);
        }}
        status={problem ? 4 : whole(code) ? 3 : 1}
        successText="Ready"
        message={problem ?? undefined}
        onEnter={() => whole(code) && onCheck()}
      />
      <InteractiveButton type="submit" status={checking} statusText={checking === 1 ? 'Checking…' : 'Signed in'}>
        Sign in
      </InteractiveButton>
      <div className="mgmt-actions">
        <button type="button" className="link-button" onClick={onResend} disabled={resending}>
          Send a new code
        </button>
        <button type="button" className="link-button" onClick={onAnotherNumber}>
          Use another number
        </button>
      </div>
    </form>
  );
}
