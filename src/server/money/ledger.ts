import {
  bookingMoney,
  counterCorrection,
  type BookingMoney,
  type LedgerRow,
  type MoneyKind,
  type MoneyMethod,
} from '../../domain/ledger.ts';
import type { Tx } from '../db.ts';

/**
 * The ledger (docs/decisions/100-one-ledger-for-money.md): the one writer of money_movements and the
 * readers every report uses. Whoever moves money calls recordMoney in the transaction that moves it;
 * nothing else writes the table (tests/integration/money-ledger.test.ts looks for other writers).
 */
export interface MoneyMove {
  bookingId: string;
  kind: MoneyKind;
  method: MoneyMethod;
  /** Signed: money in positive, out negative; a zero writes nothing. */
  pence: number;
  /** When the money moved: what dates it in the takings. */
  at: Date;
  /** The Stripe object it moved by (pi_, re_, dp_, cs_): a second row for it, kind and way is refused. */
  stripeRef?: string | null;
  /** The member of staff who took it at the counter. */
  createdBy?: string | null;
}

/**
 * Writes one row of money; false when there was nothing to write (zero) or Stripe's object was
 * recorded already for this kind and way (a replayed or repeated event).
 */
export async function recordMoney(tx: Tx, move: MoneyMove): Promise<boolean> {
  if (!Number.isInteger(move.pence)) throw new RangeError(`recordMoney: pence must be whole, got ${move.pence}`);
  if (move.pence === 0) return false;
  const { rows } = await tx.query(
    `INSERT INTO money_movements (booking_id, kind, method, pence, at, stripe_ref, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (stripe_ref, kind, (pence > 0)) WHERE stripe_ref IS NOT NULL DO NOTHING
     RETURNING id`,
    [move.bookingId, move.kind, move.method, move.pence, move.at, move.stripeRef ?? null, move.createdBy ?? null],
  );
  return rows.length > 0;
}

/**
 * The counter's balance (card or cash) as staff now say it was taken, or none: the ledger is brought
 * to it by reversing what stands and writing the new figure (src/domain/ledger.ts counterCorrection).
 * A balance paid by link is Stripe's and is never touched here.
 */
export async function recordCounterBalance(
  tx: Tx,
  bookingId: string,
  taken: { method: 'card' | 'cash'; pence: number } | null,
  now: Date,
  createdBy: string | null,
): Promise<void> {
  const { rows: standing } = await tx.query<{ method: 'card' | 'cash'; pence: number; at: Date }>(
    `SELECT method, sum(pence)::int AS pence, max(at) FILTER (WHERE pence > 0) AS at
       FROM money_movements WHERE booking_id = $1 AND kind = 'balance' AND method IN ('card', 'cash')
      GROUP BY method`,
    [bookingId],
  );
  for (const row of counterCorrection(
    standing.map((s) => ({ ...s, at: s.at ?? now })),
    taken,
    now,
  ))
    await recordMoney(tx, { bookingId, kind: 'balance', ...row, createdBy });
}

/**
 * A refund of a balance paid by link (in Stripe's Dashboard: the site makes none), counted once by
 * the refund's id: money out while it is pending or made, back in if it then fails.
 */
export async function recordLinkRefund(
  tx: Tx,
  bookingId: string,
  refund: { id: string; pence: number; status: string },
  now: Date,
): Promise<'balance_refund_recorded' | 'balance_refund_known'> {
  const failed = refund.status === 'failed' || refund.status === 'canceled';
  if (!failed) {
    const written = await recordMoney(tx, {
      bookingId,
      kind: 'balance_refund',
      method: 'link',
      pence: -refund.pence,
      at: now,
      stripeRef: refund.id,
    });
    return written ? 'balance_refund_recorded' : 'balance_refund_known';
  }
  const {
    rows: [out],
  } = await tx.query<{ pence: number }>(
    `SELECT -pence AS pence FROM money_movements WHERE stripe_ref = $1 AND kind = 'balance_refund' AND pence < 0`,
    [refund.id],
  );
  if (!out) return 'balance_refund_known';
  const written = await recordMoney(tx, {
    bookingId,
    kind: 'balance_refund',
    method: 'link',
    pence: out.pence,
    at: now,
    stripeRef: refund.id,
  });
  return written ? 'balance_refund_recorded' : 'balance_refund_known';
}

