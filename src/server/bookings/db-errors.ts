/** What a Postgres error means for a booking, read from its SQLSTATE and constraint name. */
interface PgError {
  code?: string;
  constraint?: string;
}

const asPg = (error: unknown): PgError => (typeof error === 'object' && error !== null ? (error as PgError) : {});

/** The capacity trigger found no free grooming table (migration 20261122043500). */
export function isCapacityViolation(error: unknown): boolean {
  const e = asPg(error);
  return e.code === '23P01' && e.constraint === 'booking_capacity';
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = asPg(error);
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** Deadlock or serialisation failure: the transaction did nothing and may simply be run again. */
export function isRetryable(error: unknown): boolean {
  const code = asPg(error).code;
  return code === '40P01' || code === '40001';
}
