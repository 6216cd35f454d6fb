import { z } from 'zod/mini';
import { BookingIdSchema } from './booking-api-schemas.ts';
import { IsoDateSchema } from './calendar.ts';
import { addDays, daysBetween, instantToZoned } from './london-time.ts';
import type { MoneyKind, MoneyMethod } from './ledger.ts';
import { formatPence } from './money.ts';
import { CursorSchema, PageLimitSchema } from './staff-lists.ts';
import { formulaSafeCell } from './spreadsheet-cells.ts';
import { plainText } from './text.ts';

/**
 * The Finances screen (/management/finances): takings by day, week or month from the ledger
 * (src/domain/ledger.ts: deposits, balances by card, cash or link, no-show fees, refunds and
 * chargebacks, each on the day the money moved), the value of the appointments, promotion usage,
 * the deposits with a refund through Stripe, and the accountant's CSV. Shared by the island and
 * netlify/functions/management-finances.ts (docs/decisions/061-staff-records.md), written in zod/mini
 * so the page loads no classic zod (docs/decisions/054); the function parses its requests through
 * finances-for-server.ts.
 */
export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

/** Two years and a day at most in one request: a year on a year, and a bounded answer. */
export const MAX_RANGE_DAYS = 732;

const RangeFields = { from: IsoDateSchema, to: IsoDateSchema };
const rangeInOrder = (r: { from: string; to: string }) => r.from <= r.to;
const rangeBounded = (r: { from: string; to: string }) => {
  try {
    return daysBetween(r.from, r.to) < MAX_RANGE_DAYS;
  } catch {
    return false;
  }
};
const ORDER = { message: 'The range must end on or after its first day', path: ['to'] };
const BOUNDED = { message: `Please choose at most ${MAX_RANGE_DAYS} days`, path: ['to'] };

export const FinancesQuerySchema = z
  .strictObject({ ...RangeFields, by: z.optional(z.enum(PERIODS)) })
  .check(z.refine(rangeInOrder, ORDER), z.refine(rangeBounded, BOUNDED));
export type FinancesQuery = z.infer<typeof FinancesQuerySchema>;

export const CsvQuerySchema = z
  .strictObject(RangeFields)
  .check(z.refine(rangeInOrder, ORDER), z.refine(rangeBounded, BOUNDED));

export const DepositsQuerySchema = z
  .strictObject({ ...RangeFields, cursor: z.optional(CursorSchema), limit: z.optional(PageLimitSchema) })
  .check(z.refine(rangeInOrder, ORDER), z.refine(rangeBounded, BOUNDED));
export type DepositsQuery = z.infer<typeof DepositsQuerySchema>;

const pence = z.number().check(z.int());
const count = () => z.number().check(z.int(), z.nonnegative());
export const FiguresSchema = z.object({
  /** Deposits taken online. */
  depositsPence: pence,
  /** Deposits, balances and no-show fees given back, and chargebacks net of those won back (a positive sum of money out). */
  refundsPence: pence,
  /** Balances taken in the shop. */
  cardPence: pence,
  cashPence: pence,
  /** Balances the owner paid online by the payment link staff sent (decision 096). */
  linkPence: pence,
  /** No-show fees taken (decision 081). */
  feesPence: pence,
  /**
   * All of the above, dated by the day the money moved: deposits, card, cash, link and fees, less
   * refunds (src/domain/ledger.ts; the columns always add up to it).
   */
  takingsPence: pence,
  /**
   * The value of the period's appointments: confirmed ones that started in it (no-shows left out), at
   * their quote plus the surcharge agreed, whenever their money moved. Not takings.
   */
  appointmentsValuePence: pence,
  /** Confirmed appointments that started in the period (no-shows left out). */
  appointments: count(),
  noShows: count(),
  /** Appointments that had the offer, and what it took off. */
  promotions: z.object({ count: count(), pence }),
});
export type Figures = z.infer<typeof FiguresSchema>;

