import { useCallback, useState, type ComponentType } from 'react';
import { useStaffSession } from './use-staff-session.ts';

/**
 * What a staff records page (Settings, Breeds, Finances) starts with: nothing until the guard has let
 * the visitor in, then one line at the top that says how the last change went.
 */

/** The page's island: renders `Page` once signed in, nothing before (decision 056). */
export function signedInOnly(Page: ComponentType): ComponentType {
  return function SignedIn() {
    return useStaffSession() ? <Page /> : null;
  };
}

export type Said = { ok: boolean; text: string } | null;

/** What a panel tells its page after a change: done (the page reloads what it shows) or failed. */
export interface Acting {
  onDone(text: string): void;
  onFailed(text: string): void;
}

/** The page's outcome line and the `Acting` its panels report to; `afterDone` reloads the page's data. */
export function useOutcome(afterDone: () => void): Acting & { said: Said; clear(): void } {
  const [said, setSaid] = useState<Said>(null);
  const onDone = useCallback(
    (text: string) => {
      setSaid({ ok: true, text });
      afterDone();
    },
    [afterDone],
  );
  const onFailed = useCallback((text: string) => setSaid({ ok: false, text }), []);
  const clear = useCallback(() => setSaid(null), []);
  return { said, onDone, onFailed, clear };
}
