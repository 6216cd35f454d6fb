import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../client/api.ts';
import { retry } from './retry.ts';

const answers = (...results: Array<ApiResult<number>>) => {
  let i = 0;
  const calls: number[] = [];
  return { calls, call: async () => { calls.push(i); return results[Math.min(i++, results.length - 1)]!; } };
};
const ok: ApiResult<number> = { data: 1, error: null, status: 200 };
const timeout: ApiResult<number> = { data: null, error: 'Request timed out after 10 ms', status: 0 };
const server: ApiResult<number> = { data: null, error: 'oops', status: 503 };
const bad: ApiResult<number> = { data: null, error: 'bad', status: 400 };

describe('retry', () => {
  it.each([
    ['succeeds at once', [ok], 1, ok],
    ['asks again after a timeout', [timeout, ok], 2, ok],
    ['asks again after a 5xx', [server, server, ok], 3, ok],
    ['gives up after three tries', [timeout, timeout, timeout, ok], 3, timeout],
    ['takes a 4xx as final', [bad, ok], 1, bad],
  ] as const)('%s', async (_name, results, calls, final) => {
    const fake = answers(...results);
    expect(await retry(fake.call)).toEqual(final);
    expect(fake.calls).toHaveLength(calls);
  });
});
