import { availableSlots, busyIntervalsFrom, lastBookableDay, type BookingTimes } from '../../domain/availability.ts';
import type {
  AvailabilityDay,
  AvailabilityQuery,
  AvailabilityResponse,
  BookingStatus,
  PartyDogAsked,
  Slot,
} from '../../domain/booking-schemas.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import { addDays, instantToZoned, todayIn, zonedDateTimeToInstant } from '../../domain/london-time.ts';
import { staffBookingSettings } from '../../domain/staff-rules.ts';
import { db, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { loadBookingSettings } from '../settings.ts';
import { planVisit, planVisits, serviceNotSold, type VisitAsked } from './catalogue.ts';
import { partyOf, type Party } from './party-records.ts';
import { partySlots, type PartyInput } from '../../domain/party-slots.ts';
import type { PartyPlacementSetting } from '../../domain/party.ts';

/**
 * Bookings that may occupy a table between two instants: confirmed ones and unpaid holds (whether a
 * hold is still live is the domain's call, busyIntervalsFrom). Uses the partial index on start_at;
 * no appointment is longer than 12 hours (a table constraint), so that much look-back suffices.
 *
 * Bookings sit on the slot grid, so many share their times: the database groups them and sends one
 * row per distinct (start, end, status, hold), with instants as epoch milliseconds. With 10,000
 * bookings in 8 weeks that is a few thousand small rows instead of 10,000 rows of timestamps to
 * parse (bench-results/availability.md, docs/decisions/029-availability-reads.md).
 */
export async function bookingTimesBetween(
  tx: Tx,
  from: Date,
  to: Date,
  excludeId?: string,
  // A booking of several dogs being moved leaves all its dogs out (docs/decisions/082).
  excludeParty?: string,
): Promise<BookingTimes[]> {
  // Time the shop blocked off (time_blocks) takes every table: it comes back as that many bookings.
  const { rows } = await tx.query<{ s: number; e: number; status: BookingStatus; h: number | null; n: number }>(
    `SELECT (extract(epoch FROM start_at) * 1000)::float8 AS s, (extract(epoch FROM end_at) * 1000)::float8 AS e,
            status, (extract(epoch FROM hold_expires_at) * 1000)::float8 AS h, count(*)::int AS n
       FROM bookings
      WHERE status IN ('pending_payment', 'confirmed')
        AND start_at < $2 AND start_at > $1::timestamptz - interval '12 hours' AND end_at > $1
        AND ($3::text IS NULL OR id <> $3)
        AND ($4::text IS NULL OR party_id IS DISTINCT FROM $4)
      GROUP BY start_at, end_at, status, hold_expires_at
     UNION ALL
     SELECT (extract(epoch FROM start_at) * 1000)::float8, (extract(epoch FROM end_at) * 1000)::float8,
            'confirmed', NULL, booking_capacity()
       FROM time_blocks WHERE start_at < $2 AND end_at > $1`,
    [from, to, excludeId ?? null, excludeParty ?? null],
  );
  const times: BookingTimes[] = [];
  for (const r of rows) {
    const t: BookingTimes = {
      start: new Date(r.s),
      end: new Date(r.e),
      status: r.status,
      holdExpiresAt: r.h === null ? null : new Date(r.h),
    };
    for (let i = 0; i < r.n; i++) times.push(t);
  }
  return times;
}

/** The shop's days `from`..`to` as instants: from the first opening minute to the last day's end. */
function spanOfDays(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedDateTimeToInstant(from, '00:00', timeZone),
    end: zonedDateTimeToInstant(addDays(to, 1), '00:00', timeZone),
  };
}

