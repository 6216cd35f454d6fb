import { useState } from 'react';
import { COOKIE_NAMES, getCookie } from '../../client/cookies.ts';
import { keepStaffSignIn, previousUser, takeLoginRedirect } from '../../client/staff-session.ts';
import { loginReasonText } from '../../domain/login-reasons.ts';
import type { StaffSignInResponse } from '../../domain/staff.ts';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import type { SubmitProblem } from '../forms/use-submit.ts';
import { CodeStep } from './sign-in/CodeStep.tsx';
import { PhoneStep } from './sign-in/PhoneStep.tsx';
import { signInByCode, signInByPasskey } from './sign-in/sign-in-calls.ts';
import { useCodeProof } from './sign-in/use-code-proof.ts';
import { usePasskeyProof, usePasskeySupport } from './sign-in/use-passkey-proof.ts';
import './management.css';

/**
 * /management/login (docs/decisions/053, 056, 057): a passkey first when this device has one, else
 * a code sent to the staff member's mobile, entered in the §5 OTP block. The answer to "send me a
 * code" is the same for every number, so the page never says who is staff. Shows the reason the
 * guard sent the visitor here (spec §8) and goes back to the page they asked for.
 */
const UNREACHABLE = 'We could not reach the server. Please check your connection and try again.';

/** A call that got no answer is said as such; anything else in the server's (or the device's) words. */
const said = (problem: SubmitProblem | null) =>
  problem && (problem.status === 0 && !problem.code ? UNREACHABLE : problem.text);

export default function StaffSignIn() {
  // Read as the form is first drawn (the island renders only in the browser): the reason set in
  // an effect came a frame later, above the form, and moved it (issue 19, CLS 0).
  const [reason] = useState(() => loginReasonText(getCookie(COOKIE_NAMES.logoutReason)));
  const [hasPasskey] = useState(() => previousUser()?.passkey === true);
  const [done, setDone] = useState<'code' | 'passkey' | null>(null);
  const supported = usePasskeySupport();
  const code = useCodeProof(signInByCode);
  const passkey = usePasskeyProof(signInByPasskey, 'Signing in with a passkey did not work. Please try again.');

  const signedIn = (via: 'code' | 'passkey') => (answer: StaffSignInResponse) => {
    setDone(via);
    keepStaffSignIn(answer, via);
    location.replace(takeLoginRedirect());
  };
  const sendCode = (e164: string) => {
    passkey.clear();
    code.send(e164);
  };
  const signInWithPasskey = () => {
    code.clear();
    passkey.prove(signedIn('passkey'));
  };

  const passkeyFirst = supported && hasPasskey;
  const error = said(code.problem) ?? said(passkey.problem);
  const passkeyButton = (variant: 'brand' | 'ghost') => (
    <InteractiveButton
      variant={variant}
      status={done === 'passkey' ? 4 : passkey.busy ? 1 : 0}
      statusText={passkey.busy ? 'Waiting for your passkey…' : 'Signing in…'}
      onClick={signInWithPasskey}
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

      {code.request === null ? (
        <PhoneStep sending={code.sending.busy} first={!passkeyFirst} onSend={sendCode} />
      ) : (
        <CodeStep
          phone={code.request.to}
          requestId={code.request.requestId}
          code={code.code}
          onCode={code.setCode}
          problem={said(code.codeProblem)}
          checking={done === 'code' ? 4 : code.checking.busy ? 1 : 0}
          resending={code.sending.busy}
          onCheck={(value) => code.check(signedIn('code'), value)}
          onResend={() => code.request && sendCode(code.request.to)}
          onAnotherNumber={() => {
            code.reset();
            passkey.clear();
          }}
        />
      )}

      {supported && !passkeyFirst ? (
        <>
          <p className="mgmt-or">or</p>
          {passkeyButton('ghost')}
        </>
      ) : null}
    </div>
  );
}
