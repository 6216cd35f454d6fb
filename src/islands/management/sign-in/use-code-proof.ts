import { useState } from 'react';
import type { ApiResult } from '../../../client/api.ts';
import { useSubmit, type Submit, type SubmitProblem } from '../../forms/use-submit.ts';

/**
 * A code texted to a member's phone, then typed back: the staff sign-in (to the number typed) and
 * the fresh proof of a staff change (to the member's own number, docs/decisions/070) share it.
 */
export interface CodeRequest<To> {
  to: To;
  requestId: string;
}

export interface CodeProofCalls<To, T> {
  send(to: To): Promise<ApiResult<{ requestId: string }>>;
  check(request: CodeRequest<To>, code: string): Promise<ApiResult<T>>;
}

/** What a refused code means: a wrong one is typed again, an expired one needs a new code. */
export function afterRefusal(code: string | null): 'retype' | 'resend' | 'keep' {
  if (code === 'phone_code_wrong') return 'retype';
  if (code === 'phone_code_expired') return 'resend';
  return 'keep';
}

export interface CodeProof<To, T> {
  /** The code on its way, or null before one is asked for (or after it expired). */
  request: CodeRequest<To> | null;
  code: string;
  /** Typing clears the last refusal. */
  setCode(code: string): void;
  sending: Submit;
  checking: Submit;
  /** Why no code is on its way: the send failed, or the last one expired. Shown above the forms. */
  problem: SubmitProblem | null;
  /** Why the code typed was refused. Shown with the code. */
  codeProblem: SubmitProblem | null;
  send(to: To): void;
  check(onProven: (answer: T) => void, code?: string): void;
  /** No problem shown (another way in was chosen). */
  clear(): void;
  /** Back to the start: no code on its way, no problem shown. */
  reset(): void;
}

export function useCodeProof<To, T>(calls: CodeProofCalls<To, T>): CodeProof<To, T> {
  const [request, setRequest] = useState<CodeRequest<To> | null>(null);
  const [code, setCode] = useState('');
  const sending = useSubmit('We could not send a code. Please try again.');
  const checking = useSubmit('That code did not work. Please try again.');
  const expired = afterRefusal(checking.problem?.code ?? null) === 'resend';

  const send = (to: To) => {
    checking.clear();
    void sending.run(
      () => calls.send(to),
      ({ requestId }) => {
        setCode('');
        setRequest({ to, requestId });
      },
    );
  };
  const clear = () => {
    sending.clear();
    checking.clear();
  };
  const check = (onProven: (answer: T) => void, value = code) => {
    if (!request) return;
    sending.clear();
    void checking.run(async () => {
      const answer = await calls.check(request, value);
      const next = answer.error === null ? 'keep' : afterRefusal(answer.code);
      if (next === 'retype') setCode('');
      if (next === 'resend') setRequest(null);
      return answer;
    }, onProven);
  };

  return {
    request,
    code,
    setCode: (value) => {
      setCode(value);
      checking.clear();
    },
    sending,
    checking,
    problem: sending.problem ?? (expired ? checking.problem : null),
    codeProblem: expired ? null : checking.problem,
    send,
    check,
    clear,
    reset: () => {
      setRequest(null);
      clear();
    },
  };
}
