import { busyIntervalsFrom } from '../../domain/availability.ts';
import type { CreateBookingResponse, CreatePartyBookingRequest } from '../../domain/booking-schemas.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import { holdExpiresAt as holdEnd } from '../../domain/checkout-expiry.ts';
import { isPartySlotAvailable, placementsAllowed, type PartyInput } from '../../domain/party-slots.ts';
import { dogsApart, notApartMessage, type DogsApart } from '../../domain/party-dogs.ts';
import { partyQuote } from '../../domain/party-quote.ts';
import type { PartyPlacement } from '../../domain/party.ts';
import { recordTerms, standingFor } from '../no-shows/standing.ts';
import type { Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../ids.ts';
import { stripeClient } from '../payments/stripe.ts';
import { idempotencyDigest } from '../sealed.ts';
import { loadBookingSettings } from '../settings.ts';
import { bookingTimesBetween, freshPartySlotsOfDay, tooManyDogs, type PartyTimes } from './availability.ts';
import { planVisits, serviceNotSold, type PlannedVisit } from './catalogue.ts';
import {
  answerReserved,
  findByIdempotencyKey,
  insertBooking,
  proofOf,
  replay,
  requestHash,
  rulesFor,
  siteUrlOf,
  visitAsked,
  whoBooks,
  type BookingActor,
  type BookingContext,
} from './create-booking.ts';
import { isUniqueViolation } from './db-errors.ts';
import { expireLapsedHolds } from './booking-life.ts';
import { enqueueBookingNotices } from './notices.ts';
import { priceFor } from './quote.ts';
import { asSlotTakenWith, refusalMessage, slotTaken } from './slot-check.ts';
import { bookingTransaction } from './transaction.ts';

const MINUTE = 60_000;

/**
 * Books several dogs at once (docs/decisions/082). As one dog's booking (createBooking), in the same
 * two steps, with every dog written in ONE transaction: each dog's own `bookings` row through the
 * same insert (so the capacity trigger claims each dog's tables, and a full table aborts them all),
 * tied by a `booking_parties` row whose id is the first dog's. The first dog's row carries the
 * party's key, its one deposit (the sum of each dog's) and its one Checkout page; the one
 * confirmation names every dog.
 */
export async function createPartyBooking(
  request: CreatePartyBookingRequest,
  context: BookingContext = {},
): Promise<CreateBookingResponse> {
  const now = context.now ?? new Date();
  const existing = await findByIdempotencyKey(request.idempotencyKey);
  if (existing) return replay(existing, request, context, now);
  // Before the proof: a refused party spends no code and counts no try against the number.
  assertDogsApart(request.dogs);
  const { holder, checked } = await proofOf(request, context, now);
  const bookingId = randomId(18);
  const start = new Date(request.start);
  let times: PartyTimes | undefined;
  let reserved: Awaited<ReturnType<typeof writeParty>>;
  const ask = partyAskOf(request);
  try {
    reserved = await bookingTransaction(async (tx) => {
      const settings = await loadBookingSettings(tx);
      const visits = await planParty(tx, ask, settings);
      times = { durations: visits.map((v) => v.durationMin), placement: request.placement ?? settings.partyPlacement };
      return writeParty(tx, { ask, visits, bookingId, settings, context, now }, (tx) =>
        savedDogsFirst(request.dogs, (dogs) => whoBooks(tx, request, dogs, checked, holder, now)),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_idempotency_key_key')) {
      const winner = await findByIdempotencyKey(request.idempotencyKey);
      if (winner) return replay(winner, request, context, now);
    }
    // Two names the database folds to one that the shop's comparison did not (an exotic capital):
    // still the owner's to tell apart, never a 500.
    if (isUniqueViolation(error, 'dogs_customer_name_idx')) throw notApart(SAME_RECORD);
    const lost = times;
    throw lost ? await asSlotTakenWith(error, () => freshPartySlotsOfDay(lost, start, now)) : error;
  }
  return answerReserved(bookingId, reserved, context, now);
}

/**
 * A party's booking written inside the caller's transaction, as createPartyBooking writes it (each
 * dog planned, every dog placed, one deposit), by a caller that knows who books: a waitlist offer
 * accepted (docs/decisions/084 "Several dogs").
 */
export async function writePartyBooking(
  tx: Tx,
  request: CreatePartyBookingRequest,
  bookingId: string,
  context: BookingContext,
  now: Date,
  who: (tx: Tx) => Promise<PartyWho>,
) {
  assertDogsApart(request.dogs);
  return writePartyAsked(tx, partyAskOf(request), bookingId, { context, now }, who);
}

/**
 * A party's booking from what is asked, by a caller that knows who books and how: a rebook of the
 * dogs together (docs/decisions/101), by the owner or by staff (a phone booking's rules: no online
 * deposit, no minimum notice, the phone booking's confirmation), told at once or by its series.
 */
export async function writePartyAsked(
  tx: Tx,
  ask: PartyAsk,
  bookingId: string,
  options: { context: BookingContext; now: Date; actor?: BookingActor; notify?: boolean },
  who: (tx: Tx) => Promise<PartyWho>,
) {
  const settings = await loadBookingSettings(tx);
  const visits = await planParty(tx, ask, settings);
  return writeParty(tx, { ask, visits, bookingId, settings, ...options }, who);
}

/** The customer and the dogs of a party, as whoBooks settles them (or a rebook finds them). */
export type PartyWho = Pick<Awaited<ReturnType<typeof whoBooks>>, 'customerId' | 'dogIds' | 'phoneProven'> &
  Partial<Pick<Awaited<ReturnType<typeof whoBooks>>, 'accessKey' | 'sealedKey'>>;

/** What a party's booking asks for, whoever asks: each dog's visit and name, the start, the contact, the key. */
export interface PartyAsk {
  dogs: Array<{ name: string; visit: ReturnType<typeof visitAsked> }>;
  start: Date;
  /** The placement the time was offered with; left out, the shop's setting decides (side by side first). */
  placement: PartyPlacement | undefined;
  contact: { name: string; email: string; phone: string };
  idempotencyKey: string;
  requestHash: string;
}

export function partyAskOf(request: CreatePartyBookingRequest): PartyAsk {
  return {
    dogs: request.dogs.map((d) => ({ name: d.dog.name, visit: visitAsked(d) })),
    start: new Date(request.start),
    placement: request.placement,
    contact: { name: request.owner.name, email: request.owner.email, phone: request.owner.phone },
    idempotencyKey: request.idempotencyKey,
    requestHash: requestHash(request),
  };
}

/**
 * The dogs of one booking are distinct dogs (docs/decisions/098): two whose names the shop cannot
 * tell apart ("Bo" and "bo"), or one saved dog chosen twice, are the owner's to name apart. A 422 in
 * the shop's words, before anything is written; the waitlist asks the same of a party's request.
 */
export function assertDogsApart(dogs: ReadonlyArray<{ dog: { name: string }; savedDogId?: string | undefined }>) {
  const apart = dogsApart(dogs);
  if (!apart.apart) throw notApart(apart);
}

/** Two dogs of the party resolved to one record all the same (a saved dog renamed to another's name). */
const SAME_RECORD =
  'Two of your dogs would be booked as the same dog — please check their names, and choose each saved dog once.';

function notApart(why: Exclude<DogsApart, { apart: true }> | string): HttpError {
  return new HttpError(422, typeof why === 'string' ? why : notApartMessage(why), {
    code: 'dogs_not_apart',
    ...(typeof why === 'string' ? {} : { dogs: why.dogs }),
  });
}

/**
 * Each dog's record, found or made with the saved dogs first and answered in the party's order: a
 * saved dog renamed ("Bo" is now "Rex") lets go of its old name before a new dog of that name is
 * written, instead of the new dog taking the saved dog's record.
 */
async function savedDogsFirst<D extends { savedDogId?: string | undefined }, W extends { dogIds: string[] }>(
  dogs: readonly D[],
  write: (dogs: D[]) => Promise<W>,
): Promise<W> {
  const order = dogs.map((_, i) => i).sort((a, b) => Number(!dogs[a]!.savedDogId) - Number(!dogs[b]!.savedDogId));
  const written = await write(order.map((i) => dogs[i]!));
  const dogIds: string[] = [];
  for (const [k, i] of order.entries()) dogIds[i] = written.dogIds[k]!;
  return { ...written, dogIds };
}

/** Each dog's visit as the server plans it (its size, extras and length), up to the shop's limit. */
export async function planParty(tx: Tx, ask: Pick<PartyAsk, 'dogs' | 'placement'>, settings: BookingSettings) {
  if (ask.dogs.length > settings.maxDogsPerBooking) throw tooManyDogs(settings);
  if (ask.placement && !placementsAllowed(settings.partyPlacement).includes(ask.placement)) {
    throw new HttpError(400, 'placement: we do not place dogs that way. Please choose a time again.', {
      code: 'invalid',
    });
  }
  const visits = await planVisits(
    tx,
    ask.dogs.map((d) => d.visit),
    settings,
  );
  if (!visits) throw serviceNotSold(400);
  return visits;
}

/**
 * The one check before a party takes (or moves to) a time, inside its transaction: lapsed holds in
 * the way give their tables back, then the domain decides where every dog sits. The capacity
 * trigger stays the last word.
 */
export async function assertPartyBookable(
  tx: Tx,
  input: {
    now: Date;
    settings: BookingSettings;
    start: Date;
    durations: number[];
    placement: PartyPlacement | undefined;
    excludeParty?: string;
    keep?: PartyInput['keep'];
  },
) {
  const { now, settings, start, durations } = input;
  const longest = input.keep
    ? Math.max(...input.keep.places.map((p) => p.offsetMin + p.durationMin))
    : durations.reduce((a, b) => a + b, 0);
  const end = new Date(start.getTime() + longest * MINUTE);
  await expireLapsedHolds(tx, now, { overlapping: { start, end } });
  const check = isPartySlotAvailable({
    now,
    settings,
    durations,
    start,
    placement: input.placement,
    keep: input.keep,
    busy: busyIntervalsFrom(await bookingTimesBetween(tx, start, end, undefined, input.excludeParty), now),
  });
  if (!check.available) {
    if (check.reason === 'full') throw slotTaken();
    throw new HttpError(422, refusalMessage(check, settings), { code: 'slot_unavailable' });
  }
  return check;
}

interface PartyDraft {
  ask: PartyAsk;
  visits: PlannedVisit[];
  bookingId: string;
  settings: BookingSettings;
  context: BookingContext;
  now: Date;
  /** Who books: the customer online (the default), or staff (decision 060's phone booking rules). */
  actor?: BookingActor;
  /** Whether it is told now; a series is told once, by its writer (docs/decisions/085). */
  notify?: boolean;
}

async function writeParty(
  tx: Tx,
  { ask, visits, bookingId, settings: stored, context, now, actor = { kind: 'customer' }, notify = true }: PartyDraft,
  who: (tx: Tx) => Promise<PartyWho>,
) {
  const settings = rulesFor(stored, actor);
  const { start } = ask;
  const check = await assertPartyBookable(tx, {
    now,
    settings,
    start,
    durations: visits.map((v) => v.durationMin),
    placement: ask.placement,
  });
  const party = await who(tx);
  if (new Set(party.dogIds).size !== party.dogIds.length) throw notApart(SAME_RECORD);
  const standing = await standingFor(tx, party.customerId, settings, now);
  const prices = visits.map((visit, i) => priceFor(visit, ask.dogs[i]!.visit.weightKg, settings, now, standing));
  const whole = partyQuote(prices.map((quote, i) => ({ name: ask.dogs[i]!.name, quote })));
  // Staff book as on the phone: the owner is at the counter, not at a screen (decision 060).
  const takeDeposit = whole.depositPence > 0 && stripeClient() !== null && actor.kind === 'customer';
  const status = takeDeposit ? 'pending_payment' : 'confirmed';
  const holdExpiresAt = takeDeposit ? holdEnd(now, settings.holdMinutes) : null;
  const staff = actor.kind === 'staff' ? { staffId: actor.staffId, note: actor.note } : null;

  await tx.query('INSERT INTO booking_parties (id, placement, created_at) VALUES ($1, $2, $3)', [
    bookingId,
    check.placement,
    now,
  ]);
  for (const [i, visit] of visits.entries()) {
    const place = check.places[i]!;
    const dogStart = new Date(start.getTime() + place.offsetMin * MINUTE);
    const id = i === 0 ? bookingId : randomId(18);
    await insertBooking(tx, {
      id,
      customerId: party.customerId,
      dogId: party.dogIds[i]!,
      visit,
      start: dogStart,
      end: new Date(dogStart.getTime() + place.durationMin * MINUTE),
      status,
      holdExpiresAt,
      price: prices[i]!,
      // The first dog carries the party's one deposit; the others owe nothing of their own online.
      depositPence: i === 0 ? whole.depositPence : 0,
      // The key is the party's, on its first dog; the others get one derived from it (a unique column).
      idempotencyDigest: idempotencyDigest(i === 0 ? ask.idempotencyKey : `${ask.idempotencyKey}#${i}`),
      requestHash: ask.requestHash,
      party: i === 0 ? party : { phoneProven: party.phoneProven },
      contact: ask.contact,
      source: context.source ?? null,
      sessionId: context.sessionId ?? null,
      staff,
      partyId: bookingId,
      now,
    });
    await recordTerms(tx, id, standing, settings, i === 0 ? whole.depositPence : prices[i]!.depositPence, takeDeposit);
  }
  const messageIds =
    takeDeposit || !notify
      ? []
      : await enqueueBookingNotices(tx, bookingId, staff ? 'confirmed_by_staff' : 'confirmed', {
          now,
          siteUrl: siteUrlOf(context),
        });
  return {
    status: status as 'confirmed' | 'pending_payment',
    ...(party.accessKey ? { accessKey: party.accessKey } : {}),
    messageIds,
    /** What the party asks online now: its one deposit when one is taken, else 0. */
    depositPence: takeDeposit ? whole.depositPence : 0,
  };
}
