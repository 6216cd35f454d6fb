import { createHash } from 'node:crypto';
import { lastBookableDay } from '../../domain/availability.ts';
import { SLOT_TAKEN_MESSAGE, type Coat } from '../../domain/booking-schemas.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import { addDays, instantToZoned } from '../../domain/london-time.ts';
import { formatPence } from '../../domain/money.ts';
import type { Standing } from '../../domain/no-show-rules.ts';
import { joinNames, partyQuote } from '../../domain/party-quote.ts';
import {
  daysNeeded,
  followsSeries,
  MAX_VISITS,
  proposeVisits,
  seriesAsked,
  seriesPayment,
  usualInterval,
  visitsWithinHorizon,
  type IntervalSource,
} from '../../domain/rebook.ts';
import type {
  CancelSeriesResponse,
  RebookProposals,
  RebookQuery,
  RebookRequest,
  RebookResponse,
} from '../../domain/rebook-schemas.ts';
import { writtenDate } from '../../domain/written-dates.ts';
import { db, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../ids.ts';
import { audit } from '../audit.ts';
import { standingFor } from '../no-shows/standing.ts';
import { stripeClient } from '../payments/stripe.ts';
import { idempotencyDigest } from '../sealed.ts';
import { loadBookingSettings } from '../settings.ts';
import { daysBetween, partyDaysBetween } from './availability.ts';
import { planVisits, type PlannedVisit, type VisitAsked } from './catalogue.ts';
import {
  openCheckout,
  rulesFor,
  sendSoon,
  siteUrlOf,
  writeBooking,
  type BookingActor,
  type BookingContext,
} from './create-booking.ts';
import { isCapacityViolation } from './db-errors.ts';
import { enqueueBookingNotices } from './notices.ts';
import { writePartyAsked } from './party-booking.ts';
import { priceFor } from './quote.ts';
import { cancelBooking, type ChangeContext } from './change-booking.ts';
import { seriesOf, seriesViewOf, seriesVisitIds } from './series-records.ts';
import { bookingTransaction } from './transaction.ts';
import { findBooking, notFound, type BookingRecord } from './view.ts';

/**
 * Who books the next groom: the owner from /b/{id}, or staff from the schedule's "Completed"
 * (docs/decisions/089). Staff book as a phone booking does: no online deposit (the owner is at the
 * counter, not at a screen), no minimum notice, the series as long as they choose, the phone
 * booking's confirmation, and an audit row.
 */
export type RebookActor = { kind: 'owner' } | { kind: 'staff'; staffId: string };
const OWNER: RebookActor = { kind: 'owner' };

/** The maker as every booking knows it (create-booking.ts): the rules, the deposit and the words follow from it. */
function bookingActorOf(actor: RebookActor): BookingActor {
  return actor.kind === 'staff' ? { kind: 'staff', staffId: actor.staffId, note: null } : { kind: 'customer' };
}

/** One dog of the booking a rebook counts from, and what its next groom needs. */
interface AnchorDog {
  /** Its visit's booking row. */
  booking: BookingRecord;
  breedId: string;
  coat: Coat;
  breedWeeks: number | null;
  completedVisits: string[];
}

/**
 * The booking a rebook counts from: one dog's, or a booking of several dogs (decision 082), which is
 * one booking for its owner: its first dog's row (the party's id, key and deposit) and every dog
 * still in it, first dog first, rebooked together (docs/decisions/101).
 */
interface Anchor {
  booking: BookingRecord;
  dogs: AnchorDog[];
}

/**
 * A booking's page offers "Book the next groom" from its confirmation on (docs/decisions/085): a
 * confirmed booking, whether its visit is ahead or done. An unpaid hold has nothing to count from yet,
 * and a cancelled or lapsed booking is not a visit. Any dog's id of a party answers for the party.
 */
async function anchorOf(tx: Tx, id: string, timeZone: string, options: { lock?: boolean } = {}): Promise<Anchor> {
  const found = await findBooking(tx, id, options);
  if (!found) throw notFound();
  const booking =
    found.party_id && found.party_id !== found.id ? await findBooking(tx, found.party_id, options) : found;
  if (!booking) throw notFound();
  if (booking.status !== 'confirmed')
    throw new HttpError(409, 'Only a confirmed booking can book its next groom.', { code: 'policy' });
  const { rows } = await tx.query<{
    id: string;
    breed_id: string;
    coat: Coat;
    weeks: number | null;
    done: Date[];
  }>(
    `SELECT b.id, d.breed_id, d.coat, br.groom_interval_weeks AS weeks,
            ARRAY(SELECT v.start_at FROM bookings v WHERE v.dog_id = d.id AND v.attendance = 'completed'
                   ORDER BY v.start_at) AS done
       FROM bookings b JOIN dogs d ON d.id = b.dog_id JOIN breeds br ON br.id = d.breed_id
      WHERE b.id = $1 OR ($2::text IS NOT NULL AND b.party_id = $2)
      ORDER BY b.id = $1 DESC, b.start_at, b.created_at, b.id`,
    [booking.id, booking.party_id],
  );
  const dogs: AnchorDog[] = [];
  for (const row of rows) {
    const record = row.id === booking.id ? booking : await findBooking(tx, row.id);
    if (!record) continue;
    dogs.push({
      booking: record,
      breedId: row.breed_id,
      coat: row.coat,
      breedWeeks: row.weeks,
      completedVisits: row.done.map((at) => instantToZoned(new Date(at), timeZone).date),
    });
  }
  return { booking, dogs };
}

/** The dogs' names, as the card and the messages say them ("Bramble and Pip"). */
const namesOf = (anchor: Anchor) => anchor.dogs.map((d) => d.booking.dog_name);

/**
 * The usual interval of the booking: its dog's, or for several dogs the shortest of theirs (the dog
 * whose coat needs it first decides when they come back together).
 */
function usualOf(anchor: Anchor): { weeks: number; source: IntervalSource } {
  const each = anchor.dogs.map((d) =>
    usualInterval({ completedVisits: d.completedVisits, breedWeeks: d.breedWeeks, coat: d.coat }),
  );
  return each.reduce((best, one) => (one.weeks < best.weeks ? one : best));
}

/**
 * The N of the day-before reminder's "same time in N weeks" (issue 21): the card's own usual interval,
 * or null when there is nothing to offer: a booking the card would refuse, a dog whose next visit is
 * already booked (a later booking, a series' next visit, a hold being paid), or a next visit further
 * ahead than the shop takes bookings (docs/decisions/101).
 */
export async function nextGroomWeeks(tx: Tx, id: string, settings: BookingSettings, now: Date): Promise<number | null> {
  let anchor: Anchor;
  try {
    anchor = await anchorOf(tx, id, settings.timeZone);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
  const { rows } = await tx.query(
    `SELECT 1 FROM bookings
      WHERE dog_id = ANY($1::text[]) AND NOT (id = ANY($2::text[])) AND start_at > $3
        AND status IN ('confirmed', 'pending_payment') LIMIT 1`,
    [anchor.dogs.map((d) => d.booking.dog_id), anchor.dogs.map((d) => d.booking.id), anchor.booking.start_at],
  );
  if (rows.length > 0) return null;
  const { weeks } = usualOf(anchor);
  const [next] = seriesAsked(anchor.booking.start_at, weeks, 1, settings.timeZone);
  return next!.date <= lastBookableDay(settings, now) ? weeks : null;
}

/**
 * The same visit again, for every dog: each dog's service, weight, breed and extras, as the catalogue
 * plans them today and as /book would plan them (src/server/bookings/catalogue.ts).
 */
function askedAgain(anchor: Anchor): Array<VisitAsked & { weightKg: number }> {
  return anchor.dogs.map((d) => ({
    serviceId: d.booking.service_id,
    weightKg: d.booking.dog_weight_kg,
    breedId: d.breedId,
    extraIds: d.booking.extras.map((e) => e.id),
  }));
}

async function visitsAgain(tx: Tx, anchor: Anchor, settings: BookingSettings): Promise<PlannedVisit[]> {
  if (anchor.dogs.length > settings.maxDogsPerBooking)
    throw new HttpError(
      409,
      `We now groom up to ${settings.maxDogsPerBooking} ${settings.maxDogsPerBooking === 1 ? 'dog' : 'dogs'} in one booking, so ${joinNames(namesOf(anchor))} cannot be booked again together here. Please book their next visit through our booking page.`,
      { code: 'policy' },
    );
  const visits = await planVisits(tx, askedAgain(anchor), settings);
  if (!visits)
    throw new HttpError(409, 'We no longer offer that service. Please book your next visit through our booking page.', {
      code: 'policy',
    });
  return visits;
}

interface Payment {
  standing: Standing;
  /** What one visit asks online, exactly as /book's writer will ask it (0 when nothing is taken online). */
  depositPence: number;
  /** 1 when a visit asks a deposit online: each visit pays its own, one at a time. */
  maxVisits: number;
}

/**
 * What a visit asks online, computed as the booking's own writer computes it (writeBooking,
 * writeParty): the standing of decision 081, each dog's server price, a party's deposits summed; and
 * how many visits may therefore be booked at once (src/domain/rebook.ts seriesPayment).
 */
async function paymentOf(
  tx: Tx,
  anchor: Anchor,
  visits: readonly PlannedVisit[],
  settings: BookingSettings,
  now: Date,
  actor: RebookActor,
): Promise<Payment> {
  const standing = await standingFor(tx, anchor.booking.customer_id, settings, now);
  const prices = visits.map((visit, i) =>
    priceFor(visit, anchor.dogs[i]!.booking.dog_weight_kg, settings, now, standing),
  );
  const whole = partyQuote(prices.map((quote, i) => ({ name: anchor.dogs[i]!.booking.dog_name, quote })));
  // Staff book as a phone booking: nothing online (decision 089).
  const online = actor.kind === 'owner' && stripeClient() !== null;
  const depositPence = online ? whole.depositPence : 0;
  const maxVisits = seriesPayment({ visitDepositPence: depositPence, visits: MAX_VISITS }).ok ? MAX_VISITS : 1;
  return { standing, depositPence, maxVisits };
}

/** Why a visit with a deposit books one at a time, in the shop's words. */
function oneAtATime(pay: Payment): string {
  return pay.standing === 'pay_in_full'
    ? 'Please book one visit at a time: your next visit is paid in full when booking.'
    : `Each visit's deposit (${formatPence(pay.depositPence)}) is paid when it is booked, so please book one visit at a time.`;
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
  const anchor = await anchorOf(tx, id, settings.timeZone);
  const series = await seriesViewOf(tx, anchor.booking.id);
  const usual = usualOf(anchor);
  const visits = await visitsAgain(tx, anchor, settings);
  const pay = await paymentOf(tx, anchor, visits, settings, now, actor);
  const rules = rulesFor(settings, bookingActorOf(actor));
  const weeks = query.weeks ?? usual.weeks;
  // As many visits as lie within the shop's horizon (docs/decisions/101), and one at a time with a deposit.
  const lastDay = lastBookableDay(rules, now);
  const asked = seriesAsked(anchor.booking.start_at, weeks, MAX_VISITS, settings.timeZone);
  const fit = visitsWithinHorizon(asked, lastDay);
  const maxVisits = Math.min(pay.maxVisits, fit);
  const count = Math.min(query.visits ?? 1, maxVisits);
  const proposals = await proposalsFor(tx, anchor, weeks, count, visits, rules, now);
  const why =
    pay.maxVisits < fit
      ? oneAtATime(pay)
      : fit < MAX_VISITS
        ? horizonWords(rules, asked, lastDay, weeks, proposals[0]?.kind !== 'none')
        : undefined;
  return {
    timeZone: settings.timeZone,
    weeks,
    usual,
    visits: count,
    maxVisits,
    ...(why ? { maxVisitsWhy: why } : {}),
    depositPence: pay.depositPence,
    dogs: namesOf(anchor),
    proposals,
    series,
  };
}

/**
 * Why no more visits fit: the shop's horizon, and when the first visit may be booked if none can be
 * yet (a first visit moved a day or two earlier, within the horizon, can be).
 */
function horizonWords(
  settings: BookingSettings,
  asked: ReturnType<typeof seriesAsked>,
  lastDay: string,
  weeks: number,
  firstOffered: boolean,
): string {
  const ahead = `We take bookings up to ${settings.horizonWeeks} weeks ahead`;
  const fitting = Math.max(asked.filter((a) => a.date <= lastDay).length, firstOffered ? 1 : 0);
  if (fitting === 0) {
    const from = addDays(asked[0]!.date, -settings.horizonWeeks * 7);
    return `${ahead}: a visit in ${weeks} weeks can be booked from ${writtenDate(from, { weekday: 'long' })}, or choose fewer weeks.`;
  }
  return `${ahead}, so ${fitting === 1 ? 'one visit' : `${fitting} visits`} every ${weeks} weeks can be booked for now.`;
}

/**
 * The proposals, from the free times /book offers to the same maker for the same dogs
 * (src/server/bookings/availability.ts): one dog's, or the starts where every dog of a party fits.
 */
async function proposalsFor(
  tx: Tx,
  anchor: Anchor,
  weeks: number,
  count: number,
  visits: readonly PlannedVisit[],
  rules: BookingSettings,
  now: Date,
) {
  const asked = seriesAsked(anchor.booking.start_at, weeks, count, rules.timeZone);
  const span = daysNeeded(asked);
  const days =
    anchor.dogs.length > 1
      ? await partyDaysBetween(
          tx,
          rules,
          { durations: visits.map((v) => v.durationMin), placement: rules.partyPlacement },
          span.from,
          span.to,
          now,
        )
      : await daysBetween(tx, rules, visits[0]!.durationMin, span.from, span.to, now);
  return proposeVisits(asked, days);
}

export function rebookHash(id: string, request: RebookRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ id, weeks: request.weeks, visits: request.visits }))
    .digest('hex');
}

