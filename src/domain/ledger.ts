import { z } from 'zod/mini';
import { formatPence } from './money.ts';

/**
 * One ledger for money (docs/decisions/100-one-ledger-for-money.md): every pound in or out of the
 * shop is one row of money_movements, written by src/server/money/ledger.ts alone, and every report
 * (Finances, its CSV, the dashboard, the staff booking dialog, the owner's page /b/{id}) sums those
 * rows with the functions here. Pure: the rules of summing and dating are tested as tables.
 *
 * - Takings are dated by the day the money moved (`at`), in the shop's time zone: a deposit on the
 *   day it was paid, a refund on the day Stripe took it back, a balance on the day it was taken.
 * - The value of a day's appointments is a second, separately named figure: what the appointments
 *   that start that day are priced at (the quote, extras in and offer off, plus the surcharge the
 *   owner agreed), whenever their money moved.
 * - Every row falls in exactly one takings column, so the columns add up to the takings.
 *
 * Written in zod/mini: the staff islands and the owner's page share these schemas (decision 054).
 */
export const MONEY_KINDS = [
  'deposit',
  'refund',
  'balance',
  'balance_refund',
  'fee',
  'fee_refund',
  'chargeback',
  'chargeback_reversal',
] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

/**
 * How it moved: 'online' on the booking's own Stripe page (a deposit) or by the card saved with it (a
 * no-show fee); 'link' a payment link staff sent (decision 096, or a fee the bank wanted approved);
 * 'card' and 'cash' at the counter.
 */
export const MONEY_METHODS = ['online', 'link', 'card', 'cash'] as const;
export type MoneyMethod = (typeof MONEY_METHODS)[number];

/** One row as the reports read it; pence are signed, money in positive and out negative. */
export interface LedgerRow {
  kind: MoneyKind;
  method: MoneyMethod;
  pence: number;
}

/** The columns of Finances' takings, each row in exactly one. */
export const TAKINGS_COLUMNS = ['deposits', 'card', 'cash', 'link', 'fees', 'refunds'] as const;
export type TakingsColumn = (typeof TAKINGS_COLUMNS)[number];

/** Money that went back out: refunds of every kind and chargebacks (net of those won back). */
const MONEY_BACK: ReadonlySet<MoneyKind> = new Set([
  'refund',
  'balance_refund',
  'fee_refund',
  'chargeback',
  'chargeback_reversal',
]);

export function columnOf(row: Pick<LedgerRow, 'kind' | 'method'>): TakingsColumn {
  if (MONEY_BACK.has(row.kind)) return 'refunds';
  if (row.kind === 'deposit') return 'deposits';
  if (row.kind === 'fee') return 'fees';
  // A balance: where it was taken.
  return row.method === 'cash' ? 'cash' : row.method === 'link' ? 'link' : 'card';
}

export interface Takings {
  depositsPence: number;
  cardPence: number;
  cashPence: number;
  /** Balances the owner paid by the payment link staff sent (decision 096). */
  linkPence: number;
  /** No-show fees taken (decision 081). */
  feesPence: number;
  /** Money given back or taken back: a positive sum of money out. */
  refundsPence: number;
  /** All of the above: money in less money out, the sum of the rows. */
  takingsPence: number;
}

export const NO_TAKINGS: Takings = Object.freeze({
  depositsPence: 0,
  cardPence: 0,
  cashPence: 0,
  linkPence: 0,
  feesPence: 0,
  refundsPence: 0,
  takingsPence: 0,
});

const FIELD: Record<TakingsColumn, keyof Takings> = {
  deposits: 'depositsPence',
  card: 'cardPence',
  cash: 'cashPence',
  link: 'linkPence',
  fees: 'feesPence',
  refunds: 'refundsPence',
};

/** The takings of some rows: each in its column (money out as a positive "refunds"), and their sum. */
export function takingsOf(rows: readonly LedgerRow[]): Takings {
  const t = { ...NO_TAKINGS };
  for (const row of rows) {
    const column = columnOf(row);
    t[FIELD[column]] += column === 'refunds' ? -row.pence : row.pence;
    t.takingsPence += row.pence;
  }
  return t;
}

/** What the columns say together: deposits, card, cash, link and fees, less refunds. Always the takings. */
export function columnsTotal(t: Omit<Takings, 'takingsPence'>): number {
  return t.depositsPence + t.cardPence + t.cashPence + t.linkPence + t.feesPence - t.refundsPence;
}

