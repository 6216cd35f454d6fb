import { useEffect, useState } from 'react';
import { useSubmit, type Submit } from '../../forms/use-submit.ts';
import { passkeyProof, type PasskeyProofCalls } from './passkey-proof.ts';

/**
 * Whether this browser can make and use passkeys: known as the page is first drawn (WebAuthn's
 * `PublicKeyCredential`, what the helper itself tests), so a passkey button is never inserted above
 * a form already shown; then confirmed by the WebAuthn helper, loaded now for the first ceremony.
 */
export function usePasskeySupport(): boolean {
  const [supported, setSupported] = useState(() => typeof globalThis.PublicKeyCredential === 'function');
  useEffect(() => {
    void import('@simplewebauthn/browser').then(({ browserSupportsWebAuthn }) =>
      setSupported(browserSupportsWebAuthn()),
    );
  }, []);
  return supported;
}

export interface PasskeyProof<T> extends Pick<Submit, 'busy' | 'problem' | 'clear'> {
  /** Runs the ceremony (once at a time); `onDone` gets the server's answer. */
  prove(onDone: (answer: T) => void): void;
}

/** A passkey ceremony as a submission: sign-in, the fresh proof of a staff change, a new passkey. */
export function usePasskeyProof<T>(calls: PasskeyProofCalls<T>, fallback: string): PasskeyProof<T> {
  const { busy, problem, clear, run } = useSubmit(fallback);
  return { busy, problem, clear, prove: (onDone) => void run(() => passkeyProof(calls), onDone) };
}
