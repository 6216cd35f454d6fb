import { availableSlots, busyIntervalsFrom, lastBookableDay } from '../../domain/availability.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import type { Dog } from '../../domain/booking-schemas.ts';
import { addDays, instantToZoned, todayIn, zonedDateTimeToInstant } from '../../domain/london-time.ts';
import { mergeFreedRanges, type FreedRange } from '../../domain/time-freed.ts';
import { offerMessages, type WaitlistMessage } from '../../domain/waitlist-offer-messages.ts';
import {
  isWakingHour,
  offerExpiry,
  planOffers,
  startReachable,
  type PartOfDay,
  type WaitingRequest,
} from '../../domain/waitlist-offers.ts';
import { dogPlaces, partySpanMinutes, placementsAllowed } from '../../domain/party-slots.ts';
import { joinNames, partyQuote } from '../../domain/party-quote.ts';
import type { PartyPlacement } from '../../domain/party.ts';
import type { WaitlistDog } from '../../domain/waitlist.ts';
import { visitsInWords } from '../../domain/waitlist-words.ts';
import { bookingTimesBetween, partyDaysBetween } from '../bookings/availability.ts';
import { planVisit, type PlannedVisit } from '../bookings/catalogue.ts';
import { priceFor } from '../bookings/quote.ts';
import { query, transaction, type Tx } from '../db.ts';
import { randomId } from '../ids.ts';
import { enqueueMessage, sendNow } from '../messages/outbox.ts';
import { loadBookingSettings } from '../settings.ts';
import { siteUrl as configuredSiteUrl } from '../site-url.ts';
import { claimTimesFreed, markTimesFreedHandled } from './time-freed.ts';

/**
 * The offer job (docs/decisions/084): expires open offers past their time, takes the times that
 * freed (time_freed, decision 083) and the offers declined or expired since, asks the availability
 * engine which starts in them are really free for each waiting request's visit, and offers them first
 * asked first offered, a few at a time, each offer and its messages written in one transaction with
 * the events marked handled. Outside waking hours nothing is offered and nothing is handled: the rows
 * wait, and the morning's first run offers what is still free then.
 */

export interface WaitlistRequestRow {
  id: string;
  customer_id: string | null;
  service_id: string;
  dog: Dog;
  extras: string[];
  /** A party's request: every dog, the first being `dog` (docs/decisions/084 "Several dogs"); else null. */
  dogs: Array<Required<WaitlistDog>> | null;
  from_date: string;
  to_date: string;
  weekdays: number[];
  parts: PartOfDay[];
  contact_name: string;
  phone: string;
  email: string | null;
  notify_text: boolean;
  notify_email: boolean;
  status: string;
  created_at: Date;
}

/** A request's columns as WaitlistRequestRow reads them, of the table as `r`. */
export const requestColumns = (r = 'r') =>
  `${r}.id, ${r}.customer_id, ${r}.service_id, ${r}.dog, ${r}.extras, ${r}.dogs, to_char(${r}.from_date, 'YYYY-MM-DD') AS from_date,
   to_char(${r}.to_date, 'YYYY-MM-DD') AS to_date, ${r}.weekdays, ${r}.parts, ${r}.contact_name, ${r}.phone, ${r}.email,
   ${r}.notify_text, ${r}.notify_email, ${r}.status, ${r}.created_at`;

export interface OfferRun {
  /** Outside waking hours: nothing offered, the freed times left for the morning. */
  asleep: boolean;
  expired: number;
  freed: number;
  passedOn: number;
  offered: number;
  messageIds: string[];
}

/** How a request reaches its owner: text and/or e-mail, as they asked. */
export function recipientsOf(r: Pick<WaitlistRequestRow, 'phone' | 'email' | 'notify_text' | 'notify_email'>) {
  return { phone: r.notify_text ? r.phone : null, email: r.notify_email ? r.email : null };
}

/** The visit a request asks for, planned as the booking will plan it (null: the service is no longer sold). */
export async function visitOf(tx: Tx, r: WaitlistRequestRow, settings: BookingSettings) {
  try {
    return await planVisit(
      tx,
      { serviceId: r.service_id, weightKg: r.dog.weightKg, breedId: r.dog.breedId, extraIds: r.extras },
      settings,
    );
  } catch {
    // An extra no longer offered: the request cannot be booked as asked, so it is offered nothing.
    return null;
  }
}

/**
 * Every visit of a request, planned as the booking will plan it: one dog's, or each dog of a party's
 * (null: a service or extra no longer sold, so it is offered nothing).
 */
