import { stringify } from 'csv-stringify/sync';
import {
  addFigures,
  CSV_COLUMNS,
  csvRecord,
  EMPTY_FIGURES,
  periodLabel,
  periodsBetween,
  type Deposit,
  type DepositsQuery,
  type DepositsResponse,
  type Figures,
  type FinancesQuery,
  type FinancesResponse,
  type MoneyMovement,
  type RefundRequest,
  type RefundResponse,
} from '../domain/finances.ts';
import { addDays, zonedDateTimeToInstant } from '../domain/london-time.ts';
import { takingsOf } from '../domain/ledger.ts';
import { formatPence, poundsFromPence } from '../domain/money.ts';
import { DEFAULT_PAGE_LIMIT } from '../domain/staff-lists.ts';
import type { BookedExtra } from '../domain/booking-api-schemas.ts';
import { audit } from './audit.ts';
import { BOOKED_EXTRAS_SQL } from './bookings/view.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { db, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import {
  agreedSurchargeSql,
  appointmentsValueByPeriod,
  ledgerRowsBetween,
  quotedSql,
  takingsByPeriod,
} from './money/ledger.ts';
import { settleRefund } from './payments/settle.ts';
import { stripeClient } from './payments/stripe.ts';
import { loadBookingSettings } from './settings.ts';
import type { StaffMember } from './staff.ts';

/**
 * The Finances screen (docs/decisions/061-staff-records.md, 100-one-ledger-for-money.md). Money comes
 * from the ledger (src/server/money/ledger.ts), each row on the day it moved; the appointments, their
 * value and the promotion from the bookings that started in the period. Days are London days.
 */

/** The instants of a London date range: from the first day's midnight to the midnight after the last. */
function instants(from: string, to: string, timeZone: string): [Date, Date] {
  return [zonedDateTimeToInstant(from, '00:00', timeZone), zonedDateTimeToInstant(addDays(to, 1), '00:00', timeZone)];
}

export async function financeReport(query: FinancesQuery, tx: Tx = db()): Promise<FinancesResponse> {
  const by = query.by ?? 'day';
  const { timeZone } = await loadBookingSettings(tx);
  const [start, end] = instants(query.from, query.to, timeZone);
  const range = { start, end, timeZone, by };
  const money = await takingsByPeriod(tx, range);
  const value = await appointmentsValueByPeriod(tx, range);
  const { rows: visits } = await tx.query<{
    period: string;
    appointments: number;
    no_shows: number;
    promotions: number;
    promotion_pence: number;
  }>(
    `SELECT to_char(date_trunc($4, b.start_at AT TIME ZONE $3), 'YYYY-MM-DD') AS period,
            count(*) FILTER (WHERE b.attendance IS DISTINCT FROM 'no_show')::int AS appointments,
            count(*) FILTER (WHERE b.attendance = 'no_show')::int AS no_shows,
            count(*) FILTER (WHERE b.promotion_pence > 0)::int AS promotions,
            coalesce(sum(b.promotion_pence), 0)::int AS promotion_pence
       FROM bookings b WHERE b.status = 'confirmed' AND b.start_at >= $1 AND b.start_at < $2 GROUP BY 1`,
    [start, end, timeZone, by],
  );
  const counts = new Map(visits.map((v) => [v.period, v]));
  const periods = periodsBetween(query.from, query.to, by).map((s) => {
    const v = counts.get(s);
    return {
      start: s,
      label: periodLabel(s, by),
      ...takingsOf(money.filter((m) => m.period === s)),
      appointmentsValuePence: value.get(s) ?? 0,
      appointments: v?.appointments ?? 0,
      noShows: v?.no_shows ?? 0,
      promotions: { count: v?.promotions ?? 0, pence: v?.promotion_pence ?? 0 },
    };
  });
  return {
    from: query.from,
    to: query.to,
    by,
    timeZone,
    periods,
    totals: periods.reduce<Figures>((sum, p) => addFigures(sum, p), EMPTY_FIGURES),
    onlinePayments: stripeClient() !== null,
  };
}

