import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ApiResult } from '../../client/api.ts';
import { staffApi } from '../../client/staff-session.ts';
import { PhoneCodeResponseSchema } from '../../domain/phone-codes.ts';
import { PasskeyOptionsResponseSchema, StepUpResponseSchema } from '../../domain/staff.ts';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import type { ButtonStatus } from '../forms/status.ts';
import { TextField } from '../forms/TextField.tsx';
import { ErrorNotice, StaffDialog } from './StaffDialog.tsx';

/**
 * A staff change the server refused with `fresh_proof_needed` (docs/decisions/070) asks for the proof
 * in place: a dialog offers a code texted to the member's own phone, or their passkey, and once the
 * server takes it the change is made again, as the member asked. Cancelling leaves it undone.
 */
export function useFreshProof(): {
  withFreshProof: <T>(run: () => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;
  proofDialog: ReactNode;
} {
  const [asking, setAsking] = useState(false);
  const settle = useRef<((proven: boolean) => void) | null>(null);

  const withFreshProof = useCallback(async <T,>(run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
    const first = await run();
    if (first.code !== 'fresh_proof_needed') return first;
    const proven = await new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setAsking(true);
    });
    return proven ? run() : first;
  }, []);

  const finish = (proven: boolean) => {
    setAsking(false);
    settle.current?.(proven);
    settle.current = null;
  };

  return {
    withFreshProof,
    proofDialog: asking ? <FreshProofDialog onProven={() => finish(true)} onCancel={() => finish(false)} /> : null,
  };
}

function FreshProofDialog({ onProven, onCancel }: { onProven: () => void; onCancel: () => void }) {
  const [requestId, setRequestId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<ButtonStatus>(0);
  const [checking, setChecking] = useState<ButtonStatus>(0);
  const [passkey, setPasskey] = useState<ButtonStatus>(0);

  const sendCode = async () => {
    setSending(1);
    setError(null);
    const asked = await staffApi('/management/step-up/codes', {
      method: 'POST',
      body: {},
      schema: PhoneCodeResponseSchema,
    });
    setSending(0);
    if (!asked.data) return setError(asked.error ?? 'We could not send a code. Please try again.');
    setRequestId(asked.data.requestId);
  };

  const checkCode = async () => {
    if (!requestId) return;
    setChecking(1);
    setError(null);
    const proved = await staffApi('/management/step-up/by-code', {
      method: 'POST',
      body: { requestId, code: code.trim() },
      schema: StepUpResponseSchema,
    });
    setChecking(0);
    if (!proved.data) return setError(proved.error ?? 'That code did not work. Please try again.');
    onProven();
  };

  const usePasskey = async () => {
    setPasskey(1);
    setError(null);
    const options = await staffApi('/management/step-up/passkey-options', {
      method: 'POST',
      body: {},
      schema: PasskeyOptionsResponseSchema,
    });
    if (!options.data) {
      setPasskey(0);
      return setError(options.error ?? 'We could not start the passkey. Please use a code.');
    }
    const { startAuthentication } = await import('@simplewebauthn/browser');
    let response: unknown;
    try {
      response = await startAuthentication({ optionsJSON: options.data.options as never });
    } catch {
      setPasskey(0);
      return setError('The passkey was cancelled or did not work on this device. Try again, or use a code.');
    }
    const proved = await staffApi('/management/step-up/by-passkey', {
      method: 'POST',
      body: { challengeId: options.data.challengeId, response },
      schema: StepUpResponseSchema,
    });
    setPasskey(0);
    if (!proved.data) return setError(proved.error ?? 'That passkey did not work. Please use a code.');
    onProven();
  };

  return (
    <StaffDialog title="Confirm it is you" onClose={onCancel}>
      <p>
        Changes to the staff list need a fresh proof that it is you: a code we text to your phone, or your passkey.
        Everyone on the staff is told about the change.
      </p>
      {error ? <ErrorNotice message={error} /> : null}
      {requestId ? (
        <form
          className="mgmt-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void checkCode();
          }}
        >
          <TextField
            id="fresh-proof-code"
            label="The 6-digit code from the text"
            value={code}
            onChange={setCode}
            status={1}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
          />
          <InteractiveButton type="submit" variant="brand" status={checking} statusText="Checking…">
            Confirm
          </InteractiveButton>
        </form>
      ) : (
        <InteractiveButton type="button" variant="brand" status={sending} statusText="Sending…" onClick={sendCode}>
          Text me a code
        </InteractiveButton>
      )}
      <InteractiveButton type="button" status={passkey} statusText="Waiting for the passkey…" onClick={usePasskey}>
        Use passkey
      </InteractiveButton>
    </StaffDialog>
  );
}