export async function visitsOf(tx: Tx, r: WaitlistRequestRow, settings: BookingSettings) {
  if (!r.dogs) {
    const visit = await visitOf(tx, r, settings);
    return visit ? [visit] : null;
  }
  const visits: PlannedVisit[] = [];
  for (const d of r.dogs) {
    const visit = await visitOf(tx, { ...r, service_id: d.serviceId, dog: d.dog, extras: d.extras }, settings);
    if (!visit) return null;
    visits.push(visit);
  }
  return visits;
}

/** The shop's days a freed range touches, from today to the horizon; null when none. */
function daysOfRange(settings: BookingSettings, range: FreedRange, now: Date) {
  const tz = settings.timeZone;
  const from = [todayIn(tz, now), instantToZoned(range.start, tz).date].sort().at(-1)!;
  const to = [lastBookableDay(settings, now), instantToZoned(new Date(range.end.getTime() - 1), tz).date].sort()[0]!;
  return from > to ? null : { from, to };
}

/**
 * The free starts for a party whose start lies in `range`, each with the placement that fits, by
 * the same code as the booking's `dogs=` availability (decision 082): every dog fits, or none is offered.
 */
export async function freePartyStartsIn(
  tx: Tx,
  settings: BookingSettings,
  durations: number[],
  range: FreedRange,
  now: Date,
): Promise<Array<{ start: Date; placement: PartyPlacement }>> {
  const days = daysOfRange(settings, range, now);
  if (!days) return [];
  const party = await partyDaysBetween(
    tx,
    settings,
    { durations, placement: settings.partyPlacement },
    days.from,
    days.to,
    now,
  );
  return party
    .flatMap((d) => d.slots.map((s) => ({ start: new Date(s.start), placement: s.placement })))
    .filter(({ start: s }) => s >= range.start && s < range.end && startReachable(s, now, settings));
}

/**
 * A request's free starts in `range`: its one visit's, or where its whole party fits, with the
 * placement (null for one dog). For staff's day view and their offer by hand (decision 086).
 */
export async function freeStartsFor(
  tx: Tx,
  settings: BookingSettings,
  row: Pick<WaitlistRequestRow, 'dogs'>,
  visits: readonly PlannedVisit[],
  range: FreedRange,
  now: Date,
): Promise<Array<{ start: Date; placement: PartyPlacement | null }>> {
  if (row.dogs)
    return freePartyStartsIn(
      tx,
      settings,
      visits.map((v) => v.durationMin),
      range,
      now,
    );
  return (await freeStartsIn(tx, settings, visits[0]!.durationMin, range, now)).map((start) => ({
    start,
    placement: null,
  }));
}

/** The free starts for a visit of `minutes` whose start lies in `range`, by the availability engine. */
export async function freeStartsIn(
  tx: Tx,
  settings: BookingSettings,
  minutes: number,
  range: FreedRange,
  now: Date,
): Promise<Date[]> {
  const tz = settings.timeZone;
  const span = daysOfRange(settings, range, now);
  if (!span) return [];
  const { from, to } = span;
  const spanStart = zonedDateTimeToInstant(from, '00:00', tz);
  const spanEnd = zonedDateTimeToInstant(addDays(to, 1), '00:00', tz);
  const rows = await bookingTimesBetween(tx, spanStart, spanEnd);
  const days = availableSlots({
    now,
    settings,
    durationMinutes: minutes,
    from,
    to,
    busy: busyIntervalsFrom(rows, now),
  });
  return days
    .flatMap((d) => d.slots.map((s) => new Date(s.start)))
    .filter((s) => s >= range.start && s < range.end && startReachable(s, now, settings));
}

export async function runOfferJob(options: { now?: Date; siteUrl?: string; send?: boolean } = {}): Promise<OfferRun> {
  const now = options.now ?? new Date();
  const site = options.siteUrl ?? configuredSiteUrl();
  const run = await transaction((tx) => offerWithin(tx, now, site));
  if (options.send !== false) await sendNow(run.messageIds, { now, what: 'the waitlist offers' });
  return run;
}

