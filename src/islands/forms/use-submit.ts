import { useCallback, useEffect, useRef, useState } from 'react';
import { noVerdict, type ApiResult } from '../../client/api.ts';

/** What went wrong with the last submission: the words to show, the server's code, and a retry. */
export interface SubmitProblem {
  text: string;
  /** The server's machine-readable reason (`slot_taken`, `fresh_proof_needed`), null for a check here. */
  code: string | null;
  status: number;
  /** Sends the same call again; only when it may not have arrived (no answer, or a 5xx). */
  retry?: () => void;
}

export interface Submit {
  busy: boolean;
  problem: SubmitProblem | null;
  /**
   * Sends a call unless one is already on its way (a double tap sends once), and resolves to its data,
   * or null with `problem` set. `onDone` runs with the data only while the form is still shown.
   */
  run<T>(call: () => Promise<ApiResult<T>>, onDone?: (data: T) => void): Promise<T | null>;
  /** A problem found before sending (a field left empty, a price that is not money). */
  fail(text: string): void;
  clear(): void;
}

/** The one submit hook of every form, public and staff: busy, the error with its code, and retry. */
export function useSubmit(fallback = 'That did not work. Please try again.'): Submit {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const sending = useRef(false);
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const run = useCallback(
    async function run<T>(call: () => Promise<ApiResult<T>>, onDone?: (data: T) => void): Promise<T | null> {
      if (sending.current) return null;
      sending.current = true;
      setBusy(true);
      setProblem(null);
      const result = await call().finally(() => {
        sending.current = false;
      });
      if (!shown.current) return result.data;
      setBusy(false);
      if (result.error === null) {
        onDone?.(result.data as T);
        return result.data;
      }
      setProblem({
        text: result.error || fallback,
        code: result.code,
        status: result.status,
        retry: noVerdict(result.status) ? () => void run(call, onDone) : undefined,
      });
      return null;
    },
    [fallback],
  );
  const fail = useCallback((text: string) => setProblem({ text, code: null, status: 0 }), []);
  const clear = useCallback(() => setProblem(null), []);
  return { busy, problem, run, fail, clear };
}
