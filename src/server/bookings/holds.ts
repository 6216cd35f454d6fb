/**
 * The lapse of an unpaid hold (src/domain/holds.ts) as SQL conditions on a `bookings` row (`alias`
 * when the query names the table), `now` the query's parameter for the instant (`$1`…). The literal
 * status keeps the partial index `bookings_hold_expiry_idx` in use. holds.test.ts runs these and the
 * domain's isLiveHold/isLapsedHold on the same table of cases.
 */
const col = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

export const liveHoldSql = (now: string, alias?: string): string =>
  `(${col(alias, 'status')} = 'pending_payment' AND ${col(alias, 'hold_expires_at')} > ${now})`;

export const lapsedHoldSql = (now: string, alias?: string): string =>
  `(${col(alias, 'status')} = 'pending_payment' AND ${col(alias, 'hold_expires_at')} <= ${now})`;