/** How a booking's first payment of a kind came (a fee refund goes back the way the fee came). */
export async function paidMethod(tx: Tx, bookingId: string, kind: MoneyKind): Promise<MoneyMethod> {
  const { rows } = await tx.query<{ method: MoneyMethod }>(
    'SELECT method FROM money_movements WHERE booking_id = $1 AND kind = $2 AND pence > 0 ORDER BY at, id LIMIT 1',
    [bookingId, kind],
  );
  return rows[0]?.method ?? 'online';
}

/** The booking a payment link's payment belongs to (decision 096), or null when it is not a link's. */
export async function bookingOfLinkPayment(tx: Tx, paymentIntent: string | null): Promise<string | null> {
  if (!paymentIntent) return null;
  const { rows } = await tx.query<{ booking_id: string }>(
    `SELECT booking_id FROM balance_links WHERE payment_intent = $1 AND status = 'paid' LIMIT 1`,
    [paymentIntent],
  );
  return rows[0]?.booking_id ?? null;
}

// ---- readers ----------------------------------------------------------------------------------------

/** A booking's rows, oldest first, as JSON [{kind, method, pence}], for a query aliasing bookings as `alias`. */
export const bookingRowsSql = (alias = 'b') => `(
  SELECT coalesce(json_agg(json_build_object('kind', m.kind, 'method', m.method, 'pence', m.pence) ORDER BY m.at, m.id), '[]'::json)
    FROM money_movements m WHERE m.booking_id = ${alias}.id)`;

/** The surcharge the owner agreed to at check-in (decision 091), for a query aliasing bookings as `alias`. */
export const agreedSurchargeSql = (alias = 'b') =>
  `coalesce((SELECT ci.surcharge_pence FROM check_ins ci WHERE ci.booking_id = ${alias}.id AND ci.consented_at IS NOT NULL), 0)`;

/** What a booking is priced at: its quote's total (extras in, the offer off) and any surcharge agreed. */
export const quotedSql = (alias = 'b') =>
  `coalesce((${alias}.quote ->> 'totalFromPence')::int, ${alias}.price_from_pence)`;

/**
 * A booking's money as its owner and the staff see it: the booking's own rows, or, for a booking of
 * several dogs (decision 082), every dog's together, as the owner's page shows one booking.
 */
export async function bookingMoneyOf(tx: Tx, bookingId: string): Promise<BookingMoney | null> {
  const { rows } = await tx.query<{
    status: 'pending_payment' | 'confirmed' | 'cancelled' | 'expired';
    attendance: 'arrived' | 'completed' | 'no_show' | null;
    quoted: number;
    surcharge: number;
    refund_due: number;
    rows: LedgerRow[];
  }>(
    `SELECT b.status, b.attendance, ${quotedSql()} AS quoted, ${agreedSurchargeSql()} AS surcharge,
            b.refund_due_pence AS refund_due, ${bookingRowsSql()} AS rows
       FROM bookings b
      WHERE b.id = $1 OR (b.party_id IS NOT NULL AND b.party_id = (SELECT p.party_id FROM bookings p WHERE p.id = $1))
      ORDER BY b.id = b.party_id DESC, b.start_at, b.id`,
    [bookingId],
  );
  const first = rows[0];
  if (!first) return null;
  const every = rows.filter((r) => r.status === first.status);
  // A party completes dog by dog: the booking is completed once every dog is.
  const attendance = every.every((r) => r.attendance === first.attendance) ? first.attendance : 'arrived';
  return bookingMoney({
    status: first.status,
    attendance: every.every((r) => r.attendance === 'no_show') ? 'no_show' : attendance,
    quotedPence: every.reduce((sum, r) => sum + r.quoted, 0),
    surchargePence: every.reduce((sum, r) => sum + r.surcharge, 0),
    refundDuePence: rows.reduce((sum, r) => sum + r.refund_due, 0),
    rows: rows.flatMap((r) => r.rows),
  });
}

