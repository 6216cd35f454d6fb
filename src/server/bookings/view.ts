import type { CancelMoneyReason } from '../../domain/booking-life.ts';
import site from '../../../content/site.json' with { type: 'json' };
import type { BookedExtra, BookingStatus, BookingView, Location, Quote } from '../../domain/booking-schemas.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import { canChange } from '../../domain/cancellation-policy.ts';
import { reminderPlan } from '../../domain/reminders.ts';
import { db, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { loadBookingSettings } from '../settings.ts';
import { isLiveHold } from '../../domain/holds.ts';
import type { FairTerms } from '../../domain/no-show-rules.ts';
import { partyFields, partyOf, type Party } from './party-records.ts';
import { sentReportCards } from '../report-cards-sent.ts';
import { bookingMoneyOf } from '../money/ledger.ts';

export interface BookingRecord {
  id: string;
  status: BookingStatus;
  customer_id: string;
  dog_id: string;
  service_id: string;
  service_title: string;
  service_kind: string;
  duration_min: number;
  start_at: Date;
  end_at: Date;
  hold_expires_at: Date | null;
  quote: Quote;
  deposit_pence: number;
  deposit_paid_pence: number;
  deposit_refunded_pence: number;
  stripe_session_id: string | null;
  stripe_checkout_url: string | null;
  stripe_payment_intent: string | null;
  dog_name: string;
  breed_name: string;
  dog_weight_kg: number;
  dog_coat: string;
  dog_notes: string;
  dog_nervous: boolean;
  contact_name: string;
  contact_email: string;
  /** The number typed with this booking (older bookings: the customer's). */
  phone: string | null;
  phone_proven: boolean;
  refund_due_pence: number;
  revision: number;
  /** What happened at the counter (arrived, completed, no-show), if anything yet. */
  attendance: 'arrived' | 'completed' | 'no_show' | null;
  /** When it was booked (a booking made inside the free period may still move: docs/decisions/079). */
  booked_at: Date;
  /** The no-show rules it was booked under (decision 081); null before them. */
  fair_terms: FairTerms | null;
  /** The extras it was booked with, as they cost then, in catalogue order (decision 080). */
  extras: BookedExtra[];
  /** The booking of several dogs it belongs to (docs/decisions/082): its first dog's id; null for one dog. */
  party_id: string | null;
  /** Who cancelled it (decision 102), and the money decision's reason every message about it gives. */
  cancelled_by: 'owner' | 'shop' | null;
  cancel_money_reason: CancelMoneyReason | null;
  /** The counter's mark on this dog or, for a booking of several, on any of its dogs. */
  booking_attendance: 'arrived' | 'completed' | 'no_show' | null;
}

/** A booking's extras (booking_extras) as a JSON array of BookedExtra, for a query aliasing bookings as `b`. */
export const BOOKED_EXTRAS_SQL = `COALESCE((
    SELECT json_agg(json_build_object('id', x.extra_id, 'title', x.title, 'pricePence', x.price_pence, 'durationMin', x.duration_min)
                    ORDER BY e.display_order, x.extra_id)
      FROM booking_extras x JOIN extras e ON e.id = x.extra_id WHERE x.booking_id = b.id), '[]'::json)`;

const SELECT_BOOKING = `
  SELECT b.id, b.status, b.customer_id, b.dog_id, b.service_id, t.title AS service_title, t.kind AS service_kind,
         (extract(epoch FROM b.end_at - b.start_at) / 60)::int AS duration_min,
         b.start_at, b.end_at, b.hold_expires_at, b.quote, b.deposit_pence, b.deposit_paid_pence, b.deposit_refunded_pence,
         b.stripe_session_id, b.stripe_checkout_url, b.stripe_payment_intent, d.name AS dog_name, br.name AS breed_name,
         d.weight_kg::float8 AS dog_weight_kg, d.coat AS dog_coat, d.notes AS dog_notes, d.nervous AS dog_nervous,
         b.contact_name, b.contact_email, COALESCE(b.contact_phone, c.phone) AS phone, b.phone_proven, b.refund_due_pence, b.revision, b.attendance,
         b.created_at AS booked_at, b.fair_terms, ${BOOKED_EXTRAS_SQL} AS extras, b.party_id,
         b.cancelled_by, b.cancel_money_reason,
         COALESCE(b.attendance, (SELECT m.attendance FROM bookings m
                                  WHERE b.party_id IS NOT NULL AND m.party_id = b.party_id AND m.attendance IS NOT NULL
                                  ORDER BY m.attendance = 'no_show', m.id LIMIT 1)) AS booking_attendance
    FROM bookings b
    JOIN booking_types t ON t.id = b.service_id
    JOIN dogs d ON d.id = b.dog_id
    JOIN breeds br ON br.id = d.breed_id
    JOIN customers c ON c.id = b.customer_id`;

/** One booking with what its pages and messages need; `lock` takes the row for a change. */
export async function findBooking(tx: Tx, id: string, options: { lock?: boolean } = {}): Promise<BookingRecord | null> {
  const { rows } = await tx.query<BookingRecord>(
    `${SELECT_BOOKING} WHERE b.id = $1${options.lock ? ' FOR UPDATE OF b' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export const SHOP_LOCATION: Location = {
  name: site.name,
  address: `${site.address.street}, ${site.address.locality}, ${site.address.city}`,
  postcode: site.address.postcode,
  mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${site.name}, ${site.address.street}, ${site.address.postcode}`)}`,
  directions: site.address.directions,
  phone: site.phone.e164,
  whatsapp: `https://wa.me/${site.whatsapp.e164.replace(/^\+/, '')}`,
};