/**
 * POST /bookings/{id}/rebook: every visit asked booked as ONE series in one transaction, each visit
 * written by the very code /book writes a booking with (writeBooking, or writePartyAsked for the dogs
 * of a party together: docs/decisions/101), so each obeys the shop's horizon, notice, grid and
 * tables, and asks the deposit /book would ask. One full time aborts them all: 409 `slot_taken` with
 * fresh proposals, nothing written.
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

/**
 * One next groom per booking: while a series booked from it has a visit ahead, the card shows that
 * series, and another request (a second tab, a script) is refused rather than holding more times.
 */
async function assertNoSeriesAhead(tx: Tx, anchor: Anchor, now: Date): Promise<void> {
  const { rows } = await tx.query(
    `SELECT 1 FROM booking_series s JOIN bookings b ON b.series_id = s.id
      WHERE s.from_booking_id = $1 AND b.status IN ('confirmed', 'pending_payment') AND b.end_at > $2 LIMIT 1`,
    [anchor.booking.id, now],
  );
  if (rows.length > 0)
    throw new HttpError(
      409,
      'The next groom is already booked from this booking. Each visit has its own page, to move or cancel it.',
      { code: 'policy' },
    );
}

async function writeSeries(tx: Tx, { id, request, starts, hash, context, now, actor }: SeriesDraft) {
  const settings = await loadBookingSettings(tx);
  // The booking's row locked: two requests from one booking at once are one after the other.
  const anchor = await anchorOf(tx, id, settings.timeZone, { lock: true });
  await assertNoSeriesAhead(tx, anchor, now);
  const visits = await visitsAgain(tx, anchor, settings);
  // The series' own interval: each visit on a date the proposals could offer (src/domain/rebook.ts).
  const asked = seriesAsked(anchor.booking.start_at, request.weeks, MAX_VISITS, settings.timeZone);
  if (!followsSeries(asked, starts, settings.timeZone))
    throw new HttpError(
      422,
      `A series books one visit about every ${request.weeks} weeks, on the dates proposed. Please choose the visits again.`,
      { code: 'slot_unavailable' },
    );
  const pay = await paymentOf(tx, anchor, visits, settings, now, actor);
  if (starts.length > pay.maxVisits) throw new HttpError(422, oneAtATime(pay), { code: 'policy' });

  const maker = bookingActorOf(actor);
  const seriesId = randomId(18);
  const ids = starts.map((_, i) => (i === 0 ? seriesId : randomId(18)));
  const { booking } = anchor;
  const contact = { name: booking.contact_name, email: booking.contact_email, phone: booking.phone ?? '' };
  const bookingContext: BookingContext = { ...context, source: 'rebook' };
  const asks = askedAgain(anchor);
  // The dogs are the booking's own: nothing to identify, no device key to issue.
  const who = {
    customerId: booking.customer_id,
    dogIds: anchor.dogs.map((d) => d.booking.dog_id),
    phoneProven: booking.phone_proven,
  };
  let status: 'confirmed' | 'pending_payment' = 'confirmed';

  for (const [i, start] of starts.entries()) {
    // Each visit's key is derived from the series' (the column is unique); the series' is on booking_series.
    const key = `${request.idempotencyKey}#visit${i}`;
    const written =
      anchor.dogs.length > 1
        ? await writePartyAsked(
            tx,
            {
              dogs: asks.map((visit, k) => ({ name: anchor.dogs[k]!.booking.dog_name, visit })),
              start,
              // The shop's placements, as /book offers them (side by side first where allowed).
              placement: undefined,
              contact,
              idempotencyKey: key,
              requestHash: hash,
            },
            ids[i]!,
            { context: bookingContext, now, actor: maker, notify: false },
            async () => who,
          )
        : await writeBooking(
            tx,
            {
              bookingId: ids[i]!,
              visit: asks[0]!,
              start,
              contact,
              idempotencyKey: key,
              requestHash: hash,
              onlineDeposit: actor.kind === 'owner' && stripeClient() !== null,
              source: 'rebook',
              sessionId: context.sessionId ?? null,
              actor: maker,
              siteUrl: siteUrlOf(context),
              party: async () => ({ ...who, dogId: who.dogIds[0]! }),
              notify: false,
            },
            now,
          );
    // Only a single visit may wait for a deposit (paymentOf); a settings change meanwhile is refused.
    if (written.status === 'pending_payment' && starts.length > 1)
      throw new HttpError(422, oneAtATime({ ...pay, depositPence: written.depositPence }), { code: 'policy' });
    if (i === 0) {
      status = written.status;
      await tx.query(
        `INSERT INTO booking_series (id, from_booking_id, weeks, idempotency_key, request_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [seriesId, booking.id, request.weeks, idempotencyDigest(request.idempotencyKey), hash, now],
      );
    }
  }
  // Every row of the series, each dog of a party too: the series' hold and its listing follow the first.
  await tx.query('UPDATE bookings SET series_id = $1 WHERE id = ANY($2::text[]) OR party_id = ANY($2::text[])', [
    seriesId,
    ids,
  ]);
  if (maker.kind === 'staff')
    await audit(tx, { customerId: maker.staffId }, 'booking.rebook', 'booking', seriesId, {
      after: { from: booking.id, weeks: request.weeks, visits: starts.map((s) => s.toISOString()) },
    });
  // Told once, naming every visit (decision 085); staff's as a phone booking's: no "new booking" note to the shop.
  const messageIds =
    status === 'pending_payment'
      ? []
      : await enqueueBookingNotices(tx, seriesId, maker.kind === 'staff' ? 'confirmed_by_staff' : 'confirmed', {
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
