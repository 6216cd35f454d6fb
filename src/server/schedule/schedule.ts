import { addDays, zonedDateTimeToInstant } from '../../domain/london-time.ts';
import {
  SCHEDULE_PAGE_SIZE,
  scheduleDays,
  type ScheduleBooking,
  type ScheduleQuery,
  type ScheduleResponse,
} from '../../domain/schedule.ts';
import { partyDepositShares } from '../../domain/party-deposit.ts';
import { chargeableSurchargePence, finalPricePence, type CheckInView } from '../../domain/check-in.ts';
import { balanceDuePence, depositHeldPence, type Attendance } from '../../domain/staff-rules.ts';
import { bookingMoney, counterSums, type LedgerRow } from '../../domain/ledger.ts';
import type { BookedExtra, Coat, BookingStatus } from '../../domain/booking-schemas.ts';
import { BOOKED_EXTRAS_SQL } from '../bookings/view.ts';
import { blocksBetween } from '../bookings/blocks.ts';
import { db, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { loadBookingSettings } from '../settings.ts';
import { liveHoldSql } from '../bookings/holds.ts';
import { LATEST_STAGE_SQL } from '../visit-stages/stages-sql.ts';
import { bookingRowsSql, depositHeldSql } from '../money/ledger.ts';
import type { VisitStage } from '../../domain/visit-stages.ts';

/**
 * The staff schedule: a day or a week of the bookings that hold a table (confirmed ones, and holds
 * whose deposit is still being paid), the time blocked off, and the shop's hours, read in pages by
 * cursor. Which table each booking is drawn on is the domain's (src/domain/grooming-tables.ts).
 */

interface CheckInRow {
  at: number;
  condition: string;
  tier_id: string | null;
  tier_label: string | null;
  tier_kind: 'matting' | 'handling' | null;
  surcharge_pence: number;
  instructions: string;
  has_photo: boolean;
  consent_method: 'typed' | 'drawn' | 'link' | null;
  consent_name: string | null;
  consented_at: number | null;
  consent_signature: string | null;
  link_sent_at: number | null;
}

interface ScheduleRow {
  id: string;
  status: BookingStatus;
  start_at: Date;
  end_at: Date;
  hold_expires_at: Date | null;
  service_id: string;
  service_title: string;
  duration_min: number;
  dog_id: string;
  dog_name: string;
  breed_name: string;
  weight_kg: number;
  coat: Coat;
  notes: string;
  nervous: boolean;
  customer_id: string;
  contact_name: string;
  phone: string | null;
  contact_email: string;
  total_from_pence: number | null;
  price_from_pence: number;
  deposit_pence: number;
  deposit_paid_pence: number;
  deposit_refunded_pence: number;
  refund_due_pence: number;
  balance_paid_pence: number;
  balance_method: 'card' | 'cash' | 'online' | null;
  attendance: Attendance | null;
  staff_note: string;
  stage: VisitStage | null;
  created_by: string | null;
  first_visit: boolean;
  dispute_status: string | null;
  dispute_reason: string | null;
  dispute_pence: number | null;
  dispute_respond_by: Date | null;
  refund_failed_pence: number;
  extras: BookedExtra[];
  party_id: string | null;
  /** A party's dog: the deposit held for the whole party (on its first dog's row), and each dog's quoted money. */
  party_held_pence: number | null;
  /** A refund owed on the party's one deposit (on its first dog's row). */
  party_refund_due_pence: number;
  party_money: { id: string; depositPence: number; totalFromPence: number }[] | null;
  series: { id: string; weeks: number; visit: number; of: number } | null;
  vaccinations: { name: string; expiresOn: string }[];
  check_in: CheckInRow | null;
  balance_link_sent: boolean;
  /** Its rows of the ledger, oldest first (src/server/money/ledger.ts): what the money figures read. */
  money_rows: LedgerRow[];
}

// The party's deposit held on its first dog's row, and every dog's quoted deposit and total, the first
// dog first: what src/domain/party-deposit.ts shares among the dogs (decision 082).
const PARTY_MONEY_SQL = `
  CASE WHEN b.party_id IS NULL THEN NULL ELSE (
    SELECT ${depositHeldSql('f')} FROM bookings f WHERE f.id = b.party_id
  ) END AS party_held_pence,
  CASE WHEN b.party_id IS NULL THEN 0 ELSE (
    SELECT f.refund_due_pence FROM bookings f WHERE f.id = b.party_id
  ) END AS party_refund_due_pence,
  CASE WHEN b.party_id IS NULL THEN NULL ELSE (
    SELECT json_agg(json_build_object(
             'id', m.id,
             'depositPence', COALESCE((m.quote ->> 'depositPence')::int, 0),
             'totalFromPence', COALESCE((m.quote ->> 'totalFromPence')::int, m.price_from_pence))
           ORDER BY m.id = m.party_id DESC, m.start_at, m.id)
      FROM bookings m WHERE m.party_id = b.party_id
  ) END AS party_money`;

// A visit of a series: its place among the series' visits by start (cancelled ones counted: the
// series as booked), by the partial index on series_id. A visit of several dogs is one visit, counted
// by its first dog's row and placed by that dog's start (docs/decisions/101).
const SERIES_SQL = `
  CASE WHEN b.series_id IS NULL THEN NULL ELSE (
    SELECT json_build_object(
             'id', s.id, 'weeks', s.weeks,
             'visit', count(*) FILTER (WHERE (v.start_at, v.id) <= (COALESCE(l.start_at, b.start_at), COALESCE(l.id, b.id))),
             'of', count(*))
      FROM booking_series s JOIN bookings v ON v.series_id = s.id AND (v.party_id IS NULL OR v.party_id = v.id)
      LEFT JOIN bookings l ON l.id = b.party_id
     WHERE s.id = b.series_id GROUP BY s.id, s.weeks
  ) END AS series`;

// The visit's check-in (decision 091), instants as epoch milliseconds for the view to write.
const CHECK_IN_SQL = `(
  SELECT json_build_object(
           'at', (extract(epoch FROM ci.checked_in_at) * 1000)::bigint, 'condition', ci.condition,
           'tier_id', ci.tier_id, 'tier_label', ci.tier_label, 'tier_kind', ci.tier_kind,
           'surcharge_pence', ci.surcharge_pence, 'instructions', ci.instructions, 'has_photo', ci.photo_key IS NOT NULL,
           'consent_method', ci.consent_method, 'consent_name', ci.consent_name,
           'consented_at', (extract(epoch FROM ci.consented_at) * 1000)::bigint,
           'consent_signature', ci.consent_signature,
           'link_sent_at', (SELECT (extract(epoch FROM l.sent_at) * 1000)::bigint FROM consent_links l
                             WHERE l.booking_id = b.id AND l.replaced_at IS NULL))
    FROM check_ins ci WHERE ci.booking_id = b.id
) AS check_in`;

// A first visit: no earlier confirmed booking of the same record or the same number (a returning
// customer on a new phone gets a new record until they prove their number, docs/decisions/050).
const SELECT_SCHEDULE = `
  SELECT b.id, b.status, b.start_at, b.end_at, b.hold_expires_at, b.service_id, t.title AS service_title,
         (extract(epoch FROM b.end_at - b.start_at) / 60)::int AS duration_min,
         b.dog_id, d.name AS dog_name, br.name AS breed_name, d.weight_kg::float8 AS weight_kg, d.coat, d.notes, d.nervous,
         b.customer_id, b.contact_name, COALESCE(b.contact_phone, c.phone) AS phone, b.contact_email,
         (b.quote ->> 'totalFromPence')::int AS total_from_pence, b.price_from_pence,
         b.deposit_pence, b.deposit_paid_pence, b.deposit_refunded_pence, b.refund_due_pence,
         b.balance_paid_pence, b.balance_method, b.attendance, COALESCE(b.staff_note, '') AS staff_note, ${LATEST_STAGE_SQL} AS stage, b.created_by,
         b.dispute_status, b.dispute_reason, b.dispute_pence, b.dispute_respond_by, b.refund_failed_pence, b.party_id,
         ${BOOKED_EXTRAS_SQL} AS extras,
         ${PARTY_MONEY_SQL},
         ${SERIES_SQL},
         ${CHECK_IN_SQL}, d.vaccinations,
         EXISTS (SELECT 1 FROM balance_links l WHERE l.booking_id = b.id AND l.status = 'sent') AS balance_link_sent,
         ${bookingRowsSql('b')} AS money_rows,
         NOT EXISTS (
           SELECT 1 FROM bookings p
            WHERE p.status = 'confirmed' AND p.start_at < b.start_at
              AND (p.customer_id = b.customer_id OR (b.contact_phone IS NOT NULL AND p.contact_phone = b.contact_phone))
         ) AS first_visit
    FROM bookings b
    JOIN booking_types t ON t.id = b.service_id
    JOIN dogs d ON d.id = b.dog_id
    JOIN breeds br ON br.id = d.breed_id
    JOIN customers c ON c.id = b.customer_id`;

/**
 * A party's dog's part of the one deposit (decision 082), as the counter counts it: its balance due is
 * its own total less its part, not less the whole deposit (first dog) or nothing (the others).
 */
function partyShare(r: ScheduleRow): { heldPence: number; sharePence: number; refundDueSharePence: number } | null {
  if (!r.party_id || r.party_held_pence === null || !r.party_money) return null;
  const heldPence = Math.max(0, r.party_held_pence);
  const index = r.party_money.findIndex((m) => m.id === r.id);
  // A refund on its way is shared as the deposit is, so the dogs add up to the owner's one booking
  // (the deposit paid, less refunds made, and the refund owed), and no dog shows a negative figure.
  const dueShares = partyDepositShares(r.party_refund_due_pence, r.party_money);
  const paidShares = partyDepositShares(heldPence + r.party_refund_due_pence, r.party_money);
  return { heldPence, sharePence: paidShares[index] ?? 0, refundDueSharePence: dueShares[index] ?? 0 };
}

function checkInView(c: CheckInRow | null): CheckInView | null {
  if (!c) return null;
  return {
    at: new Date(Number(c.at)).toISOString(),
    condition: c.condition,
    tier: c.tier_id && c.tier_label && c.tier_kind ? { id: c.tier_id, label: c.tier_label, kind: c.tier_kind } : null,
    surchargePence: c.surcharge_pence,
    instructions: c.instructions,
    hasPhoto: c.has_photo,
    consent:
      c.consent_method && c.consent_name !== null && c.consented_at !== null
        ? {
            method: c.consent_method,
            name: c.consent_name,
            at: new Date(Number(c.consented_at)).toISOString(),
            ...(c.consent_signature ? { signature: c.consent_signature } : {}),
          }
        : null,
    ...(c.link_sent_at !== null ? { linkSentAt: new Date(Number(c.link_sent_at)).toISOString() } : {}),
  };
}

function view(r: ScheduleRow): ScheduleBooking {
  const totalFromPence = r.total_from_pence ?? r.price_from_pence;
  const checkIn = checkInView(r.check_in);
  // Only a surcharge the owner agreed to is owed (decision 091).
  const surchargePence = chargeableSurchargePence(checkIn);
  const party = partyShare(r);
  // Money from the ledger (docs/decisions/100): a party's one deposit stands in each dog's rows as its share.
  const rows = party
    ? [
        { kind: 'deposit' as const, method: 'online' as const, pence: party.sharePence },
        ...r.money_rows.filter((m) => m.kind !== 'deposit' && m.kind !== 'refund'),
      ]
    : r.money_rows;
  const sums = counterSums(rows);
  const money = {
    totalFromPence,
    surchargePence,
    depositPaidPence: sums.depositPaidPence,
    depositRefundedPence: 0,
    refundDuePence: party ? party.refundDueSharePence : r.refund_due_pence,
    balancePaidPence: sums.balancePaidPence,
  };
  const ledger = bookingMoney({
    status: r.status,
    attendance: r.attendance,
    quotedPence: totalFromPence,
    surchargePence,
    refundDuePence: money.refundDuePence,
    rows,
  });
  return {
    id: r.id,
    status: r.status,
    start: r.start_at.toISOString(),
    end: r.end_at.toISOString(),
    service: { id: r.service_id, title: r.service_title, durationMinutes: r.duration_min },
    dog: {
      id: r.dog_id,
      name: r.dog_name,
      breed: r.breed_name,
      weightKg: r.weight_kg,
      coat: r.coat,
      notes: r.notes,
      nervous: r.nervous,
      vaccinations: r.vaccinations,
    },
    customer: { id: r.customer_id, name: r.contact_name, phone: r.phone, email: r.contact_email },
    extras: r.extras,
    totalFromPence: money.totalFromPence,
    depositPence: r.deposit_pence,
    depositHeldPence: depositHeldPence(money),
    balanceDuePence: balanceDuePence(money),
    balancePaidPence: Math.max(0, sums.balancePaidPence),
    money: ledger,
    balanceMethod: r.balance_method,
    attendance: r.attendance,
    stage: r.attendance === 'arrived' ? (r.stage ?? 'checked_in') : null,
    staffNote: r.staff_note,
    takenBy: r.created_by ? 'phone' : 'online',
    holdExpiresAt: r.status === 'pending_payment' && r.hold_expires_at ? r.hold_expires_at.toISOString() : null,
    firstVisit: r.first_visit,
    dispute: r.dispute_status
      ? {
          status: r.dispute_status,
          reason: r.dispute_reason,
          amountPence: r.dispute_pence ?? 0,
          respondBy: r.dispute_respond_by?.toISOString() ?? null,
        }
      : null,
    refundFailedPence: r.refund_failed_pence,
    ...(r.party_id ? { partyId: r.party_id } : {}),
    ...(party ? { partyDepositHeldPence: party.heldPence } : {}),
    ...(r.series ? { series: r.series } : {}),
    // A payment link out for the balance, not paid yet (decision 096).
    ...(r.balance_link_sent ? { balanceLinkSent: true } : {}),
    ...(checkIn ? { checkIn, finalPricePence: finalPricePence(totalFromPence, checkIn) } : {}),
  };
}

/**
 * One page of the schedule between two instants, after a cursor (exported for the benchmark's
 * EXPLAIN, docs/decisions/060). The partial index on active bookings' start; no booking is longer
 * than 12 hours (a table rule), so starts from 12 hours before the first day find every booking
 * that reaches into it.
 */
export function schedulePageQuery(
  from: Date,
  to: Date,
  now: Date,
  after: { start: Date; id: string } | null,
): [string, unknown[]] {
  return [
    `${SELECT_SCHEDULE}
      WHERE b.status IN ('pending_payment', 'confirmed')
        AND b.start_at < $2 AND b.start_at > $1::timestamptz - interval '12 hours' AND b.end_at > $1
        AND (b.status = 'confirmed' OR ${liveHoldSql('$3', 'b')})
        AND ($4::timestamptz IS NULL OR b.start_at > $4 OR (b.start_at = $4 AND b.id > $5))
      ORDER BY b.start_at, b.id
      LIMIT $6`,
    [from, to, now, after?.start ?? null, after?.id ?? '', SCHEDULE_PAGE_SIZE + 1],
  ];
}

const cursorOf = (b: ScheduleRow) => `${b.start_at.getTime()}.${b.id}`;

export async function loadSchedule(query: ScheduleQuery, now = new Date(), tx: Tx = db()): Promise<ScheduleResponse> {
  const settings = await loadBookingSettings(tx);
  const from = zonedDateTimeToInstant(query.from, '00:00', settings.timeZone);
  const to = zonedDateTimeToInstant(addDays(query.from, query.days), '00:00', settings.timeZone);
  let after: { start: Date; id: string } | null = null;
  if (query.cursor) {
    const [ms, id] = query.cursor.split('.') as [string, string];
    const start = new Date(Number(ms));
    if (!(start >= from && start < to))
      throw new HttpError(400, 'cursor: it belongs to another day; ask again without it', { code: 'invalid' });
    after = { start, id };
  }
  const { rows } = await tx.query<ScheduleRow>(...schedulePageQuery(from, to, now, after));
  const page = rows.slice(0, SCHEDULE_PAGE_SIZE);
  return {
    timeZone: settings.timeZone,
    tables: settings.capacity,
    slotStepMinutes: settings.slotStepMinutes,
    days: scheduleDays(query.from, query.days, settings),
    blocks: after ? [] : await blocksBetween(tx, from, to),
    bookings: page.map(view),
    next: rows.length > SCHEDULE_PAGE_SIZE ? cursorOf(page[page.length - 1]!) : null,
  };
}

/** One booking as the schedule shows it, whatever its status (after a change, to redraw it). */
export async function scheduleBooking(tx: Tx, id: string): Promise<ScheduleBooking | null> {
  const {
    rows: [row],
  } = await tx.query<ScheduleRow>(`${SELECT_SCHEDULE} WHERE b.id = $1`, [id]);
  return row ? view(row) : null;
}

export function bookingNotFound(): HttpError {
  return new HttpError(404, 'We could not find that booking.', { code: 'not_found' });
}