export async function availability(
  query: AvailabilityQuery,
  now = new Date(),
  tx: Tx = db(),
): Promise<AvailabilityResponse> {
  const settings = await loadBookingSettings(tx);
  // Several dogs (docs/decisions/082): asked with dogs=, or a booking of several being moved.
  const party = query.dogs
    ? await partyAsked(tx, query.dogs, settings)
    : query.exclude
      ? await partyToMove(tx, query.exclude)
      : null;
  // The dogs' lengths, or one visit's minutes.
  const visits =
    party ??
    (await visitLength(
      tx,
      { serviceId: query.service ?? '', weightKg: query.weightKg, extraIds: query.extras },
      settings,
      query.exclude,
    ));
  if (visits === null) throw serviceNotSold(404);
  const today = todayIn(settings.timeZone, now);
  const lastDay = lastBookableDay(settings, now);
  // `from` is a day that could be booked: today to the last day of the horizon. The days after it
  // may run past the horizon and come back closed ('beyond_horizon'), so a calendar page that
  // reaches the end still fills up; nothing asked for lies far from today.
  if (query.from !== undefined && (query.from < today || query.from > lastDay)) {
    throw new HttpError(
      400,
      `Please choose a day from ${today} to ${lastDay}: we take bookings up to ${settings.horizonWeeks} weeks ahead.`,
      { code: 'invalid' },
    );
  }
  const from = query.from ?? today;
  const days = query.days ?? settings.horizonWeeks * 7 + 1;
  const to = addDays(from, days - 1);
  return {
    timeZone: settings.timeZone,
    days:
      typeof visits === 'number'
        ? await daysBetween(tx, settings, visits, from, to, now, query.exclude)
        : await partyDaysBetween(tx, settings, visits, from, to, now),
  };
}

/**
 * How long the visit whose times are asked for takes: a booking being moved keeps its own length
 * (its size and extras were priced with it); otherwise the visit as asked. Null: a service not sold.
 */
async function visitLength(
  tx: Tx,
  asked: VisitAsked,
  settings: BookingSettings,
  moving: string | undefined,
): Promise<number | null> {
  if (moving !== undefined) {
    const { rows } = await tx.query<{ minutes: number }>(
      `SELECT (extract(epoch FROM end_at - start_at) / 60)::int AS minutes FROM bookings WHERE id = $1`,
      [moving],
    );
    if (rows[0]) return rows[0].minutes;
  }
  return (await planVisit(tx, asked, settings))?.durationMin ?? null;
}

/**
 * The days `from`..`to` with one visit's free starts, as /book offers them (and as a rebook proposes
 * them: docs/decisions/101), under the rules of whoever books (`settings`).
 */
export async function daysBetween(
  tx: Tx,
  settings: BookingSettings,
  durationMinutes: number,
  from: string,
  to: string,
  now: Date,
  exclude?: string,
) {
  const span = spanOfDays(from, to, settings.timeZone);
  const rows = await bookingTimesBetween(tx, span.start, span.end, exclude);
  return availableSlots({
    now,
    settings,
    durationMinutes,
    from,
    to,
    busy: busyIntervalsFrom(rows, now),
  });
}

/**
 * One day's free start times for a visit, as its booker may take them: a customer by the shop's
 * rules, staff without the minimum notice (src/domain/staff-rules.ts). Null for a service not sold.
 */
export async function dayAvailability(
  asked: VisitAsked,
  date: string,
  now = new Date(),
  options: { exclude?: string | undefined; forStaff?: boolean } = {},
): Promise<{ settings: BookingSettings; day: AvailabilityDay } | null> {
  const pool = db();
  const stored = await loadBookingSettings(pool);
  const settings = options.forStaff ? staffBookingSettings(stored) : stored;
  // A dog of a booking of several being moved: the starts where the whole booking fits, each dog
  // keeping its place, as the public move offers them (decision 082); a start is its first dog's.
  const party = options.exclude ? await partyToMove(pool, options.exclude) : null;
  if (party) {
    const [partyDay] = await partyDaysBetween(pool, settings, party, date, date, now);
    return partyDay ? { settings, day: partyDay } : null;
  }
  const minutes = await visitLength(pool, asked, stored, options.exclude);
  if (minutes === null) return null;
  const [day] = await daysBetween(pool, settings, minutes, date, date, now, options.exclude);
  return day ? { settings, day } : null;
}