/** Rows between two instants, summed by the period (day, week or month in `timeZone`) they moved in. */
export async function takingsByPeriod(
  tx: Tx,
  range: { start: Date; end: Date; timeZone: string; by: 'day' | 'week' | 'month' },
): Promise<(LedgerRow & { period: string })[]> {
  const { rows } = await tx.query<LedgerRow & { period: string }>(
    `SELECT to_char(date_trunc($4, m.at AT TIME ZONE $3), 'YYYY-MM-DD') AS period, m.kind, m.method, sum(m.pence)::int AS pence
       FROM money_movements m WHERE m.at >= $1 AND m.at < $2 GROUP BY 1, 2, 3`,
    [range.start, range.end, range.timeZone, range.by],
  );
  return rows;
}

/**
 * The value of the appointments that start in each period: confirmed ones that were not no-shows,
 * at their quote plus the surcharge agreed, whenever (and whether) their money moved.
 */
export async function appointmentsValueByPeriod(
  tx: Tx,
  range: { start: Date; end: Date; timeZone: string; by: 'day' | 'week' | 'month' },
): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ period: string; pence: number }>(
    `SELECT to_char(date_trunc($4, b.start_at AT TIME ZONE $3), 'YYYY-MM-DD') AS period,
            sum(${quotedSql()} + ${agreedSurchargeSql()})::int AS pence
       FROM bookings b
      WHERE b.status = 'confirmed' AND b.attendance IS DISTINCT FROM 'no_show' AND b.start_at >= $1 AND b.start_at < $2
      GROUP BY 1`,
    [range.start, range.end, range.timeZone, range.by],
  );
  return new Map(rows.map((r) => [r.period, r.pence]));
}

/** Every row between two instants with what the accountant's CSV says of its booking, in order. */
export async function ledgerRowsBetween(
  tx: Tx,
  start: Date,
  end: Date,
  extraColumns: string,
  joins: string,
): Promise<(LedgerRow & { at: Date; booking_id: string; stripe_ref: string | null } & Record<string, unknown>)[]> {
  const { rows } = await tx.query(
    `SELECT m.at, m.booking_id, m.kind, m.method, m.pence, m.stripe_ref${extraColumns ? `, ${extraColumns}` : ''}
       FROM money_movements m JOIN bookings b ON b.id = m.booking_id ${joins}
      WHERE m.at >= $1 AND m.at < $2 ORDER BY m.at, m.id`,
    [start, end],
  );
  return rows;
}

/** What a booking's rows come to, for a query aliasing bookings as `alias`. */
export const bookingNetSql = (alias = 'b') =>
  `coalesce((SELECT sum(m.pence) FROM money_movements m WHERE m.booking_id = ${alias}.id), 0)`;

/** What a booking's rows come to, less any refund owed, for a query aliasing bookings as `alias`. */
export const netOfBookingSql = (alias = 'b') =>
  `(coalesce((SELECT sum(m.pence) FROM money_movements m WHERE m.booking_id = ${alias}.id), 0) - ${alias}.refund_due_pence)`;

/** The deposit a booking's rows hold (paid less refunded), less any refund owed, for `alias`. */
export const depositHeldSql = (alias = 'b') =>
  `(coalesce((SELECT sum(m.pence) FROM money_movements m WHERE m.booking_id = ${alias}.id AND m.kind IN ('deposit', 'refund')), 0) - ${alias}.refund_due_pence)`;
