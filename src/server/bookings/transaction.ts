import { transaction, type Tx } from '../db.ts';
import { isRetryable } from './db-errors.ts';

/**
 * A booking transaction, run again (a few times) when Postgres aborts it for a deadlock: two
 * claims of overlapping times can wait on each other's seats, and Postgres then picks a victim
 * whose work is rolled back whole. Retrying is the documented remedy; nothing was written.
 */
export async function bookingTransaction<T>(work: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