// ---- one booking's money ---------------------------------------------------------------------------

const pence = () => z.number().check(z.int());
const count = () => z.number().check(z.int(), z.nonnegative());

/** One line of what was paid, in the owner's words ("Deposit, paid online", "Paid by payment link"). */
export const MoneyLineSchema = z.object({
  label: z.string(),
  pence: pence(),
  kind: z.enum(MONEY_KINDS),
  method: z.enum(MONEY_METHODS),
});
export type MoneyLine = z.infer<typeof MoneyLineSchema>;

/**
 * A booking's money as the owner's page and the staff dialog both show it, from its ledger rows:
 * the final price (the quote plus the surcharge agreed, or more when the counter took more on a
 * "from" price), what was paid towards it, what is left to pay, and anything paid twice.
 */
export const BookingMoneySchema = z.object({
  /** The quote, extras in and the offer off ("from" prices). */
  quotedPence: count(),
  /** The surcharge the owner agreed to at check-in (decision 091, 093); 0 when none. */
  surchargePence: count(),
  finalPricePence: count(),
  /** Paid towards the groom, less what was given back or is on its way back. */
  paidPence: pence(),
  /** Left to pay; 0 once cancelled, a no-show (its fee is apart) or paid. */
  duePence: count(),
  /** Paid more than the final price (a link paid after the counter took the balance): to give back. */
  overpaidPence: count(),
  /** A refund recorded as owed and not yet made by Stripe. */
  refundDuePence: count(),
  /** No-show fees taken, less refunds of them: not part of the groom's price. */
  feesPence: pence(),
  /** What was paid, line by line, in the order it came. */
  lines: z.array(MoneyLineSchema),
});
export type BookingMoney = z.infer<typeof BookingMoneySchema>;

export interface BookingMoneyInput {
  status: 'pending_payment' | 'confirmed' | 'cancelled' | 'expired';
  attendance: 'arrived' | 'completed' | 'no_show' | null;
  /** The quote's total (the sum of the dogs' for a party). */
  quotedPence: number;
  /** The surcharge agreed (only a consented one counts: src/domain/check-in.ts chargeableSurchargePence). */
  surchargePence: number;
  /** A refund owed and not yet made (bookings.refund_due_pence). */
  refundDuePence: number;
  /** Its rows, oldest first. */
  rows: readonly LedgerRow[];
}

const GROOM: ReadonlySet<MoneyKind> = new Set([
  'deposit',
  'refund',
  'balance',
  'balance_refund',
  'chargeback',
  'chargeback_reversal',
]);

/** The owner's words for a row of money. */
export function moneyLineLabel(row: Pick<LedgerRow, 'kind' | 'method' | 'pence'>): string {
  switch (row.kind) {
    case 'deposit':
      return row.pence < 0 ? 'Deposit correction' : 'Deposit, paid online';
    case 'refund':
      return row.pence > 0 ? 'Refund that failed, money back' : 'Deposit refunded';
    case 'balance':
      if (row.pence < 0) return 'Correction at the counter';
      return row.method === 'link'
        ? 'Paid by payment link'
        : row.method === 'cash'
          ? 'Paid in cash'
          : row.method === 'online'
            ? 'Paid online'
            : 'Paid by card in the shop';
    case 'balance_refund':
      return row.pence > 0 ? 'Refund that failed, money back' : 'Payment link refunded';
    case 'fee':
      return 'Missed appointment fee';
    case 'fee_refund':
      return row.pence > 0 ? 'Refund that failed, money back' : 'Missed appointment fee refunded';
    case 'chargeback':
      return 'Chargeback';
    case 'chargeback_reversal':
      return 'Chargeback won back';
  }
}

/**
 * A booking's money from its rows. The final price is the quote plus the agreed surcharge; a visit
 * completed with more taken at the counter (card or cash) than that was priced up there, as "from"
 * prices allow, so its final price is what was taken. Money paid by link beyond it is paid twice.
 */