async function offerWithin(tx: Tx, now: Date, site: string): Promise<OfferRun> {
  // One run at a time: two runs (the minute's and a cancellation's kick) would each see a request
  // without an open offer and offer it twice. The second waits, then sees what the first wrote.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('waitlist offers'))`);
  const settings = await loadBookingSettings(tx);
  const run: OfferRun = { asleep: false, expired: 0, freed: 0, passedOn: 0, offered: 0, messageIds: [] };
  const expired = await tx.query(
    `UPDATE waitlist_offers SET status = 'expired', answered_at = $1 WHERE status = 'open' AND expires_at <= $1 RETURNING id`,
    [now],
  );
  run.expired = expired.rowCount ?? 0;
  // A request whose dates are all past has nothing left to be offered.
  await tx.query(
    `UPDATE waitlist_requests SET status = 'lapsed', updated_at = $1 WHERE status = 'waiting' AND to_date < $2::date`,
    [now, todayIn(settings.timeZone, now)],
  );
  if (!isWakingHour(now, settings.timeZone, settings.waitlist.wakingHours)) return { ...run, asleep: true };

  const events = await claimTimesFreed(tx, 500);
  const { rows: passOn } = await tx.query<{ id: string; start_at: Date; end_at: Date }>(
    `SELECT id, start_at, end_at FROM waitlist_offers
      WHERE status IN ('declined', 'expired') AND passed_on_at IS NULL ORDER BY id LIMIT 500 FOR UPDATE SKIP LOCKED`,
  );
  run.freed = events.length;
  run.passedOn = passOn.length;
  const ranges = mergeFreedRanges([
    ...events.map((e) => ({ start: e.start, end: e.end })),
    // A start passed on: the offer's own start is the one to look at again.
    ...passOn.map((o) => ({ start: o.start_at, end: new Date(o.start_at.getTime() + 60_000) })),
  ]);
  if (ranges.length > 0) await offerRanges(tx, settings, ranges, now, site, run);
  await markTimesFreedHandled(
    tx,
    events.map((e) => e.id),
    now,
  );
  if (passOn.length > 0)
    await tx.query('UPDATE waitlist_offers SET passed_on_at = $2 WHERE id = ANY ($1::text[])', [
      passOn.map((o) => o.id),
      now,
    ]);
  return run;
}

interface Candidate {
  row: WaitlistRequestRow;
  visit: PlannedVisit;
  /** Every dog's visit: one for one dog's request. */
  visits: PlannedVisit[];
  waiting: WaitingRequest & { offeredStarts: Set<number> };
}

/** A party's span in minutes with the placement tried first: how long an offered start is taken for. */
const partyMinutes = (visits: readonly PlannedVisit[], settings: BookingSettings) =>
  partySpanMinutes(
    dogPlaces(
      visits.map((v) => v.durationMin),
      placementsAllowed(settings.partyPlacement)[0]!,
    ),
  );

async function offerRanges(
  tx: Tx,
  settings: BookingSettings,
  ranges: readonly FreedRange[],
  now: Date,
  site: string,
  run: OfferRun,
): Promise<void> {
  const { rows } = await tx.query<WaitlistRequestRow & { open: boolean; offered: string[] | null }>(
    `SELECT ${requestColumns()},
            EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.request_id = r.id AND o.status = 'open') AS open,
            (SELECT array_agg((extract(epoch FROM o.start_at) * 1000)::bigint::text) FROM waitlist_offers o WHERE o.request_id = r.id) AS offered
       FROM waitlist_requests r WHERE status = 'waiting' AND erased_at IS NULL ORDER BY created_at, id`,
  );
  if (rows.length === 0) return;
  // One dog's requests are grouped by their visit's length; each party's is a group of its own,
  // asked of the party's availability.
  const groups = new Map<string, Candidate[]>();
  for (const row of rows) {
    const visits = await visitsOf(tx, row, settings);
    if (!visits) continue;
    const waiting = {
      id: row.id,
      createdAt: row.created_at,
      suits: { fromDate: row.from_date, toDate: row.to_date, weekdays: row.weekdays, parts: row.parts },
      hasOpenOffer: row.open,
      offeredStarts: new Set((row.offered ?? []).map(Number)),
    };
    const key = row.dogs ? `party:${row.id}` : String(visits[0]!.durationMin);
    const group = groups.get(key) ?? [];
    group.push({ row, visit: visits[0]!, visits, waiting });
    groups.set(key, group);
  }
  const { rows: openRows } = await tx.query<{ at: string; n: number }>(
    `SELECT (extract(epoch FROM start_at) * 1000)::bigint::text AS at, count(*)::int AS n
       FROM waitlist_offers WHERE status = 'open' GROUP BY start_at`,
  );
  const openByStart = new Map(openRows.map((r) => [Number(r.at), r.n]));

  for (const group of groups.values()) {
    const { row: party, visits } = group[0]!;
    const minutes = party.dogs ? partyMinutes(visits, settings) : visits[0]!.durationMin;
    for (const range of ranges) {
      const placements = new Map<number, PartyPlacement>();
      const starts = party.dogs
        ? (
            await freePartyStartsIn(
              tx,
              settings,
              visits.map((v) => v.durationMin),
              range,
              now,
            )
          ).map(({ start, placement }) => (placements.set(start.getTime(), placement), start))
        : await freeStartsIn(tx, settings, minutes, range, now);
      const plan = planOffers({
        starts,
        durationMin: minutes,
        requests: group.map((c) => c.waiting),
        openByStart,
        offersAtOnce: settings.waitlist.offersAtOnce,
        timeZone: settings.timeZone,
      });
      for (const { start, requestIds } of plan) {
        for (const id of requestIds) {
          const candidate = group.find((c) => c.row.id === id)!;
          const placement = placements.get(start.getTime()) ?? null;
          run.messageIds.push(
            ...(await writeOffer(tx, candidate, start, settings, now, site, null, placement)).messageIds,
          );
          candidate.waiting.hasOpenOffer = true;
          candidate.waiting.offeredStarts.add(start.getTime());
          run.offered++;
        }
        openByStart.set(start.getTime(), (openByStart.get(start.getTime()) ?? 0) + requestIds.length);
      }
    }
  }
}

