import { createHash } from 'node:crypto';
import { lastBookableDay } from '../../domain/availability.ts';
import { todayIn } from '../../domain/london-time.ts';
import { dogPlaces, partySpanMinutes, placementsAllowed } from '../../domain/party-slots.ts';
import { joinNames } from '../../domain/party-quote.ts';
import { dogsOf, type JoinWaitlistRequest, type JoinWaitlistResponse } from '../../domain/waitlist.ts';
import { waitlistJoinedMessages } from '../../domain/waitlist-messages.ts';
import { anyDayFits, visitsInWords, whatSuitsInWords } from '../../domain/waitlist-words.ts';
import { writtenDate } from '../../domain/written-dates.ts';
import { limitBookingsForPhone } from '../abuse.ts';
import { deviceProvesPhone, findKeyHolder } from '../access-keys.ts';
import { db, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../ids.ts';
import { enqueueMessage, sendNow } from '../messages/outbox.ts';
import { checkPhoneCode, spendPhoneCode, type CheckedCode } from '../phone-codes.ts';
import { idempotencyDigest } from '../sealed.ts';
import { loadBookingSettings } from '../settings.ts';
import { tooManyDogs } from '../bookings/availability.ts';
import { planVisits, serviceNotSold } from '../bookings/catalogue.ts';
import type { BookingContext } from '../bookings/create-booking.ts';
import { assertBreed, siteUrlOf, visitAsked } from '../bookings/create-booking.ts';
import { isUniqueViolation } from '../bookings/db-errors.ts';
import { assertDogsApart } from '../bookings/party-booking.ts';
import { bookingTransaction } from '../bookings/transaction.ts';
import { findWaitlistRequest, waitlistView } from './request-view.ts';

/**
 * Joining the waitlist (docs/decisions/084): checked as a booking is (the service sold, its extras,
 * the breed, the visit's minutes from planVisit, dates inside the horizon), but the number must be
 * proven first, always: the waitlist texts it later about times nobody booked, so a number typed by
 * a stranger must never start that. Asking always needs the proof, so the answer never depends on
 * what the number already has (decision 072).
 *
 * One waiting request per number and service. Asking again for the same dog changes the request
 * that waits and keeps its place in the queue (what suits has changed; withdrawing and asking again
 * would send the owner to the back). Asking for another dog is a 409 in the shop's words: replacing
 * the first dog's request silently would lose it.
 */

export const PHONE_PROOF_NEEDED =
  "Please confirm your mobile number with the code we text you, so we only ever text you about your dog's waitlist.";

export function waitlistRequestHash(
  request: Omit<JoinWaitlistRequest, 'idempotencyKey'> & Partial<Pick<JoinWaitlistRequest, 'idempotencyKey'>>,
): string {
  const { idempotencyKey: _key, phoneProof: _proof, ...rest } = request;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

const MINUTE = 60_000;

export async function joinWaitlist(
  request: JoinWaitlistRequest,
  context: BookingContext = {},
): Promise<JoinWaitlistResponse> {
  const now = context.now ?? new Date();
  const digest = idempotencyDigest(request.idempotencyKey);
  const replay = await answerReplay(digest, request);
  if (replay) return replay;

  const checked = await proveNumber(request, context, now);
  let messageIds: string[];
  let answer: JoinWaitlistResponse;
  try {
    ({ answer, messageIds } = await bookingTransaction((tx) =>
      writeWaitlistRequest(
        tx,
        {
          request,
          digest,
          requestHash: waitlistRequestHash(request),
          ...(checked ? { checked: (tx: Tx) => spendPhoneCode(tx, checked, now) } : {}),
        },
        context,
        now,
      ),
    ));
  } catch (error) {
    // The same request twice at once: the other won; answer as it did.
    if (isUniqueViolation(error, 'waitlist_requests_idempotency_key_key')) {
      const again = await answerReplay(digest, request);
      if (again) return again;
    }
    if (isUniqueViolation(error, 'waitlist_requests_one_waiting_idx'))
      throw new HttpError(409, 'This number has just asked for this service. Please look at the message we sent.', {
        code: 'already_waiting',
      });
    throw error;
  }
  await sendNow(messageIds, { now, what: 'the waitlist messages', later: context.waitUntil });
  return answer;
}

async function answerReplay(digest: string, request: JoinWaitlistRequest): Promise<JoinWaitlistResponse | null> {
  const {
    rows: [existing],
  } = await db().query<{ id: string }>('SELECT id FROM waitlist_requests WHERE idempotency_key = $1', [digest]);
  if (!existing) return null;
  const row = (await findWaitlistRequest(db(), existing.id))!;
  if (row.request_hash !== waitlistRequestHash(request))
    throw new HttpError(409, 'This request was already used for a different waitlist request. Please start again.', {
      code: 'idempotency_conflict',
    });
  return { requestId: row.id, updated: false, request: waitlistView(row) };
}

/** The code texted to the number, or the device key of the record that proved it; else 403 asking for the code. */
async function proveNumber(
  request: JoinWaitlistRequest,
  context: BookingContext,
  now: Date,
): Promise<CheckedCode | null> {
  const phone = request.owner.phone;
  if (request.phoneProof) return checkPhoneCode(request.phoneProof, phone, 'booking', now);
  const holder = await findKeyHolder(context.accessKey ?? null, now);
  if (deviceProvesPhone(holder, phone)) return null;
  // Tries without proof count as bookings for the number do (decision 052).
  await limitBookingsForPhone(phone, now);
  throw new HttpError(403, PHONE_PROOF_NEEDED, { code: 'phone_verification_required' });
}

/** What a request says, online or by staff: the join's fields without its proof and key. */
export type WaitlistAsked = JoinWaitlistRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'phoneProof' | 'idempotencyKey'>
    : never
  : never;

/** One request to write, and who asks: the owner online, or a staff member for a caller. */
export interface WaitlistAsk {
  request: WaitlistAsked;
  /** The idempotency key's digest and the request's hash, as the replay reads them. */
  digest: string;
  requestHash: string;
  /** Runs once the request is known good, before anything is written (the online join spends its code). */
  checked?: (tx: Tx) => Promise<void>;
  /** The customer it is for, when staff found them; else the record that proved the number, if any. */
  customerId?: string | null;
  /** The staff member who added a caller (null online). */
  createdBy?: string | null;
  /** The 409's words when the number already waits for this service with another dog; the owner's by default. */
  otherDogWaiting?(facts: { waiting: string; asked: string; service: string }): string;
}

export interface WrittenRequest {
  answer: JoinWaitlistResponse;
  messageIds: string[];
}

/**
 * The one write of a waitlist request, inside the caller's transaction, for the online join, staff
 * adding a caller (docs/decisions/084, 087) and the living demo shop's waiting owners (decision 088):
 * checked as a booking is, one waiting request per number and service (the same dog again changes
 * it and keeps its place), and its first message queued with its link.
 */
export async function writeWaitlistRequest(
  tx: Tx,
  ask: WaitlistAsk,
  context: BookingContext,
  now: Date,
): Promise<WrittenRequest> {
  const { request } = ask;
  const settings = await loadBookingSettings(tx);
  // A party's request (docs/decisions/084 "Several dogs"): the single columns hold its first dog,
  // `dogs` the whole party; a `dogs` of one is one dog's request.
  const dogs = dogsOf(request);
  if (dogs.length > settings.maxDogsPerBooking) throw tooManyDogs(settings);
  // The booking an offer makes would refuse them (docs/decisions/098): the owner names them apart now.
  assertDogsApart(dogs);
  const visits = await planVisits(tx, dogs.map(visitAsked), settings);
  if (!visits) throw serviceNotSold(400);
  for (const { dog } of dogs) await assertBreed(tx, dog.breedId);
  assertDates(request, todayIn(settings.timeZone, now), lastBookableDay(settings, now));
  await ask.checked?.(tx);

  const first = dogs[0]!;
  const names = dogs.map((d) => d.dog.name);
  const { phone } = request.owner;
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 84))', [`waitlist|${phone}|${first.serviceId}`]);
  const {
    rows: [waiting],
  } = await tx.query<{ id: string; names: string[] }>(
    `SELECT id, CASE WHEN dogs IS NULL THEN ARRAY[dog->>'name'] ELSE ARRAY(SELECT d->'dog'->>'name' FROM jsonb_array_elements(dogs) d) END AS names
       FROM waitlist_requests WHERE phone = $1 AND service_id = $2 AND status = 'waiting' FOR UPDATE`,
    [phone, first.serviceId],
  );
  // The same dogs (by name, in any order) change the waiting request; others are a 409.
  const sameDogs = (a: readonly string[], b: readonly string[]) =>
    a
      .map((n) => n.toLowerCase())
      .sort()
      .join('|') ===
    b
      .map((n) => n.toLowerCase())
      .sort()
      .join('|');
  if (waiting && !sameDogs(waiting.names, names))
    throw new HttpError(
      409,
      (ask.otherDogWaiting ?? ownerWords)({
        waiting: joinNames(waiting.names),
        asked: joinNames(names),
        service: visits[0]!.service.title,
      }),
      { code: 'already_waiting' },
    );
  const customerId = ask.customerId ?? (await verifiedCustomer(tx, phone));
  const email = request.owner.email || null;
  const durations = visits.map((v) => v.durationMin);
  // A party's minutes: the span of the placement tried first; the offer job asks the party's
  // availability again anyway. Held to the column's 12 hours.
  const minutes = Math.min(720, partySpanMinutes(dogPlaces(durations, placementsAllowed(settings.partyPlacement)[0]!)));
  const partyDogs =
    dogs.length > 1
      ? JSON.stringify(dogs.map((d) => ({ serviceId: d.serviceId, dog: d.dog, extras: [...new Set(d.extras ?? [])] })))
      : null;
  const fields = [
    JSON.stringify(first.dog),
    [...new Set(first.extras ?? [])],
    minutes,
    request.from,
    request.to,
    [...request.weekdays].sort((a, b) => a - b),
    [...request.parts].sort((a, b) => (a === 'morning' ? -1 : b === 'morning' ? 1 : 0)),
    request.owner.name,
    email,
    request.notify.text,
    request.notify.email,
    ask.digest,
    ask.requestHash,
    now,
    customerId,
    partyDogs,
  ];
  const id = waiting?.id ?? randomId(18);
  if (waiting) {
    await tx.query(
      `UPDATE waitlist_requests SET dog = $2::jsonb, extras = $3, minutes = $4, from_date = $5, to_date = $6, weekdays = $7,
              parts = $8, contact_name = $9, email = $10, notify_text = $11, notify_email = $12, idempotency_key = $13,
              request_hash = $14, updated_at = $15, customer_id = COALESCE($16, customer_id), dogs = $17::jsonb
        WHERE id = $1`,
      [id, ...fields],
    );
  } else {
    await tx.query(
      `INSERT INTO waitlist_requests (id, service_id, phone, status, dog, extras, minutes, from_date, to_date, weekdays, parts,
              contact_name, email, notify_text, notify_email, idempotency_key, request_hash, created_at, updated_at, customer_id,
              dogs, created_by)
       VALUES ($1, $2, $3, 'waiting', $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $18, $19::jsonb, $20)`,
      [id, first.serviceId, phone, ...fields, ask.createdBy ?? null],
    );
  }
  const row = (await findWaitlistRequest(tx, id))!;
  const messageIds: string[] = [];
  for (const message of waitlistJoinedMessages(
    {
      requestId: id,
      ownerName: request.owner.name,
      dogName: joinNames(names),
      serviceTitle: joinNames(visits.map((v) => v.service.title)),
      ...(dogs.length > 1
        ? { what: visitsInWords(dogs.map((d, i) => ({ name: d.dog.name, service: visits[i]!.service.title }))) }
        : {}),
      suits: whatSuitsInWords(request),
      phone,
      email,
      notify: request.notify,
      updated: Boolean(waiting),
    },
    siteUrlOf(context),
  )) {
    // The first message is useful for a day; after that the request's page says the same.
    const queued = await enqueueMessage(tx, { ...message, expiresAt: new Date(now.getTime() + 24 * 60 * MINUTE) });
    if (queued) messageIds.push(queued);
  }
  return { answer: { requestId: id, updated: Boolean(waiting), request: waitlistView(row) }, messageIds };
}

const ownerWords = ({ waiting, asked, service }: { waiting: string; asked: string; service: string }) =>
  `${waiting} is already on our waitlist for a ${service} from this number, and we keep one for each service. To ask for ${asked} instead, withdraw ${waiting}'s from the link in our message first, or call us.`;

async function verifiedCustomer(tx: Tx, phone: string): Promise<string | null> {
  const {
    rows: [customer],
  } = await tx.query<{ id: string }>('SELECT id FROM customers WHERE phone = $1 AND phone_verified_at IS NOT NULL', [
    phone,
  ]);
  return customer?.id ?? null;
}

function assertDates(request: WaitlistAsked, today: string, last: string): void {
  if (request.from < today) throw new HttpError(400, 'from: please choose days from today on', { code: 'invalid' });
  if (request.to > last)
    throw new HttpError(
      400,
      `to: we take bookings up to ${writtenDate(last, { weekday: 'short', month: 'short' })}, so please choose days up to then`,
      { code: 'invalid' },
    );
  if (!anyDayFits(request))
    throw new HttpError(400, 'weekdays: none of those days of the week falls between the dates you chose', {
      code: 'invalid',
    });
}
