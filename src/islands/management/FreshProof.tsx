import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ApiResult } from '../../client/api.ts';
import { staffCall } from '../../client/staff-session.ts';
import * as apiRoutes from '../../domain/staff-api-routes.ts';
import { PhoneCodeResponseSchema } from '../../domain/phone-codes.ts';
import { PasskeyOptionsResponseSchema, StepUpResponseSchema } from '../../domain/staff.ts';
import { FormActions } from '../forms/FormActions.tsx';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import { TextField } from '../forms/TextField.tsx';
import type { PasskeyProofCalls } from './sign-in/passkey-proof.ts';
import { useCodeProof, type CodeProofCalls } from './sign-in/use-code-proof.ts';
import { usePasskeyProof } from './sign-in/use-passkey-proof.ts';
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

type StepUpResponse = z.infer<typeof StepUpResponseSchema>;

/** The code goes to the key holder's own number: the server never takes one from the caller. */
const stepUpByCode: CodeProofCalls<undefined, StepUpResponse> = {
  send: () => staffCall(apiRoutes.stepUpCodes, { schema: PhoneCodeResponseSchema }),
  check: ({ requestId }, code) =>
    staffCall(apiRoutes.stepUpByCode, { body: { requestId, code: code.trim() }, schema: StepUpResponseSchema }),
};

const stepUpByPasskey: PasskeyProofCalls<StepUpResponse> = {
  ceremony: 'authenticate',
  options: () => staffCall(apiRoutes.stepUpPasskeyOptions, { schema: PasskeyOptionsResponseSchema }),
  finish: (challengeId, response) =>
    staffCall(apiRoutes.stepUpByPasskey, { body: { challengeId, response }, schema: StepUpResponseSchema }),
  cancelled: 'The passkey was cancelled or did not work on this device. Try again, or use a code.',
};

function FreshProofDialog({ onProven, onCancel }: { onProven: () => void; onCancel: () => void }) {
  const code = useCodeProof(stepUpByCode);
  const passkey = usePasskeyProof(stepUpByPasskey, 'That passkey did not work. Please use a code.');
  const problem = code.problem ?? passkey.problem;

  return (
    <StaffDialog title="Confirm it is you" onClose={onCancel}>
      <p>
        Changes to the staff list need a fresh proof that it is you: a code we text to your phone, or your passkey.
        Everyone on the staff is told about the change.
      </p>
      {problem ? <ErrorNotice message={problem.text} /> : null}
      {code.request ? (
        <form
          className="mgmt-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            code.check(onProven);
          }}
        >
          <TextField
            id="fresh-proof-code"
            label="The 6-digit code from the text"
            value={code.code}
            onChange={code.setCode}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
          />
          <FormActions
            submit={{ busy: code.checking.busy, problem: code.codeProblem }}
            label="Confirm"
            busyLabel="Checking…"
          />
        </form>
      ) : (
        <InteractiveButton
          variant="brand"
          status={code.sending.busy ? 1 : 0}
          statusText="Sending…"
          onClick={() => {
            passkey.clear();
            code.send(undefined);
          }}
        >
          Text me a code
        </InteractiveButton>
      )}
      <InteractiveButton
        status={passkey.busy ? 1 : 0}
        statusText="Waiting for the passkey…"
        onClick={() => {
          code.clear();
          passkey.prove(onProven);
        }}
      >
        Use passkey
      </InteractiveButton>
    </StaffDialog>
  );
}
