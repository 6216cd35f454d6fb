import { createHash } from 'node:crypto';
import { availableSlots, busyIntervalsFrom } from '../../domain/availability.ts';
import { SLOT_TAKEN_MESSAGE, type Coat } from '../../domain/booking-schemas.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import { holdExpiresAt as holdEnd } from '../../domain/checkout-expiry.ts';
import { addDays, instantToZoned, zonedDateTimeToInstant } from '../../domain/london-time.ts';
import { liveStrikes } from '../../domain/no-show-rules.ts';
import {
  daysNeeded,
  MAX_VISITS,
  proposeVisits,
  rebookHorizonWeeks,
  seriesAsked,
  seriesPayment,
  usualInterval,
} from '../../domain/rebook.ts';
import type {
  CancelSeriesResponse,
  RebookProposals,
  RebookQuery,
  RebookRequest,
  RebookResponse,
} from '../../domain/rebook-schemas.ts';
import { db, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../ids.ts';
import { staffBookingSettings } from '../../domain/staff-rules.ts';
import { audit } from '../audit.ts';
import { recordTerms, standingWithStrikes } from '../no-shows/standing.ts';
import { stripeClient } from '../payments/stripe.ts';
import { idempotencyDigest } from '../sealed.ts';
import { loadBookingSettings } from '../settings.ts';
import { bookingTimesBetween } from './availability.ts';
import { planVisit, type PlannedVisit } from './catalogue.ts';
import { insertBooking, openCheckout, sendSoon, siteUrlOf, type BookingContext } from './create-booking.ts';
import { isCapacityViolation } from './db-errors.ts';
import { enqueueBookingNotices } from './notices.ts';
import { priceFor } from './quote.ts';
import { cancelBooking, type ChangeContext } from './change-booking.ts';
import { seriesOf, seriesViewOf, seriesVisitIds } from './series-records.ts';
import { assertSlotBookable } from './slot-check.ts';
import { bookingTransaction } from './transaction.ts';
import { findBooking, notFound, type BookingRecord } from './view.ts';

const MINUTE = 60_000;

/**
 * Who books the next groom: the owner from /b/{id}, or staff from the schedule's "Completed"
 * (docs/decisions/089). Staff book as a phone booking does: no online deposit (the owner is at the
 * counter, not at a screen), no minimum notice, the series as long as they choose, the phone
 * booking's confirmation, and an audit row.
 */
export type RebookActor = { kind: 'owner' } | { kind: 'staff'; staffId: string };
const OWNER: RebookActor = { kind: 'owner' };

/** The booking a rebook counts from, and what its dog's next groom needs. */
interface Anchor {
  booking: BookingRecord;
  breedId: string;
  coat: Coat;
  breedWeeks: number | null;
  completedVisits: string[];
}

/**
 * A booking's page offers "Book the next groom" from its confirmation on (docs/decisions/085): a
 * confirmed booking, whether its visit is ahead or done. An unpaid hold has nothing to count from yet,
 * and a cancelled or lapsed booking is not a visit; a booking of several dogs books its next one again
 * through /book for now.
 */
async function anchorOf(tx: Tx, id: string, timeZone: string): Promise<Anchor> {
  const booking = await findBooking(tx, id);
  if (!booking) throw notFound();
  if (booking.status !== 'confirmed')
    throw new HttpError(409, 'Only a confirmed booking can book its next groom.', { code: 'policy' });
  if (booking.party_id)
    throw new HttpError(409, 'A booking of several dogs books its next visit through our booking page.', {
      code: 'policy',
    });
  const { rows } = await tx.query<{ breed_id: string; coat: Coat; weeks: number | null; done: Date[] }>(
    `SELECT d.breed_id, d.coat, br.groom_interval_weeks AS weeks,
            ARRAY(SELECT v.start_at FROM bookings v WHERE v.dog_id = d.id AND v.attendance = 'completed'
                   ORDER BY v.start_at) AS done
       FROM dogs d JOIN breeds br ON br.id = d.breed_id WHERE d.id = $1`,
    [booking.dog_id],
  );
  const dog = rows[0]!;
  return {
    booking,
    breedId: dog.breed_id,
    coat: dog.coat,
    breedWeeks: dog.weeks,
    completedVisits: dog.done.map((at) => instantToZoned(new Date(at), timeZone).date),
  };
}

/**
 * The N of the day-before reminder's "same time in N weeks" (issue 21): the card's own usual interval,
 * or null when there is nothing to offer: a booking the card would refuse (several dogs), or a dog
 * whose next visit is already booked (a later booking, a series' next visit, a hold being paid).
 */
export async function nextGroomWeeks(tx: Tx, id: string, timeZone: string): Promise<number | null> {
  let anchor: Anchor;
  try {
    anchor = await anchorOf(tx, id, timeZone);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
  const { rows } = await tx.query(
    `SELECT 1 FROM bookings
      WHERE dog_id = $1 AND id <> $2 AND start_at > $3 AND status IN ('confirmed', 'pending_payment') LIMIT 1`,
    [anchor.booking.dog_id, id, anchor.booking.start_at],
  );
  if (rows.length > 0) return null;
  return usualInterval({ completedVisits: anchor.completedVisits, breedWeeks: anchor.breedWeeks, coat: anchor.coat })
    .weeks;
}

/** The shop's rules with a rebook's own horizon (src/domain/rebook.ts rebookHorizonWeeks). */
function rebookSettings(settings: BookingSettings, actor: RebookActor): BookingSettings {
  const rules = actor.kind === 'staff' ? staffBookingSettings(settings) : settings;
  return { ...rules, horizonWeeks: rebookHorizonWeeks(settings.horizonWeeks) };
}

/** The same visit again: the booking's service, its dog's weight and breed, its extras. */
async function visitAgain(tx: Tx, anchor: Anchor, settings: BookingSettings): Promise<PlannedVisit> {
  const visit = await planVisit(
    tx,
    {
      serviceId: anchor.booking.service_id,
      weightKg: anchor.booking.dog_weight_kg,
      breedId: anchor.breedId,
      extraIds: anchor.booking.extras.map((e) => e.id),
    },
    settings,
  );
  if (!visit)
    throw new HttpError(409, 'We no longer offer that service. Please book your next visit through our booking page.', {
      code: 'policy',
    });
  return visit;
}

/** What the series asks online, and how many visits this owner may book at once (decision 081's standing). */
async function paymentOf(
  tx: Tx,
  anchor: Anchor,
  visit: PlannedVisit,
  settings: BookingSettings,
  now: Date,
  actor: RebookActor,
) {
  const customerId = anchor.booking.customer_id;
  const { standing, strikes } = await standingWithStrikes(tx, customerId, settings, now);
  const price = priceFor(visit, anchor.booking.dog_weight_kg, settings, now, standing);
  // As a phone booking: nothing online, and staff judge how many visits to hold.
  if (actor.kind === 'staff') return { standing, price, depositPence: 0, maxVisits: MAX_VISITS };
  const input = { standing, liveStrikes: liveStrikes(strikes, now), firstVisitDepositPence: price.depositPence };
  const one = seriesPayment({ ...input, visits: 1 });
  const depositPence = one.ok ? one.depositPence : 0;
  const maxVisits = seriesPayment({ ...input, visits: MAX_VISITS }).ok ? MAX_VISITS : 1;
  return { standing, price, depositPence, maxVisits };
}

/** GET /bookings/{id}/rebook: "same time in N weeks", each visit as asked, moved or none. */
export async function rebookProposals(
  id: string,
  query: RebookQuery,
  now = new Date(),
  actor: RebookActor = OWNER,
): Promise<RebookProposals> {
  const tx = db();
  const settings = await loadBookingSettings(tx);
  const series = await seriesViewOf(tx, id);
  const anchor = await anchorOf(tx, id, settings.timeZone);
  const usual = usualInterval({
    completedVisits: anchor.completedVisits,
    breedWeeks: anchor.breedWeeks,
    coat: anchor.coat,
  });
  const visit = await visitAgain(tx, anchor, settings);
  const pay = await paymentOf(tx, anchor, visit, settings, now, actor);
  const weeks = query.weeks ?? usual.weeks;
  const visits = Math.min(query.visits ?? 1, pay.maxVisits);
  return {
    timeZone: settings.timeZone,
    weeks,
    usual,
    visits,
    maxVisits: pay.maxVisits,
    depositPence: pay.depositPence,
    proposals: await proposalsFor(
      tx,
      anchor.booking.start_at,
      weeks,
      visits,
      visit,
      rebookSettings(settings, actor),
      now,
    ),
    series,
  };
}

async function proposalsFor(
  tx: Tx,
  from: Date,
  weeks: number,
  visits: number,
  visit: PlannedVisit,
  settings: BookingSettings,
  now: Date,
) {
  // `settings` are already the rebook's own (rebookSettings).
  const asked = seriesAsked(from, weeks, visits, settings.timeZone);
  const span = daysNeeded(asked);
  const busy = await bookingTimesBetween(
    tx,
    zonedDateTimeToInstant(span.from, '00:00', settings.timeZone),
    zonedDateTimeToInstant(addDays(span.to, 1), '00:00', settings.timeZone),
  );
  const days = availableSlots({
    now,
    settings,
    durationMinutes: visit.durationMin,
    from: span.from,
    to: span.to,
    busy: busyIntervalsFrom(busy, now),
  });
  return proposeVisits(asked, days);
}

export function rebookHash(id: string, request: RebookRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ id, weeks: request.weeks, visits: request.visits }))
    .digest('hex');
}