/**
 * One offer and its messages, in the caller's transaction: the job's, or a member of staff's offering
 * a time by hand (`offeredBy`, docs/decisions/086). The same row, expiry and words either way.
 */
export async function writeOffer(
  tx: Tx,
  { row, visit, visits = [visit] }: Pick<Candidate, 'row' | 'visit'> & Partial<Pick<Candidate, 'visits'>>,
  start: Date,
  settings: BookingSettings,
  now: Date,
  site: string,
  offeredBy: string | null = null,
  /** A party's offer: where its dogs sit, as the party's availability found the start (decision 082). */
  placement: PartyPlacement | null = null,
): Promise<{ id: string; expiresAt: Date; messageIds: string[] }> {
  const id = randomId(18);
  const dogs = row.dogs ?? [{ serviceId: row.service_id, dog: row.dog, extras: row.extras }];
  const span = placement
    ? partySpanMinutes(
        dogPlaces(
          visits.map((v) => v.durationMin),
          placement,
        ),
      )
    : visit.durationMin;
  const end = new Date(start.getTime() + span * 60_000);
  const expiresAt = offerExpiry(now, start, settings.waitlist.offerMinutes, settings.minNoticeMinutes);
  await tx.query(
    `INSERT INTO waitlist_offers (id, request_id, start_at, end_at, status, offered_at, expires_at, offered_by, placement)
     VALUES ($1, $2, $3, $4, 'open', $5, $6, $7, $8)`,
    [id, row.id, start, end, now, expiresAt, offeredBy, placement],
  );
  // A party's one price and one deposit: each dog's own quote, summed as the party booking sums them.
  const price = partyQuote(
    visits.map((v, i) => ({ name: dogs[i]!.dog.name, quote: priceFor(v, dogs[i]!.dog.weightKg, settings, now) })),
  );
  const messages = offerMessages({
    requestId: row.id,
    offerId: id,
    dogName: joinNames(dogs.map((d) => d.dog.name)),
    serviceTitle: joinNames(visits.map((v) => v.service.title)),
    ...(row.dogs
      ? { what: visitsInWords(dogs.map((d, i) => ({ name: d.dog.name, service: visits[i]!.service.title }))) }
      : {}),
    start,
    expiresAt,
    totalFromPence: price.totalFromPence,
    depositPence: price.depositPence,
    contactName: row.contact_name,
    ...recipientsOf(row),
    siteUrl: site,
    timeZone: settings.timeZone,
  });
  return { id, expiresAt, messageIds: await enqueueAll(tx, messages, expiresAt) };
}

/** Messages into the outbox; an offer's are never sent after it has lapsed. */
export async function enqueueAll(tx: Tx, messages: readonly WaitlistMessage[], expiresAt?: Date): Promise<string[]> {
  const ids: string[] = [];
  for (const m of messages) {
    const id = await enqueueMessage(tx, { ...m, ...(expiresAt ? { expiresAt } : {}) });
    if (id) ids.push(id);
  }
  return ids;
}

/**
 * After a path that frees a time commits (a cancellation, a move), the offer job runs at once instead
 * of at the next minute, when anyone is waiting: a cancelled table's offer leaves in well under a
 * second. After the answer where the platform allows it (the context's `waitUntil`). `siteUrl` is the address the
 * change came to, for the links, as the change's own messages use. A failure is logged; the
 * scheduled run does the same work a minute later.
 */
export async function kickOffers(options: { context?: unknown; siteUrl?: string } = {}): Promise<void> {
  const { siteUrl } = options;
  const work = (async () => {
    const [waiting] = await query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM waitlist_requests WHERE status = 'waiting') AS any`,
    );
    if (waiting?.any) await runOfferJob(siteUrl ? { siteUrl } : {});
  })().catch((error: unknown) =>
    console.error('waitlist offers after a freed time failed; the scheduled run will retry:', error),
  );
  // Netlify's context keeps the function alive for work after its answer; without one, wait here.
  const waitUntil = (options.context as { waitUntil?: (work: Promise<unknown>) => void } | undefined)?.waitUntil;
  if (typeof waitUntil === 'function') waitUntil(work);
  else await work;
}