/**
 * The page's view of a booking. While a deposit is awaited and the hold is live it also carries
 * `checkoutUrl` and `holdExpiresAt` (additions to BookingViewSchema), so the payment-cancelled page
 * can send the customer back to the same payment page and say how long the time is held.
 */
export type BookingViewWithPayment = BookingView & {
  checkoutUrl?: string;
  holdExpiresAt?: string;
  reportCards?: string[];
};

/** What the shop's rules let the customer change about this booking now (cancellation-policy.ts). */
export function policyOf(b: BookingRecord, settings: BookingSettings, now: Date) {
  return canChange({
    appointmentStart: b.start_at,
    now,
    settings,
    status: b.status,
    bookedAt: b.booked_at,
    attendance: b.booking_attendance,
  });
}

/**
 * The page's view of a booking, with every dog of a booking of several (docs/decisions/082): the
 * party's first dog answers for it (its id is the party's), whichever dog's id was asked for.
 */
export async function viewById(tx: Tx, id: string, now: Date): Promise<BookingViewWithPayment | undefined> {
  const [found, settings] = await Promise.all([findBooking(tx, id), loadBookingSettings(tx)]);
  if (!found) return undefined;
  const booking = found.party_id && found.party_id !== found.id ? await findBooking(tx, found.party_id) : found;
  if (!booking) return undefined;
  const view = bookingView(booking, settings, now, booking.party_id ? await partyOf(tx, booking.party_id) : null);
  // Its money as the ledger has it (docs/decisions/100), the party's dogs together.
  const money = await bookingMoneyOf(tx, booking.id);
  if (!money) return view;
  const deposits = money.lines.filter((l) => l.kind === 'deposit').reduce((sum, l) => sum + l.pence, 0);
  return { ...view, money, depositPaidPence: Math.max(0, deposits) };
}

export function bookingView(
  b: BookingRecord,
  settings: BookingSettings,
  now: Date,
  party: Party | null = null,
): BookingViewWithPayment {
  const policy = policyOf(b, settings, now);
  const depositHeld = b.deposit_paid_pence - b.deposit_refunded_pence - b.refund_due_pence;
  return {
    id: b.id,
    status: b.status,
    service: { id: b.service_id, title: b.service_title, duration: b.duration_min },
    start: b.start_at.toISOString(),
    end: b.end_at.toISOString(),
    timeZone: settings.timeZone,
    dog: { name: b.dog_name, breed: b.breed_name },
    ownerName: b.contact_name,
    price: b.quote,
    extras: b.extras,
    depositPaidPence: b.deposit_paid_pence,
    canCancel: policy.canCancel,
    canMove: policy.canMove,
    refundOnCancel: policy.refundDeposit && depositHeld > 0,
    policyReason: policy.reason,
    policyMessage: policy.message,
    reminder: reminderPlan({ start: b.start_at, bookedAt: b.booked_at, now, timeZone: settings.timeZone }),
    location: SHOP_LOCATION,
    ...(b.fair_terms ? { rules: b.fair_terms } : {}),
    ...(party ? partyFields(party) : {}),
    ...(isLiveHold({ status: b.status, holdExpiresAt: b.hold_expires_at }, now) &&
    b.hold_expires_at &&
    b.stripe_checkout_url
      ? { checkoutUrl: b.stripe_checkout_url, holdExpiresAt: b.hold_expires_at.toISOString() }
      : {}),
  };
}

export async function getBookingView(id: string, now = new Date()): Promise<BookingViewWithPayment> {
  const view = await viewById(db(), id, now);
  if (!view) throw notFound();
  // Which of its dogs' report cards are sent (decision 094): the page loads the card's chunk only then.
  const reportCards = view.status === 'confirmed' ? await sentReportCards(db(), view.id) : [];
  return reportCards.length ? { ...view, reportCards } : view;
}

export async function getBookingViewBySession(sessionId: string, now = new Date()): Promise<BookingViewWithPayment> {
  const { rows } = await db().query<{ id: string }>('SELECT id FROM bookings WHERE stripe_session_id = $1', [
    sessionId,
  ]);
  if (!rows[0]) throw notFound();
  return getBookingView(rows[0].id, now);
}

export function notFound(): HttpError {
  return new HttpError(404, 'We could not find that booking. Please check the link in your confirmation.', {
    code: 'not_found',
  });
}
