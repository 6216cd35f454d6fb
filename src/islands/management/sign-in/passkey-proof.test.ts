import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../client/api.ts';
import type { PasskeyOptionsResponse } from '../../../domain/staff.ts';
import { PASSKEY_CANCELLED, passkeyProof, type PasskeyDevice, type PasskeyProofCalls } from './passkey-proof.ts';

const ok = <T>(data: T): ApiResult<T> => ({ data, error: null, status: 200, code: null, body: data });
const refused = (error: string, status: number, code: string | null = null): ApiResult<never> => ({
  data: null,
  error,
  status,
  code,
  body: { error, code },
});

function calls(options: ApiResult<PasskeyOptionsResponse>) {
  return {
    ceremony: 'authenticate',
    options: vi.fn(async () => options),
    finish: vi.fn(async (challengeId: string, response: unknown) => ok({ challengeId, response })),
    cancelled: 'Cancelled on this device.',
  } satisfies PasskeyProofCalls<unknown>;
}

describe('passkeyProof', () => {
  it('hands the challenge to the device and its answer to the server', async () => {
    const c = calls(ok<PasskeyOptionsResponse>({ challengeId: 'ch1', options: { challenge: 'abc' } }));
    const device = vi.fn<PasskeyDevice>(async () => ({ id: 'cred' }));
    expect(await passkeyProof(c, device)).toMatchObject({ data: { challengeId: 'ch1', response: { id: 'cred' } } });
    expect(device).toHaveBeenCalledWith('authenticate', { challenge: 'abc' });
  });

  it.each([
    ['no challenge from the server', refused('No passkey here', 409, 'no_passkey')],
    ['no answer at all', refused('Request timed out after 10000 ms', 0)],
  ])('%s: the server’s refusal, and the device is never asked', async (_, answer) => {
    const c = calls(answer);
    const device = vi.fn<PasskeyDevice>();
    expect(await passkeyProof(c, device)).toEqual(answer);
    expect(device).not.toHaveBeenCalled();
    expect(c.finish).not.toHaveBeenCalled();
  });

  it('a prompt cancelled on the device ends it with the caller’s words, and nothing is sent', async () => {
    const c = calls(ok<PasskeyOptionsResponse>({ challengeId: 'ch1', options: { challenge: 'abc' } }));
    const result = await passkeyProof(c, async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    });
    expect(result).toEqual({
      data: null,
      error: 'Cancelled on this device.',
      status: 0,
      code: PASSKEY_CANCELLED,
      body: null,
    });
    expect(c.finish).not.toHaveBeenCalled();
  });
});
