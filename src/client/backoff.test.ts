import { describe, expect, it } from 'vitest';
import { backoffSchedule, FINGERPRINT_BACKOFF_MS, retryWithBackoff } from './backoff.ts';

describe('backoffSchedule', () => {
  it('retries 5 times from 100 ms to 3000 ms for the fingerprint loader (contract §7)', () => {
    expect(FINGERPRINT_BACKOFF_MS).toEqual([100, 234, 548, 1282, 3000]);
  });

  it.each([
    [0, 100, 3000, []],
    [1, 100, 3000, [100]],
    [2, 100, 3000, [100, 3000]],
    [3, 100, 400, [100, 200, 400]],
  ])('%i retries from %i to %i', (retries, first, last, expected) => {
    expect(backoffSchedule(retries, first, last)).toEqual(expected);
  });

  it('grows monotonically', () => {
    const schedule = backoffSchedule(8, 50, 5000);
    for (let i = 1; i < schedule.length; i++) expect(schedule[i]!).toBeGreaterThan(schedule[i - 1]!);
  });

  it('refuses a negative or fractional count', () => {
    expect(() => backoffSchedule(-1, 1, 2)).toThrow(RangeError);
    expect(() => backoffSchedule(1.5, 1, 2)).toThrow(RangeError);
  });
});

describe('retryWithBackoff', () => {
  const recordSleeps = () => {
    const slept: number[] = [];
    return { slept, sleep: async (ms: number) => void slept.push(ms) };
  };

  it('returns the first success and sleeps only between failures', async () => {
    const { slept, sleep } = recordSleeps();
    let calls = 0;
    const result = await retryWithBackoff(
      async () => {
        calls++;
        if (calls < 3) throw new Error(`fail ${calls}`);
        return 'ok';
      },
      FINGERPRINT_BACKOFF_MS,
      sleep,
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(slept).toEqual([100, 234]);
  });

  it('gives up after one try plus one retry per delay, with the last error', async () => {
    const { slept, sleep } = recordSleeps();
    let calls = 0;
    await expect(
      retryWithBackoff(
        async () => {
          calls++;
          throw new Error(`fail ${calls}`);
        },
        FINGERPRINT_BACKOFF_MS,
        sleep,
      ),
    ).rejects.toThrow('fail 6');
    expect(calls).toBe(6);
    expect(slept).toEqual(FINGERPRINT_BACKOFF_MS);
  });
});
