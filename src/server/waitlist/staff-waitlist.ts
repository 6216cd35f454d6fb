import type { BookingSettings } from '../../domain/booking-settings.ts';
import { addDays, zonedDateTimeToInstant } from '../../domain/london-time.ts';
import type {
  StaffOfferResponse,
  StaffWaitlistDay,
  StaffWaitlistEntry,
  WaitlistCountsQuery,
  WaitlistCountsResponse,
} from '../../domain/staff-waitlist.ts';
import { startReachable, startSuits } from '../../domain/waitlist-offers.ts';
import type { WaitlistView } from '../../domain/waitlist.ts';
import { toldInWords, whatSuitsInWords } from '../../domain/waitlist-words.ts';
import { writtenTime } from '../../domain/written-dates.ts';
import { audit } from '../audit.ts';
import type { PlannedVisit } from '../bookings/catalogue.ts';
import { db, transaction, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { sendNow } from '../messages/outbox.ts';
import { loadBookingSettings } from '../settings.ts';
import type { StaffMember } from '../staff.ts';
import { joinNames } from '../../domain/party-quote.ts';
import {
  freeStartsFor,
  freeStartsIn,
  requestColumns,
  visitsOf,
  writeOffer,
  type WaitlistRequestRow,
} from './offers.ts';
import { WAITLIST_NOT_FOUND } from './request-view.ts';
import { withdrawIn } from './withdraw.ts';

/**
 * The waitlist as staff see it on the schedule (docs/decisions/086): a day's waiting requests, first
 * asked first, with the dog, what suits and any open offer; how many wait on each day shown; and a
 * time offered by hand, checked by the availability engine and written by the offer job's own
 * writeOffer, its messages sent at once.
 */

type Staff = Pick<StaffMember, 'customerId'>;

/** The requests that wait on `date`: the date within theirs and on a weekday they chose. */
const WAITS_ON = (date: string, r = 'r') =>
  `${r}.status = 'waiting' AND ${r}.erased_at IS NULL AND ${date} BETWEEN ${r}.from_date AND ${r}.to_date
   AND extract(isodow FROM ${date})::smallint = ANY (${r}.weekdays)`;

/** GET /management/waitlist/counts: one grouped read over the range, for the week's and the day's headers. */
export async function waitlistCounts(q: WaitlistCountsQuery): Promise<WaitlistCountsResponse> {
  const { rows } = await db().query<{ date: string; n: number }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS date, count(*)::int AS n
       FROM generate_series($1::date, $1::date + ($2::int - 1), interval '1 day') AS g (d)
       JOIN waitlist_requests r ON ${WAITS_ON('g.d::date')}
      GROUP BY g.d ORDER BY g.d`,
    [q.from, q.days],
  );
  return { counts: Object.fromEntries(rows.map((row) => [row.date, row.n])) };
}

interface DayRow extends WaitlistRequestRow {
  service_title: string;
  breed_name: string | null;
  extra_titles: Array<{ id: string; title: string }> | null;
  created_by: string | null;
  offer_id: string | null;
  offer_start: Date | null;
  offer_expires: Date | null;
  offer_by: string | null;
  offered_starts: string[] | null;
}

/** GET /management/waitlist/day: the day's waiting requests, first asked first, each with the day's free starts for its visit. */
export async function waitlistDay(date: string, now = new Date()): Promise<StaffWaitlistDay> {
  return transaction(async (tx) => {
    const settings = await loadBookingSettings(tx);
    const { rows } = await tx.query<DayRow>(
      `SELECT ${requestColumns('r')}, t.title AS service_title, b.name AS breed_name, r.created_by,
              (SELECT json_agg(json_build_object('id', e.id, 'title', e.title) ORDER BY e.display_order, e.id)
                 FROM extras e WHERE e.id = ANY (r.extras)) AS extra_titles,
              o.id AS offer_id, o.start_at AS offer_start, o.expires_at AS offer_expires, s.name AS offer_by,
              (SELECT array_agg((extract(epoch FROM p.start_at) * 1000)::bigint::text)
                 FROM waitlist_offers p WHERE p.request_id = r.id) AS offered_starts
         FROM waitlist_requests r
         JOIN booking_types t ON t.id = r.service_id
         LEFT JOIN breeds b ON b.id = r.dog->>'breedId'
         LEFT JOIN waitlist_offers o ON o.request_id = r.id AND o.status = 'open'
         LEFT JOIN customers s ON s.id = o.offered_by
        WHERE ${WAITS_ON('$1::date')}
        ORDER BY r.created_at, r.id`,
      [date],
    );
    const day = {
      start: zonedDateTimeToInstant(date, '00:00', settings.timeZone),
      end: zonedDateTimeToInstant(addDays(date, 1), '00:00', settings.timeZone),
    };
    // One read of the day per visit length, however many requests share it.
    const startsByLength = new Map<number, Date[]>();
    const requests: StaffWaitlistEntry[] = [];
    for (const row of rows) {
      const visits = await visitsOf(tx, row, settings);
      const visit = visits?.[0] ?? null;
      let freeStarts: StaffWaitlistEntry['freeStarts'] = [];
      if (visits && visit && !row.offer_id) {
        const minutes = visit.durationMin;
        // A party's starts are where every dog fits (decision 082), read for it alone.
        const starts = row.dogs
          ? (await freeStartsFor(tx, settings, row, visits, day, now)).map((s) => s.start)
          : (startsByLength.get(minutes) ??
            startsByLength.set(minutes, await freeStartsIn(tx, settings, minutes, day, now)).get(minutes)!);
        const offered = new Set((row.offered_starts ?? []).map(Number));
        freeStarts = starts
          .filter((s) => !offered.has(s.getTime()))
          .map((s) => ({
            start: s.toISOString(),
            time: writtenTime(s, settings.timeZone),
            suits: startSuits(s, suitsOf(row), settings.timeZone),
          }));
      }
      requests.push(entryOf(row, visit, freeStarts));
    }
    return { date, timeZone: settings.timeZone, requests };
  });
}

const suitsOf = (row: WaitlistRequestRow) => ({
  fromDate: row.from_date,
  toDate: row.to_date,
  weekdays: row.weekdays,
  parts: row.parts,
});

function entryOf(
  row: DayRow,
  visit: PlannedVisit | null,
  freeStarts: StaffWaitlistEntry['freeStarts'],
): StaffWaitlistEntry {
  const suits = { from: row.from_date, to: row.to_date, weekdays: row.weekdays, parts: row.parts };
  return {
    id: row.id,
    contactName: row.contact_name,
    phone: row.phone,
    email: row.email,
    // A party's request names every dog; the breed and weight are its first dog's.
    dog: {
      name: joinNames((row.dogs ?? [row]).map((d) => d.dog.name)),
      breed: row.breed_name ?? '',
      weightKg: row.dog.weightKg,
    },
    service: { id: row.service_id, title: row.service_title },
    extras: row.extra_titles ?? [],
    minutes: visit?.durationMin ?? null,
    suits: whatSuitsInWords(suits),
    told: toldInWords({ text: row.notify_text, email: row.notify_email }, row.phone),
    askedAt: row.created_at.toISOString(),
    addedByStaff: row.created_by !== null,
    openOffer:
      row.offer_id && row.offer_start && row.offer_expires
        ? {
            id: row.offer_id,
            start: row.offer_start.toISOString(),
            expiresAt: row.offer_expires.toISOString(),
            offeredBy: row.offer_by ?? null,
          }
        : null,
    freeStarts,
  };
}

const refused = (status: number, code: string, message: string) => new HttpError(status, message, { code });

/** Why a request cannot be offered a time by hand now; null when it can. */
async function refusalOf(tx: Tx, row: WaitlistRequestRow, settings: BookingSettings): Promise<HttpError | null> {
  if (row.status !== 'waiting')
    return refused(409, 'not_waiting', `This request is no longer on the waitlist (it is ${row.status}).`);
  const {
    rows: [open],
  } = await tx.query<{ expires_at: Date }>(
    `SELECT expires_at FROM waitlist_offers WHERE request_id = $1 AND status = 'open'`,
    [row.id],
  );
  if (open)
    return refused(
      409,
      'open_offer',
      `This request already has an open offer until ${writtenTime(open.expires_at, settings.timeZone)}.`,
    );
  return null;
}

/**
 * POST /management/waitlist/{id}/offers: staff offer a waiting request a time by hand. The start must
 * be one the availability engine finds free for the request's visit and beyond the shop's notice (the
 * owner books it through the public accept, which keeps the notice); waking hours and the number of
 * offers at once do not apply: a person chose to send it now. Audited; the messages leave at once.
 */
export async function offerByHand(
  id: string,
  startIso: string,
  staff: Staff,
  site: string,
  now = new Date(),
): Promise<StaffOfferResponse> {
  const start = new Date(startIso);
  const made = await transaction(async (tx) => {
    // Taking turns with the offer job: each sees the other's open offer before writing its own.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('waitlist offers'))`);
    const settings = await loadBookingSettings(tx);
    const {
      rows: [row],
    } = await tx.query<WaitlistRequestRow>(
      `SELECT ${requestColumns()} FROM waitlist_requests r WHERE r.id = $1 AND r.erased_at IS NULL FOR UPDATE`,
      [id],
    );
    if (!row) throw refused(404, 'not_found', WAITLIST_NOT_FOUND);
    const refusal = await refusalOf(tx, row, settings);
    if (refusal) throw refusal;
    const visits = await visitsOf(tx, row, settings);
    const visit = visits?.[0];
    if (!visits || !visit)
      throw refused(
        409,
        'not_sold',
        'The service or an extra this request asks for is no longer sold, so it cannot be offered a time.',
      );
    if (!startReachable(start, now, settings))
      throw refused(
        422,
        'too_soon',
        start.getTime() < now.getTime()
          ? 'That time has passed.'
          : 'That time is too soon to offer: it is inside the notice the shop asks of online bookings. Book it as a phone booking instead.',
      );
    // A party's time is free when every dog fits, as the party's availability places them.
    const free = (
      await freeStartsFor(tx, settings, row, visits, { start, end: new Date(start.getTime() + 60_000) }, now)
    ).find((s) => s.start.getTime() === start.getTime());
    if (!free) throw refused(409, 'slot_taken', 'That time is no longer free.');
    const {
      rows: [before],
    } = await tx.query(`SELECT 1 FROM waitlist_offers WHERE request_id = $1 AND start_at = $2`, [id, start]);
    if (before) throw refused(409, 'already_offered', 'They have been offered this time already.');
    const offer = await writeOffer(
      tx,
      { row, visit, visits },
      start,
      settings,
      now,
      site,
      staff.customerId,
      free.placement,
    );
    await audit(tx, staff, 'waitlist.offer', 'waitlist_request', id, {
      after: { offerId: offer.id, start: start.toISOString(), expiresAt: offer.expiresAt.toISOString() },
    });
    const {
      rows: [me],
    } = await tx.query<{ name: string | null }>('SELECT name FROM customers WHERE id = $1', [staff.customerId]);
    return { offer, offeredBy: me?.name ?? null };
  });
  await sendNow(made.offer.messageIds, { now, what: 'a waitlist offer made by hand' });
  return {
    offer: {
      id: made.offer.id,
      start: start.toISOString(),
      expiresAt: made.offer.expiresAt.toISOString(),
      offeredBy: made.offeredBy,
    },
    messages: made.offer.messageIds.length,
  };
}

/**
 * POST /management/waitlist/{id}/withdraw: the caller phoned to say stop. The owner's own withdraw
 * (its open offer declined with it, so the time passes on), audited.
 */
export async function withdrawForStaff(id: string, staff: Staff, now = new Date()): Promise<WaitlistView> {
  return transaction(async (tx) => {
    const view = await withdrawIn(tx, id, now);
    await audit(tx, staff, 'waitlist.withdraw', 'waitlist_request', id, { after: { status: view.status } });
    return view;
  });
}