export const FinancePeriodSchema = z.extend(FiguresSchema, { start: IsoDateSchema, label: z.string() });
export type FinancePeriod = z.infer<typeof FinancePeriodSchema>;

export const FinancesResponseSchema = z.object({
  from: IsoDateSchema,
  to: IsoDateSchema,
  by: z.enum(PERIODS),
  timeZone: z.string(),
  periods: z.array(FinancePeriodSchema),
  totals: FiguresSchema,
  /** Whether refunds can go through Stripe from here. */
  onlinePayments: z.boolean(),
});
export type FinancesResponse = z.infer<typeof FinancesResponseSchema>;

export const DepositSchema = z.object({
  bookingId: BookingIdSchema,
  customerId: z.string(),
  /** The customer's name, or "Erased". */
  customerName: z.string(),
  service: z.string(),
  start: z.iso.datetime({ offset: true }),
  status: z.enum(['pending_payment', 'confirmed', 'cancelled', 'expired']),
  paidAt: z.iso.datetime({ offset: true }),
  paidPence: pence,
  refundedPence: pence,
  /** Recorded as owed and not yet confirmed by Stripe. */
  refundDuePence: pence,
  /** What a staff refund may give back now: zero once a refund has been made or is on its way. */
  refundablePence: pence,
  refundReason: z.nullable(z.string()),
});
export type Deposit = z.infer<typeof DepositSchema>;

export const DepositsResponseSchema = z.object({
  deposits: z.array(DepositSchema),
  nextCursor: z.nullable(CursorSchema),
});
export type DepositsResponse = z.infer<typeof DepositsResponseSchema>;