/** The free start times of the day of `instant`, as the loser of a race is offered them. */
export async function freshSlotsOfDay(
  asked: VisitAsked,
  instant: Date,
  now = new Date(),
  exclude?: string,
  options: { forStaff?: boolean } = {},
): Promise<Slot[]> {
  const settings = await loadBookingSettings(db());
  const date = instantToZoned(instant, settings.timeZone).date;
  return (await dayAvailability(asked, date, now, { exclude, ...options }))?.day.slots ?? [];
}

/** The dogs of a party whose times are asked for: each visit's length, and the placements allowed. */
export interface PartyTimes {
  durations: number[];
  placement: PartyPlacementSetting;
  /** A party being moved: its own dogs are left out of the busy times, and keep their places. */
  exclude?: string;
  keep?: PartyInput['keep'];
}

/** Several dogs asked for with dogs=: each planned as the booking will plan it; up to the shop's limit. */
async function partyAsked(tx: Tx, dogs: readonly PartyDogAsked[], settings: BookingSettings): Promise<PartyTimes> {
  if (dogs.length > settings.maxDogsPerBooking) throw tooManyDogs(settings);
  const visits = await planVisits(
    tx,
    dogs.map((dog) => ({ serviceId: dog.service, weightKg: dog.weightKg, extraIds: dog.extras })),
    settings,
  );
  if (!visits) throw serviceNotSold(404);
  const durations = visits.map((v) => v.durationMin);
  return { durations, placement: settings.partyPlacement };
}

/** A booking of several dogs being moved keeps its dogs' lengths, order and placement. */
export async function partyToMove(tx: Tx, bookingId: string): Promise<PartyTimes | null> {
  const { rows } = await tx.query<{ party_id: string | null }>('SELECT party_id FROM bookings WHERE id = $1', [
    bookingId,
  ]);
  const partyId = rows[0]?.party_id;
  const party = partyId ? await partyOf(tx, partyId) : null;
  return party ? partyTimesOf(party) : null;
}

/** The times a party being moved needs: its dogs' lengths, and each dog's place from the first's start. */
export function partyTimesOf(party: Party): PartyTimes {
  const first = party.dogs[0]!.start.getTime();
  return {
    durations: party.dogs.map((d) => d.durationMin),
    placement: party.placement,
    exclude: party.id,
    keep: {
      placement: party.placement,
      places: party.dogs.map((d) => ({ offsetMin: (d.start.getTime() - first) / 60_000, durationMin: d.durationMin })),
    },
  };
}

export function tooManyDogs(settings: BookingSettings): HttpError {
  return new HttpError(
    400,
    `We can groom up to ${settings.maxDogsPerBooking} ${settings.maxDogsPerBooking === 1 ? 'dog' : 'dogs'} in one booking. Please book the others separately.`,
    { code: 'invalid' },
  );
}

/** The days `from`..`to` with the starts where the whole party fits (each slot with its placement). */
export async function partyDaysBetween(
  tx: Tx,
  settings: BookingSettings,
  party: PartyTimes,
  from: string,
  to: string,
  now: Date,
) {
  const span = spanOfDays(from, to, settings.timeZone);
  const rows = await bookingTimesBetween(tx, span.start, span.end, undefined, party.exclude);
  return partySlots({
    now,
    settings: { ...settings, partyPlacement: party.placement },
    durations: party.durations,
    from,
    to,
    busy: busyIntervalsFrom(rows, now),
    keep: party.keep,
  });
}

/** One day's starts where the whole party fits, as the loser of a race is offered them. */
export async function freshPartySlotsOfDay(party: PartyTimes, instant: Date, now = new Date()): Promise<Slot[]> {
  const pool = db();
  const settings = await loadBookingSettings(pool);
  const date = instantToZoned(instant, settings.timeZone).date;
  const [day] = await partyDaysBetween(pool, settings, party, date, date, now);
  return day?.slots ?? [];
}