/**
 * POST /bookings/{id}/rebook: every visit asked booked as ONE series in one transaction, each through
 * the same insert as any booking (so each row's capacity trigger claims its tables and one full time
 * aborts them all: 409 `slot_taken` with fresh proposals, nothing written). A deposit due is the first
 * visit's only, on one Checkout page; the other visits wait on that hold (the series trigger).
 */
export async function rebook(
  id: string,
  request: RebookRequest,
  context: BookingContext = {},
  actor: RebookActor = OWNER,
): Promise<RebookResponse> {
  const now = context.now ?? new Date();
  const hash = rebookHash(id, request);
  const again = await replaySeries(request.idempotencyKey, hash);
  if (again) return again;
  const starts = request.visits.map((s) => new Date(s));
  let written: Awaited<ReturnType<typeof writeSeries>>;
  try {
    written = await bookingTransaction((tx) => writeSeries(tx, { id, request, starts, hash, context, now, actor }));
  } catch (error) {
    if (isCapacityViolation(error) || (error instanceof HttpError && error.extra.code === 'slot_taken')) {
      const fresh = await rebookProposals(
        id,
        { weeks: request.weeks, visits: request.visits.length },
        now,
        actor,
      ).catch(() => null);
      throw new HttpError(409, SLOT_TAKEN_MESSAGE, { code: 'slot_taken', proposals: fresh?.proposals ?? [] });
    }
    const winner = await replaySeries(request.idempotencyKey, hash).catch(() => null);
    if (winner) return winner;
    throw error;
  }
  if (written.status === 'pending_payment') {
    const checkoutUrl = await openCheckout(written.seriesId, context, now);
    return { series: (await seriesOf(db(), written.seriesId))!, status: 'pending_payment', checkoutUrl };
  }
  await sendSoon(written.messageIds, context, now);
  return { series: (await seriesOf(db(), written.seriesId))!, status: 'confirmed' };
}

