import { useEffect, useRef, useState } from 'react';
import { api } from '../../client/api.ts';
import { COOKIE_NAMES, getCookie } from '../../client/cookies.ts';
import {
  keepStaffSignIn,
  lastTypedPhone,
  previousUser,
  rememberTypedPhone,
  takeLoginRedirect,
  type PreviousUser,
} from '../../client/staff-session.ts';
import { loginReasonText } from '../../domain/login-reasons.ts';
import { formatUkMobile, normaliseUkMobile } from '../../domain/phone.ts';
import { PHONE_CODE_DIGITS, PHONE_CODE_MINUTES, PhoneCodeResponseSchema } from '../../domain/phone-codes.ts';
import {
  PasskeyOptionsResponseSchema,
  StaffSignInResponseSchema,
  type StaffSignInResponse,
} from '../../domain/staff.ts';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import { OtpField } from '../forms/OtpField.tsx';
import type { ButtonStatus } from '../forms/status.ts';
import { TextField } from '../forms/TextField.tsx';
import { useValidatedField } from '../forms/use-validated-field.ts';
import './management.css';

/**
 * /management/login (docs/decisions/053, 056, 057): a passkey first when this device has one, else
 * a code sent to the staff member's mobile, entered in the §5 OTP block. The answer to "send me a
 * code" is the same for every number, so the page never says who is staff. Shows the reason the
 * guard sent the visitor here (spec §8) and goes back to the page they asked for.
 */
const UNREACHABLE = 'We could not reach the server. Please check your connection and try again.';

const validatePhone = (value: string) =>
  normaliseUkMobile(value)
    ? { ok: true as const, text: 'Looks right' }
    : { ok: false as const, message: 'Please enter a UK mobile number, like 07700 900461' };

interface CodeRequest {
  phone: string;
  requestId: string;
}

