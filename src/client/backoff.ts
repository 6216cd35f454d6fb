/**
 * Retry with a backoff that grows geometrically from `first` to `last` ms (contract §7: the fingerprint
 * loader retries up to 5 times, 100 ms to 3000 ms).
 */
export function backoffSchedule(retries: number, first: number, last: number): number[] {
  if (!Number.isInteger(retries) || retries < 0) throw new RangeError(`retries must be a whole number, got ${retries}`);
  if (retries === 0) return [];
  if (retries === 1) return [first];
  const ratio = (last / first) ** (1 / (retries - 1));
  return Array.from({ length: retries }, (_, i) => (i === retries - 1 ? last : Math.round(first * ratio ** i)));
}

/** The fingerprint loader's schedule: [100, 234, 548, 1282, 3000]. */
export const FINGERPRINT_BACKOFF_MS = backoffSchedule(5, 100, 3000);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` once, then once more after each delay until it succeeds; rethrows the last error. */
export async function retryWithBackoff<T>(
  attempt: () => Promise<T>,
  delays: readonly number[],
  sleep: (ms: number) => Promise<void> = wait,
): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delays[i];
      if (delay === undefined) throw error;
      await sleep(delay);
    }
  }
}