/** Deposits paid in the range, newest first, with what a staff refund may still give back. */
export async function listDeposits(query: DepositsQuery, tx: Tx = db()): Promise<DepositsResponse> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const { timeZone } = await loadBookingSettings(tx);
  const [start, end] = instants(query.from, query.to, timeZone);
  const after = decodeCursor(query.cursor, ['number', 'string']);
  const { rows } = await tx.query<{
    id: string;
    customer_id: string;
    name: string;
    title: string;
    start_at: Date;
    status: Deposit['status'];
    paid_at: Date;
    deposit_paid_pence: number;
    deposit_refunded_pence: number;
    refund_due_pence: number;
    refund_reason: string | null;
    online: boolean;
    refund_failed_pence: number;
  }>(
    `SELECT b.id, b.customer_id, coalesce(c.name, b.contact_name) AS name, s.title, b.start_at, b.status, paid.at AS paid_at,
            b.deposit_paid_pence, b.deposit_refunded_pence, b.refund_due_pence, b.refund_reason, b.stripe_payment_intent IS NOT NULL AS online,
            b.refund_failed_pence
       FROM (SELECT booking_id, min(at) AS at FROM money_movements WHERE kind = 'deposit' AND at >= $1 AND at < $2 GROUP BY booking_id) paid
       JOIN bookings b ON b.id = paid.booking_id
       JOIN customers c ON c.id = b.customer_id
       JOIN booking_types s ON s.id = b.service_id
      WHERE $3::bigint IS NULL OR (paid.at, b.id) < (to_timestamp($3::bigint / 1000.0), $4)
      ORDER BY paid.at DESC, b.id DESC LIMIT $5`,
    [start, end, after?.[0] ?? null, after?.[1] ?? '', limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    deposits: page.map((r) => ({
      bookingId: r.id,
      customerId: r.customer_id,
      customerName: r.name,
      service: r.title,
      start: r.start_at.toISOString(),
      status: r.status,
      paidAt: r.paid_at.toISOString(),
      paidPence: r.deposit_paid_pence,
      refundedPence: r.deposit_refunded_pence,
      refundDuePence: r.refund_due_pence,
      refundablePence: refundable(r),
      refundReason: r.refund_reason,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.paid_at.getTime(), last.id]) : null,
  };
}

/**
 * One refund per booking (Stripe's idempotency key is `refund-<booking>`, decision 051): a deposit
 * paid online, nothing refunded or owed yet, and no refund that failed (the key would replay the
 * failure; staff pay that customer back by hand, decision 064).
 */
function refundable(b: {
  deposit_paid_pence: number;
  deposit_refunded_pence: number;
  refund_due_pence: number;
  refund_failed_pence: number;
  online: boolean;
}): number {
  return b.online && b.deposit_refunded_pence === 0 && b.refund_due_pence === 0 && b.refund_failed_pence === 0
    ? b.deposit_paid_pence
    : 0;
}

/**
 * A refund staff give: recorded as owed, with its audit row, in one transaction; made through
 * Stripe after the commit by settleRefund (decision 051). Stripe failing leaves it owed, and the
 * reconciler (settle-payments, every five minutes) makes it.
 */
export async function refundDeposit(
  staff: StaffMember,
  request: RefundRequest,
  now = new Date(),
): Promise<{ status: number; body: RefundResponse }> {
  const stripe = stripeClient();
  if (!stripe)
    throw new HttpError(409, 'Online payments are not set up on this site, so nothing was paid through it to refund.', {
      code: 'payment_unavailable',
    });
  const amount = await transaction(async (tx) => {
    const {
      rows: [b],
    } = await tx.query<{
      deposit_paid_pence: number;
      deposit_refunded_pence: number;
      refund_due_pence: number;
      refund_failed_pence: number;
      online: boolean;
    }>(
      `SELECT deposit_paid_pence, deposit_refunded_pence, refund_due_pence, refund_failed_pence,
              stripe_payment_intent IS NOT NULL AS online
         FROM bookings WHERE id = $1 FOR UPDATE`,
      [request.bookingId],
    );
    if (!b) throw new HttpError(404, 'There is no such booking.', { code: 'not_found' });
    if (!b.online || b.deposit_paid_pence === 0)
      throw new HttpError(409, 'No deposit was paid online for this booking.', { code: 'no_deposit' });
    if (refundable(b) === 0)
      throw new HttpError(409, 'This deposit has already been refunded, or a refund is on its way.', {
        code: 'already_refunded',
      });
    const pence = request.amountPence ?? b.deposit_paid_pence;
    if (pence > b.deposit_paid_pence)
      throw new HttpError(400, `At most the deposit paid, ${formatPence(b.deposit_paid_pence)}, can be refunded.`, {
        code: 'invalid',
      });
    await tx.query('UPDATE bookings SET refund_due_pence = $2, refund_reason = $3, updated_at = $4 WHERE id = $1', [
      request.bookingId,
      pence,
      `staff: ${request.reason}`,
      now,
    ]);
    await audit(tx, staff, 'booking.refund', 'booking', request.bookingId, {
      before: { depositPaidPence: b.deposit_paid_pence, depositRefundedPence: b.deposit_refunded_pence },
      after: { refundDuePence: pence, reason: request.reason },
    });
    return pence;
  });
  const outcome = await settleRefund(stripe, request.bookingId, now);
  if (outcome === 'refunded' || outcome === 'nothing_due') {
    return {
      status: 200,
      body: {
        outcome: 'refunded',
        bookingId: request.bookingId,
        amountPence: amount,
        message: `${formatPence(amount)} refunded to the card it was paid with.`,
      },
    };
  }
  return {
    status: 202,
    body: {
      outcome: 'owed',
      bookingId: request.bookingId,
      amountPence: amount,
      message: `Stripe did not take the refund just now. ${formatPence(amount)} is recorded as owed and will be tried again within five minutes.`,
    },
  };
}

/** The ledger's rows of a range as CSV for the accountant: formula-safe, UTF-8 with a byte order mark for Excel. */
export async function takingsCsv(from: string, to: string, tx: Tx = db()): Promise<string> {
  const { timeZone } = await loadBookingSettings(tx);
  const [start, end] = instants(from, to, timeZone);
  const rows = (await ledgerRowsBetween(
    tx,
    start,
    end,
    `b.start_at, s.title, coalesce(c.name, b.contact_name) AS customer, b.stripe_payment_intent,
     ${quotedSql()} AS quoted_pence, ${agreedSurchargeSql()} AS surcharge_pence, ${BOOKED_EXTRAS_SQL} AS extras,
     f.payment_intent AS fee_payment_intent`,
    `JOIN booking_types s ON s.id = b.service_id JOIN customers c ON c.id = b.customer_id
     LEFT JOIN no_show_fees f ON f.booking_id = m.booking_id`,
  )) as unknown as {
    at: Date;
    booking_id: string;
    kind: MoneyMovement['kind'];
    method: MoneyMovement['method'];
    pence: number;
    stripe_ref: string | null;
    start_at: Date;
    title: string;
    customer: string;
    stripe_payment_intent: string | null;
    fee_payment_intent: string | null;
    quoted_pence: number;
    surcharge_pence: number;
    extras: BookedExtra[];
  }[];
  const records = rows.map((r) =>
    csvRecord(
      {
        at: r.at,
        bookingId: r.booking_id,
        kind: r.kind,
        method: r.method,
        pence: r.pence,
        appointment: r.start_at,
        service: r.title,
        customer: r.customer,
        // The Stripe payment the money belongs to (a refund: the payment it gave back; a chargeback: its dispute).
        stripePayment:
          r.kind === 'deposit' || r.kind === 'refund'
            ? (r.stripe_payment_intent ?? r.stripe_ref)
            : r.kind === 'fee' || r.kind === 'fee_refund'
              ? (r.fee_payment_intent ?? r.stripe_ref)
              : r.stripe_ref,
        quotedPence: r.quoted_pence,
        extras: r.extras,
        surchargePence: r.surcharge_pence,
      },
      timeZone,
    ),
  );
  return stringify(records, {
    header: true,
    columns: [...CSV_COLUMNS],
    bom: true,
    escape_formulas: true,
    record_delimiter: 'windows',
    // Amounts are the only numbers: pence in, pounds out ("-10.00"), kept numbers so '-' is not escaped.
    cast: { number: (value) => poundsFromPence(value) },
  });
}