export const RefundRequestSchema = z.strictObject({
  bookingId: BookingIdSchema,
  /** Less than the whole deposit (a fee kept); the whole deposit when not given. */
  amountPence: z.optional(z.number().check(z.int('Please give whole pence'), z.minimum(1), z.maximum(1_000_000))),
  reason: plainText(1, 180, { label: 'the reason' }),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const RefundResponseSchema = z.object({
  outcome: z.enum(['refunded', 'owed']),
  bookingId: BookingIdSchema,
  amountPence: pence,
  message: z.string(),
});
export type RefundResponse = z.infer<typeof RefundResponseSchema>;

export const EMPTY_FIGURES: Figures = Object.freeze({
  depositsPence: 0,
  refundsPence: 0,
  cardPence: 0,
  cashPence: 0,
  linkPence: 0,
  feesPence: 0,
  takingsPence: 0,
  appointmentsValuePence: 0,
  appointments: 0,
  noShows: 0,
  promotions: { count: 0, pence: 0 },
}) as Figures;

/** The first day of the period `date` is in: itself, its week's Monday, or the 1st of its month. */
export function periodStartOf(date: string, by: Period): string {
  if (by === 'day') return date;
  if (by === 'month') return `${date.slice(0, 8)}01`;
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Every period that touches from–to, in order (the screen shows empty ones too). */
export function periodsBetween(from: string, to: string, by: Period): string[] {
  const starts: string[] = [];
  for (let start = periodStartOf(from, by); start <= to;) {
    starts.push(start);
    if (by === 'day') start = addDays(start, 1);
    else if (by === 'week') start = addDays(start, 7);
    else {
      const [y, m] = start.split('-').map(Number) as [number, number];
      start = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return starts;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Mon 23 Nov", "Week of 23 Nov", "November 2026". */
export function periodLabel(start: string, by: Period): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const short = `${d} ${MONTHS[m - 1]!.slice(0, 3)}`;
  if (by === 'month') return `${MONTHS[m - 1]} ${y}`;
  if (by === 'week') return `Week of ${short}`;
  return `${DAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${short}`;
}

export function addFigures(a: Figures, b: Figures): Figures {
  return {
    depositsPence: a.depositsPence + b.depositsPence,
    refundsPence: a.refundsPence + b.refundsPence,
    cardPence: a.cardPence + b.cardPence,
    cashPence: a.cashPence + b.cashPence,
    linkPence: a.linkPence + b.linkPence,
    feesPence: a.feesPence + b.feesPence,
    takingsPence: a.takingsPence + b.takingsPence,
    appointmentsValuePence: a.appointmentsValuePence + b.appointmentsValuePence,
    appointments: a.appointments + b.appointments,
    noShows: a.noShows + b.noShows,
    promotions: { count: a.promotions.count + b.promotions.count, pence: a.promotions.pence + b.promotions.pence },
  };
}

// ---- the accountant's CSV --------------------------------------------------------------------------

export interface MoneyMovement {
  at: Date;
  bookingId: string;
  kind: MoneyKind;
  method: MoneyMethod;
  pence: number;
  appointment: Date;
  service: string;
  customer: string;
  stripePayment: string | null;
  /** What its booking was quoted, extras in and the offer off: what the shop expects in all. */
  quotedPence?: number;
  /** Its booking's extras as booked (decision 080). */
  extras?: readonly { title: string; pricePence: number }[];
  /** The surcharge the owner agreed to at check-in (decision 091): part of what the shop expects. */
  surchargePence?: number;
}

export const CSV_COLUMNS = [
  'Date',
  'Time',
  'Type',
  'Method',
  'Amount (GBP)',
  'Booking',
  'Appointment',
  'Service',
  'Customer',
  'Stripe payment',
  'Quoted (GBP)',
  'Extras',
  'Extras (GBP)',
  'Surcharge agreed (GBP)',
] as const;

const TYPE_NAMES: Record<MoneyMovement['kind'], string> = {
  deposit: 'Deposit',
  refund: 'Deposit refund',
  balance: 'Balance',
  balance_refund: 'Balance refund',
  fee: 'No-show fee',
  fee_refund: 'No-show fee refund',
  chargeback: 'Chargeback',
  chargeback_reversal: 'Chargeback won back',
};

/** Refunds whose positive row is the refund failing and the money coming back. */
const MONEY_BACK_KINDS: ReadonlySet<MoneyKind> = new Set(['refund', 'balance_refund', 'fee_refund', 'chargeback']);

const METHOD_NAMES: Record<MoneyMovement['method'], string> = {
  online: 'Online (Stripe)',
  link: 'Payment link (Stripe)',
  card: 'Card in shop',
  cash: 'Cash',
};

/**
 * One line of the CSV. The amount stays a number (pence, written as pounds by the CSV writer), so
 * a refund's minus sign is a number's and not the start of a formula. Every text cell is made
 * formula-safe here for any separator a spreadsheet may read (spreadsheet-cells.ts), since names
 * and titles come from outside; the writer's escape_formulas stays as a second guard.
 */
export function csvRecord(m: MoneyMovement, timeZone: string): (string | number)[] {
  const at = instantToZoned(m.at, timeZone);
  const appointment = instantToZoned(m.appointment, timeZone);
  const extras = m.extras ?? [];
  return [
    at.date,
    at.time,
    m.kind === 'balance' && m.pence < 0
      ? 'Balance correction'
      : MONEY_BACK_KINDS.has(m.kind) && m.kind !== 'chargeback_reversal' && m.pence > 0
        ? `${TYPE_NAMES[m.kind]} failed`
        : TYPE_NAMES[m.kind],
    METHOD_NAMES[m.method],
    m.pence,
    m.bookingId,
    `${appointment.date} ${appointment.time}`,
    m.service,
    m.customer,
    m.stripePayment ?? '',
    m.quotedPence ?? '',
    extras.map((e) => `${e.title} ${formatPence(e.pricePence)}`).join('; '),
    extras.reduce((sum, e) => sum + e.pricePence, 0),
    m.surchargePence ?? 0,
  ].map((cell) => (typeof cell === 'string' ? formulaSafeCell(cell) : cell));
}

export function csvFileName(from: string, to: string): string {
  return `leyton-dog-grooming-takings-${from}-to-${to}.csv`;
}