export function bookingMoney(input: BookingMoneyInput): BookingMoney {
  let groom = 0;
  let counter = 0;
  let fees = 0;
  const lines: MoneyLine[] = [];
  for (const row of input.rows) {
    if (row.kind === 'fee' || row.kind === 'fee_refund') fees += row.pence;
    if (GROOM.has(row.kind)) groom += row.pence;
    if (row.kind === 'balance' && (row.method === 'card' || row.method === 'cash')) counter += row.pence;
    // A correction at the counter folds into the line it corrects: the owner sees what stands.
    const last = lines.at(-1);
    const label = moneyLineLabel(row);
    if (row.kind === 'balance' && row.pence < 0 && last) last.pence += row.pence;
    else if (last && last.label === label) last.pence += row.pence;
    else lines.push({ label, pence: row.pence, kind: row.kind, method: row.method });
  }
  const refundDuePence = Math.max(0, input.refundDuePence);
  const paidPence = groom - refundDuePence;
  const base = input.quotedPence + input.surchargePence;
  const depositsAndCounter = input.rows
    .filter((r) => r.kind === 'deposit' || r.kind === 'refund')
    .reduce((sum, r) => sum + r.pence, counter - refundDuePence);
  const completed = input.attendance === 'completed';
  const finalPricePence = completed && counter > 0 ? Math.max(base, depositsAndCounter) : base;
  const open = (input.status === 'confirmed' || input.status === 'pending_payment') && input.attendance !== 'no_show';
  return {
    quotedPence: input.quotedPence,
    surchargePence: input.surchargePence,
    finalPricePence,
    paidPence,
    duePence: open ? Math.max(0, finalPricePence - paidPence) : 0,
    overpaidPence: completed ? Math.max(0, paidPence - finalPricePence) : 0,
    refundDuePence,
    feesPence: fees,
    lines: lines.filter((l) => l.pence !== 0),
  };
}

/** The parts of a booking's rows the counter's rules read (src/domain/staff-rules.ts BookingMoney). */
export function counterSums(rows: readonly LedgerRow[]): { depositPaidPence: number; balancePaidPence: number } {
  let deposit = 0;
  let balance = 0;
  for (const r of rows) {
    if (r.kind === 'deposit' || r.kind === 'refund') deposit += r.pence;
    else if (r.kind === 'balance' || r.kind === 'balance_refund') balance += r.pence;
  }
  return { depositPaidPence: deposit, balancePaidPence: balance };
}

/**
 * The rows that bring a booking's counter balance from what the ledger holds to what staff now say
 * was taken: nothing when they agree; otherwise each card or cash balance standing is reversed and
 * the new one written (corrections at the counter, decision 060). `standing` is the ledger's net
 * card and cash balance by method, with the instant each was taken.
 *
 * Dating: a reversal is dated when the money it reverses was taken, and so is the figure that
 * replaces it (a correction says how that money moved, not that more moved today), so each day says
 * what now stands. A balance where none stood is dated `now`.
 */
export function counterCorrection(
  standing: readonly { method: 'card' | 'cash'; pence: number; at: Date }[],
  taken: { method: 'card' | 'cash'; pence: number } | null,
  now: Date,
): { method: 'card' | 'cash'; pence: number; at: Date }[] {
  const held = standing.filter((s) => s.pence !== 0);
  const want = taken && taken.pence > 0 ? taken : null;
  if (!want && held.length === 0) return [];
  if (want && held.length === 1 && held[0]!.method === want.method && held[0]!.pence === want.pence) return [];
  const when = held.reduce<Date | null>((latest, s) => (!latest || s.at > latest ? s.at : latest), null) ?? now;
  return [
    ...held.map((s) => ({ method: s.method, pence: -s.pence, at: s.at })),
    ...(want ? [{ method: want.method, pence: want.pence, at: when }] : []),
  ];
}

/** A line of money in the staff's short words: "deposit £10.00 paid", "£25.00 by link", "£5.00 refunded". */
export function staffMoneyWords(line: MoneyLine, noShow: boolean): string {
  const pounds = formatPence(Math.abs(line.pence));
  if (line.kind === 'deposit') return `deposit ${pounds} ${noShow ? 'kept' : 'paid'}`;
  if (line.kind === 'balance')
    return line.method === 'link'
      ? `${pounds} by link`
      : line.method === 'cash'
        ? `${pounds} in cash`
        : line.method === 'online'
          ? `${pounds} online`
          : `${pounds} by card`;
  if (line.kind === 'fee') return `fee ${pounds}`;
  if (line.kind === 'chargeback') return `${pounds} chargeback`;
  if (line.kind === 'chargeback_reversal') return `${pounds} chargeback won back`;
  return line.pence < 0 ? `${pounds} refunded` : `${pounds} refund failed`;
}