export default function StaffSignIn() {
  const [reason, setReason] = useState<string | null>(null);
  const [previous, setPrevious] = useState<PreviousUser | null>(null);
  const [passkeys, setPasskeys] = useState(false);
  const [phone, setPhone] = useState('');
  const [request, setRequest] = useState<CodeRequest | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<ButtonStatus>(0);
  const [checking, setChecking] = useState<ButtonStatus>(0);
  const [passkeyStatus, setPasskeyStatus] = useState<ButtonStatus>(0);
  const phoneField = useValidatedField(phone, validatePhone);
  const codeHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setReason(loginReasonText(getCookie(COOKIE_NAMES.logoutReason)));
    const before = previousUser();
    setPrevious(before);
    const typed = lastTypedPhone();
    if (typed) setPhone(formatUkMobile(typed));
    void import('@simplewebauthn/browser').then(({ browserSupportsWebAuthn }) =>
      setPasskeys(browserSupportsWebAuthn()),
    );
  }, []);

  useEffect(() => {
    if (request) codeHeading.current?.focus();
  }, [request]);

  const signedIn = (answer: StaffSignInResponse, via: 'code' | 'passkey') => {
    keepStaffSignIn(answer, via);
    location.replace(takeLoginRedirect());
  };

  const askForCode = async () => {
    phoneField.touch();
    const e164 = normaliseUkMobile(phone);
    if (!e164) return;
    rememberTypedPhone(e164);
    setSending(1);
    setError(null);
    const sent = await api('/management/sign-in/codes', {
      method: 'POST',
      body: { phone: e164 },
      schema: PhoneCodeResponseSchema,
    });
    if (!sent.data) {
      setSending(0);
      setError(sent.status === 0 ? UNREACHABLE : sent.error);
      return;
    }
    setSending(0);
    setCode('');
    setCodeError(null);
    setRequest({ phone: e164, requestId: sent.data.requestId });
  };

  const checkCode = async (value = code) => {
    if (!request || value.length !== PHONE_CODE_DIGITS || checking === 1) return;
    setChecking(1);
    setCodeError(null);
    const result = await api('/management/sign-in/by-code', {
      method: 'POST',
      body: { phone: request.phone, requestId: request.requestId, code: value },
      schema: StaffSignInResponseSchema,
    });
    if (result.data) {
      setChecking(4);
      signedIn(result.data, 'code');
      return;
    }
    setChecking(0);
    if (result.code === 'phone_code_wrong') {
      setCode('');
      setCodeError(result.error);
    } else if (result.code === 'phone_code_expired') {
      setRequest(null);
      setError(result.error);
    } else {
      setCodeError(result.status === 0 ? UNREACHABLE : result.error);
    }
  };

  const signInWithPasskey = async () => {
    setPasskeyStatus(1);
    setError(null);
    const options = await api('/management/sign-in/passkey-options', {
      method: 'POST',
      body: {},
      schema: PasskeyOptionsResponseSchema,
    });
    if (!options.data) {
      setPasskeyStatus(0);
      setError(options.status === 0 ? UNREACHABLE : options.error);
      return;
    }
    const { startAuthentication } = await import('@simplewebauthn/browser');
    let response: unknown;
    try {
      response = await startAuthentication({ optionsJSON: options.data.options as never });
    } catch {
      setPasskeyStatus(0);
      setError(
        'Signing in with a passkey was cancelled or did not work on this device. Try again, or get a code by text.',
      );
      return;
    }
    const result = await api('/management/sign-in/by-passkey', {
      method: 'POST',
      body: { challengeId: options.data.challengeId, response },
      schema: StaffSignInResponseSchema,
    });
    if (result.data) {
      setPasskeyStatus(4);
      signedIn(result.data, 'passkey');
      return;
    }
    setPasskeyStatus(0);
    setError(result.status === 0 ? UNREACHABLE : result.error);
  };

  const passkeyFirst = passkeys && previous?.passkey === true;
  const passkeyButton = (variant: 'brand' | 'ghost') => (
    <InteractiveButton
      variant={variant}
      status={passkeyStatus}
      statusText={passkeyStatus === 1 ? 'Waiting for your passkey…' : 'Signing in…'}
      onClick={() => void signInWithPasskey()}
    >
      Sign in with a passkey
    </InteractiveButton>
  );

  return (
    <div className="mgmt-sign-in mgmt-card">
      <h1>Staff sign-in</h1>
      {reason ? (
        <div className="mgmt-notice mgmt-notice--reason" role="alert">
          <p>{reason}</p>
        </div>
      ) : null}
      <p className="mgmt-lead">For the people who work at the shop.</p>
      {error ? (
        <div className="mgmt-notice mgmt-notice--error" role="alert">
          <p>{error}</p>
        </div>
      ) : null}

      {passkeyFirst ? (
        <>
          {passkeyButton('brand')}
          <p className="mgmt-or">or get a code by text</p>
        </>
      ) : null}

      {request === null ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void askForCode();
          }}
        >
          <TextField
            id="staff-phone"
            label="Your mobile number"
            type="tel"
            value={phone}
            onChange={setPhone}
            status={phoneField.status}
            successText={phoneField.successText}
            message={phoneField.message}
            onBlur={phoneField.touch}
            autoComplete="tel"
            inputMode="tel"
            maxLength={20}
            hint="We text a 6-digit code to it."
          />
          <InteractiveButton
            type="submit"
            variant={passkeyFirst ? 'ghost' : 'accent'}
            status={sending}
            statusText="Sending…"
          >
            Text me a code
          </InteractiveButton>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void checkCode();
          }}
        >
          <h2 ref={codeHeading} tabIndex={-1} className="mgmt-code-title">
            Enter the code
          </h2>
          <p>
            If <strong>{formatUkMobile(request.phone)}</strong> is on the staff list, we have sent it a{' '}
            {PHONE_CODE_DIGITS}-digit code. It works for {PHONE_CODE_MINUTES} minutes.
          </p>
          <OtpField
            id="staff-code"
            label="Code"
            value={code}
            maxLength={PHONE_CODE_DIGITS}
            onChange={(value) => {
              setCode(value);
              setCodeError(null);
              // The whole code typed or pasted: sign in straight away.
              if (value.length === PHONE_CODE_DIGITS) void checkCode(value);
            }}
            status={codeError ? 4 : code.length === PHONE_CODE_DIGITS ? 3 : 1}
            successText="Ready"
            message={codeError ?? undefined}
            onEnter={() => void checkCode()}
          />
          <InteractiveButton type="submit" status={checking} statusText={checking === 1 ? 'Checking…' : 'Signed in'}>
            Sign in
          </InteractiveButton>
          <div className="mgmt-actions">
            <button
              type="button"
              className="mgmt-link-button"
              onClick={() => void askForCode()}
              disabled={sending === 1}
            >
              Send a new code
            </button>
            <button
              type="button"
              className="mgmt-link-button"
              onClick={() => {
                setRequest(null);
                setError(null);
              }}
            >
              Use another number
            </button>
          </div>
        </form>
      )}

      {passkeys && !passkeyFirst ? (
        <>
          <p className="mgmt-or">or</p>
          {passkeyButton('ghost')}
        </>
      ) : null}
    </div>
  );
}
