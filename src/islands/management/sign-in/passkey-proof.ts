import type { ApiResult } from '../../../client/api.ts';
import type { PasskeyOptionsResponse } from '../../../domain/staff.ts';

/**
 * One passkey ceremony, as signing in, proving it is you again (docs/decisions/070) and adding a
 * passkey all run it: the server's challenge, the device's prompt, the device's answer back to the
 * server. A prompt cancelled or refused by the device ends it with `cancelled`, said as the
 * server's own refusals are, so the caller shows one kind of problem.
 */
export type PasskeyCeremony = 'authenticate' | 'register';

export interface PasskeyProofCalls<T> {
  /** A signature with a passkey the member has, or a new passkey made on this device. */
  ceremony: PasskeyCeremony;
  /** Asks the server for a challenge. */
  options(): Promise<ApiResult<PasskeyOptionsResponse>>;
  /** Hands the device's answer to the server. */
  finish(challengeId: string, response: unknown): Promise<ApiResult<T>>;
  /** What to say when the device's prompt was cancelled or failed. */
  cancelled: string;
}

/** The code of a ceremony the device did not complete (no server was asked to finish it). */
export const PASSKEY_CANCELLED = 'passkey_cancelled';

/** The device's side: the browser's WebAuthn prompt, loaded only when a passkey is used. */
export type PasskeyDevice = (ceremony: PasskeyCeremony, options: unknown) => Promise<unknown>;

const browserDevice: PasskeyDevice = async (ceremony, options) => {
  const { startAuthentication, startRegistration } = await import('@simplewebauthn/browser');
  return ceremony === 'register'
    ? startRegistration({ optionsJSON: options as never })
    : startAuthentication({ optionsJSON: options as never });
};

export async function passkeyProof<T>(
  calls: PasskeyProofCalls<T>,
  device: PasskeyDevice = browserDevice,
): Promise<ApiResult<T>> {
  const options = await calls.options();
  if (!options.data) return { ...options, data: null };
  let response: unknown;
  try {
    response = await device(calls.ceremony, options.data.options);
  } catch {
    return { data: null, error: calls.cancelled, status: 0, code: PASSKEY_CANCELLED, body: null };
  }
  return calls.finish(options.data.challengeId, response);
}