/** The same request again (a dropped answer, a double tap): the same series, the same payment page. */
async function replaySeries(key: string, hash: string): Promise<RebookResponse | null> {
  const { rows } = await db().query<{ id: string; request_hash: string; status: string; url: string | null }>(
    `SELECT s.id, s.request_hash, b.status, b.stripe_checkout_url AS url
       FROM booking_series s JOIN bookings b ON b.id = s.id WHERE s.idempotency_key = $1`,
    [idempotencyDigest(key)],
  );
  const found = rows[0];
  if (!found) return null;
  if (found.request_hash !== hash)
    throw new HttpError(409, 'This request was already used for a different booking. Please start again.', {
      code: 'idempotency_conflict',
    });
  const series = (await seriesOf(db(), found.id))!;
  if (found.status === 'pending_payment' && found.url)
    return { series, status: 'pending_payment', checkoutUrl: found.url };
  if (found.status === 'confirmed') return { series, status: 'confirmed' };
  throw new HttpError(409, 'That booking was cancelled or its hold has lapsed. Please choose a time again.', {
    code: 'slot_unavailable',
  });
}

interface SeriesDraft {
  id: string;
  request: RebookRequest;
  starts: Date[];
  hash: string;
  context: BookingContext;
  now: Date;
  actor: RebookActor;
}

async function writeSeries(tx: Tx, { id, request, starts, hash, context, now, actor }: SeriesDraft) {
  const settings = await loadBookingSettings(tx);
  const anchor = await anchorOf(tx, id, settings.timeZone);
  const visit = await visitAgain(tx, anchor, settings);
  const pay = await paymentOf(tx, anchor, visit, settings, now, actor);
  if (starts.length > pay.maxVisits)
    throw new HttpError(422, 'Please book one visit at a time: your next visit is paid in full when booking.', {
      code: 'policy',
    });
  for (let i = 1; i < starts.length; i++) {
    if (!(starts[i]!.getTime() > starts[i - 1]!.getTime() + 24 * 60 * MINUTE))
      throw new HttpError(400, 'visits: each visit must be on a later day than the one before', { code: 'invalid' });
  }
  const takeDeposit = pay.depositPence > 0 && stripeClient() !== null;
  const status = takeDeposit ? 'pending_payment' : 'confirmed';
  const holdExpiresAt = takeDeposit ? holdEnd(now, settings.holdMinutes) : null;
  const rules = rebookSettings(settings, actor);
  const staff = actor.kind === 'staff' ? { staffId: actor.staffId, note: null } : null;
  const seriesId = randomId(18);
  const ids = starts.map((_, i) => (i === 0 ? seriesId : randomId(18)));
  const { booking } = anchor;

  for (const [i, start] of starts.entries()) {
    const end = new Date(start.getTime() + visit.durationMin * MINUTE);
    await assertSlotBookable(tx, { now, settings: rules, start, end });
    await insertBooking(tx, {
      id: ids[i]!,
      customerId: booking.customer_id,
      dogId: booking.dog_id,
      visit,
      start,
      end,
      status,
      holdExpiresAt,
      price: pay.price,
      // The first visit carries the series' one deposit; the others owe nothing online.
      depositPence: i === 0 ? pay.depositPence : 0,
      // The series' key is on booking_series; each visit's is derived from it (a unique column).
      idempotencyDigest: idempotencyDigest(`${request.idempotencyKey}#visit${i}`),
      requestHash: hash,
      party: { phoneProven: booking.phone_proven },
      contact: { name: booking.contact_name, email: booking.contact_email, phone: booking.phone ?? '' },
      source: 'rebook',
      sessionId: context.sessionId ?? null,
      staff,
      partyId: null,
      now,
    });
    await recordTerms(tx, ids[i]!, pay.standing, settings, i === 0 ? pay.depositPence : 0, takeDeposit);
    if (i === 0) {
      // The series row after its first visit (its id is that visit's), before any visit names it.
      await tx.query(
        `INSERT INTO booking_series (id, from_booking_id, weeks, idempotency_key, request_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [seriesId, booking.id, request.weeks, idempotencyDigest(request.idempotencyKey), hash, now],
      );
    }
  }
  await tx.query('UPDATE bookings SET series_id = $1 WHERE id = ANY($2::text[])', [seriesId, ids]);
  if (staff)
    await audit(tx, { customerId: staff.staffId }, 'booking.rebook', 'booking', seriesId, {
      after: { from: booking.id, weeks: request.weeks, visits: starts.map((s) => s.toISOString()) },
    });
  // Staff's is told as a phone booking's is: the customer's confirmation, no "new booking" note to the shop.
  const messageIds = takeDeposit
    ? []
    : await enqueueBookingNotices(tx, seriesId, staff ? 'confirmed_by_staff' : 'confirmed', {
        now,
        siteUrl: siteUrlOf(context),
      });
  return { seriesId, status, messageIds } as const;
}

/**
 * POST /bookings/{id}/series/cancel: every visit of the series still ahead, each cancelled as the
 * owner would cancel it on its own page (its own policy, its own refund and messages); a visit the
 * policy keeps (already started, or too late to cancel online) stays, and the answer says why.
 */
export async function cancelSeries(id: string, change: ChangeContext = {}): Promise<CancelSeriesResponse> {
  const pool = db();
  const ids = await seriesVisitIds(pool, id);
  if (ids.length === 0) throw notFound();
  const kept: CancelSeriesResponse['kept'] = [];
  for (const visitId of ids) {
    const visit = await findBooking(pool, visitId);
    if (!visit || visit.status === 'cancelled' || visit.status === 'expired') continue;
    try {
      await cancelBooking(visitId, 'the whole series', change);
    } catch (error) {
      if (!(error instanceof HttpError) || error.extra.code !== 'policy') throw error;
      kept.push({ bookingId: visitId, why: error.message });
    }
  }
  const [seriesId] = (await pool.query<{ series_id: string }>('SELECT series_id FROM bookings WHERE id = $1', [ids[0]]))
    .rows;
  return { series: (await seriesOf(pool, seriesId!.series_id))!, kept };
}
