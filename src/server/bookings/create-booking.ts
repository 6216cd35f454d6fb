import { createHash } from 'node:crypto';
import { checkoutExpiresAt, holdExpiresAt as holdEnd } from '../../domain/checkout-expiry.ts';
import type {
  BookingStatus,
  CreateBookingRequest,
  CreateBookingResponse,
  CreatePartyBookingRequest,
  Dog,
  Quote,
} from '../../domain/booking-schemas.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import { staffBookingSettings } from '../../domain/staff-rules.ts';
import { DEVICE_KEY_DAYS, deviceProvesPhone, findKeyHolder, issueAccessKey, type KeyHolder } from '../access-keys.ts';
import { limitBookingsForPhone } from '../abuse.ts';
import { db, query, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../ids.ts';
import { sendNow } from '../messages/outbox.ts';
import { createDepositCheckout, expireCheckout } from '../payments/checkout.ts';
import { stripeClient } from '../payments/stripe.ts';
import { checkPhoneCode, spendPhoneCode, type CheckedCode } from '../phone-codes.ts';
import { idempotencyDigest, seal, unseal } from '../sealed.ts';
import { loadBookingSettings } from '../settings.ts';
import { siteUrl as configuredSiteUrl } from '../site-url.ts';
import { freshSlotsOfDay } from './availability.ts';
import { planVisit, serviceNotSold, type PlannedVisit, type VisitAsked } from './catalogue.ts';
import { isUniqueViolation } from './db-errors.ts';
import { enqueueBookingNotices } from './notices.ts';
import { priceFor } from './quote.ts';
import { asSlotTakenWith, assertSlotBookable } from './slot-check.ts';
import { releaseHold } from './booking-life.ts';
import { bookingTransaction } from './transaction.ts';
import { findBooking, viewById } from './view.ts';
import { isLiveHold } from '../../domain/holds.ts';
import { recordTerms, standingFor } from '../no-shows/standing.ts';
import { joinNames } from '../../domain/party-quote.ts';
import { partyOf } from './party-records.ts';

/** What every booking request shares, one dog's or several's (docs/decisions/082). */
export type AnyBookingRequest = CreateBookingRequest | CreatePartyBookingRequest;

export interface BookingContext {
  now?: Date;
  /** The device's x-access-key, if any. */
  accessKey?: string | null;
  /** Attribution: the statistics session and how the visitor came (e.g. 'bookLink'). */
  sessionId?: string | null;
  source?: string | null;
  /** The site's public address, for the links in messages and the payment page. */
  siteUrl?: string;
  /** Work to finish after the answer (Netlify's `context.waitUntil`); awaited when absent. */
  waitUntil?: (work: Promise<unknown>) => void;
}

const MINUTE = 60_000;

/** A fingerprint of what was asked, so a reused idempotency key with a different request is refused. */
export function requestHash(request: AnyBookingRequest): string {
  const { idempotencyKey: _key, phoneProof: _proof, ...rest } = request;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

export interface ExistingBooking {
  id: string;
  status: BookingStatus;
  request_hash: string;
  stripe_checkout_url: string | null;
  hold_expires_at: Date | null;
  device_key_sealed: string | null;
}

export async function findByIdempotencyKey(key: string): Promise<ExistingBooking | null> {
  const [row] = await query<ExistingBooking>(
    `SELECT id, status, request_hash, stripe_checkout_url, hold_expires_at, device_key_sealed FROM bookings WHERE idempotency_key = $1`,
    [idempotencyDigest(key)],
  );
  return row ?? null;
}

/**
 * The same request again (a dropped answer, a double tap): the same answer, with the same device key,
 * unsealed with the idempotency key only the booking browser knows. A payment page that was never
 * opened (the first attempt died between the steps) is opened now.
 */
export async function replay(
  existing: ExistingBooking,
  request: AnyBookingRequest,
  context: BookingContext,
  now: Date,
): Promise<CreateBookingResponse> {
  if (existing.request_hash !== requestHash(request)) {
    throw new HttpError(409, 'This request was already used for a different booking. Please start again.', {
      code: 'idempotency_conflict',
    });
  }
  const accessKey = existing.device_key_sealed
    ? (unseal(request.idempotencyKey, existing.device_key_sealed) ?? undefined)
    : undefined;
  if (isLiveHold({ status: existing.status, holdExpiresAt: existing.hold_expires_at }, now)) {
    const checkoutUrl = existing.stripe_checkout_url ?? (await openCheckout(existing.id, context, now));
    return { bookingId: existing.id, status: 'pending_payment', checkoutUrl, ...(accessKey ? { accessKey } : {}) };
  }
  if (existing.status === 'confirmed') {
    return {
      bookingId: existing.id,
      status: 'confirmed',
      ...(accessKey ? { accessKey } : {}),
      booking: await viewOf(existing.id, now),
    };
  }
  throw new HttpError(409, 'That booking was cancelled or its hold has lapsed. Please choose a time again.', {
    code: 'slot_unavailable',
  });
}

export async function viewOf(id: string, now: Date) {
  return viewById(db(), id, now);
}

/**
 * Books an appointment. Step one is one transaction: the identity rules, the customer and dog, the
 * price, the capacity claim (the database's trigger has the last word on a race: its loser gets 409
 * `slot_taken` with the day's fresh times), the device key and the confirmation messages. When a
 * deposit is due the booking is written as a hold and committed; only then is Stripe asked for a
 * payment page, and its answer recorded in a second short write (docs/decisions/051). A failure or a
 * crash between the steps loses nothing: the hold lapses and the reconciler releases it.
 */
export async function createBooking(
  request: CreateBookingRequest,
  context: BookingContext = {},
): Promise<CreateBookingResponse> {
  const now = context.now ?? new Date();
  const existing = await findByIdempotencyKey(request.idempotencyKey);
  if (existing) return replay(existing, request, context, now);
  const reserved = await reserveBooking(request, context, now);
  if ('answer' in reserved) return reserved.answer;
  return answerReserved(reserved.bookingId, reserved, context, now);
}

/**
 * Step two of a booking, one dog or several: a booking that waits for its deposit gets its Checkout
 * page; a confirmed one sends its messages and answers with its view.
 */
export async function answerReserved(
  bookingId: string,
  reserved: { status: 'confirmed' | 'pending_payment'; accessKey?: string; messageIds: string[] },
  context: BookingContext,
  now: Date,
): Promise<CreateBookingResponse> {
  const accessKey = reserved.accessKey ? { accessKey: reserved.accessKey } : {};
  if (reserved.status === 'pending_payment') {
    return {
      bookingId,
      status: 'pending_payment',
      checkoutUrl: await openCheckout(bookingId, context, now),
      ...accessKey,
    };
  }
  await sendSoon(reserved.messageIds, context, now);
  return { bookingId, status: 'confirmed', ...accessKey, booking: await viewOf(bookingId, now) };
}

export type Reserved =
  | { bookingId: string; status: 'confirmed' | 'pending_payment'; accessKey?: string; messageIds: string[] }
  | { answer: CreateBookingResponse };

/**
 * Step one of a booking, alone: everything but the payment page and sending the messages. Exported
 * for the tests that stop a booking between its steps (tests/integration/booking-payment-failures.test.ts).
 */
export async function reserveBooking(
  request: CreateBookingRequest,
  context: BookingContext,
  now: Date,
): Promise<Reserved> {
  const { holder, checked } = await proofOf(request, context, now);
  const bookingId = randomId(18);
  const start = new Date(request.start);

  try {
    const reserved = await bookingTransaction((tx) =>
      writeBooking(
        tx,
        {
          bookingId,
          visit: visitAsked(request),
          start,
          contact: { name: request.owner.name, email: request.owner.email, phone: request.owner.phone },
          idempotencyKey: request.idempotencyKey,
          requestHash: requestHash(request),
          onlineDeposit: stripeClient() !== null,
          source: context.source ?? null,
          sessionId: context.sessionId ?? null,
          actor: { kind: 'customer' },
          siteUrl: siteUrlOf(context),
          party: async (tx) => {
            const who = await whoBooks(
              tx,
              request,
              [{ dog: request.dog, savedDogId: request.savedDogId }],
              checked,
              holder,
              now,
            );
            return { ...who, dogId: who.dogIds[0]! };
          },
        },
        now,
      ),
    );
    return {
      bookingId,
      status: reserved.status,
      ...(reserved.accessKey ? { accessKey: reserved.accessKey } : {}),
      messageIds: reserved.messageIds,
    };
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_idempotency_key_key')) {
      // The same request, twice at once: the other one won; answer as it did.
      const winner = await findByIdempotencyKey(request.idempotencyKey);
      if (winner) return { answer: await replay(winner, request, context, now) };
    }
    throw await asSlotTaken(error, visitAsked(request), start, now);
  }
}

/** Whether the booker proved the number: a code texted to it, or the device key of the record that proved it. */
export async function proofOf(
  request: AnyBookingRequest,
  context: BookingContext,
  now: Date,
): Promise<{ holder: KeyHolder | null; checked: CheckedCode | undefined }> {
  // Outside the transaction: the embedded database runs one transaction at a time, and these use
  // another connection.
  const holder = await findKeyHolder(context.accessKey ?? null, now);
  // A booking that proves its number (a code, or the device key of the record that proved it) is
  // never refused by the count of bookings strangers tried with that number (decision 069); the
  // code's own tries bound the guessing.
  const checked = request.phoneProof
    ? await checkPhoneCode(request.phoneProof, request.owner.phone, 'booking', now)
    : undefined;
  if (!checked && !deviceProvesPhone(holder, request.owner.phone))
    await limitBookingsForPhone(request.owner.phone, now);
  return { holder, checked };
}

/**
 * The customer and their dogs of an online booking, inside its transaction: the breeds, whose
 * records it joins (identify), each dog saved or found, and a device key when this device has none.
 */
export async function whoBooks(
  tx: Tx,
  request: AnyBookingRequest,
  dogs: ReadonlyArray<{ dog: Dog; savedDogId?: string | undefined }>,
  checked: CheckedCode | undefined,
  holder: KeyHolder | null,
  now: Date,
): Promise<Omit<BookingParty, 'dogId'> & { dogIds: string[] }> {
  for (const { dog } of dogs) await assertBreed(tx, dog.breedId);
  const identity = await identify(tx, request, checked, holder, now);
  const dogIds: string[] = [];
  for (const { dog, savedDogId } of dogs)
    dogIds.push(await dogFor(tx, dog, savedDogId, identity.customerId, identity.ownRecords));
  // A device that holds this customer's key needs no new one.
  const accessKey =
    holder?.customerId === identity.customerId
      ? undefined
      : await issueAccessKey(tx, identity.customerId, 'device', {
          label: 'booking',
          expiresAt: new Date(now.getTime() + DEVICE_KEY_DAYS * 24 * 60 * MINUTE),
        });
  return {
    customerId: identity.customerId,
    dogIds,
    phoneProven: identity.phoneProven,
    ...(accessKey ? { accessKey, sealedKey: seal(request.idempotencyKey, accessKey) } : {}),
  };
}

/** Who makes a booking: the customer online, or staff taking it on the phone (docs/decisions/060). */
export type BookingActor = { kind: 'customer' } | { kind: 'staff'; staffId: string; note: string | null };

/** The customer and dog of a booking, settled inside its transaction by the maker's own rules. */
export interface BookingParty {
  customerId: string;
  dogId: string;
  phoneProven: boolean;
  /** A new device key, and the same sealed with the idempotency key (online bookings only). */
  accessKey?: string;
  sealedKey?: string;
}

/** The visit a booking request asks for: its service, the dog's weight and breed, its extras. */
export function visitAsked(request: {
  serviceId: string;
  dog: { weightKg: number; breedId: string };
  extras?: readonly string[] | undefined;
}): VisitAsked & { weightKg: number } {
  return {
    serviceId: request.serviceId,
    weightKg: request.dog.weightKg,
    breedId: request.dog.breedId,
    extraIds: request.extras ?? [],
  };
}

export interface BookingDraft {
  bookingId: string;
  visit: VisitAsked & { weightKg: number };
  start: Date;
  contact: { name: string; email: string; phone: string };
  idempotencyKey: string;
  requestHash: string;
  /** Whether a deposit may be taken online now: Stripe is configured and the customer is at the screen. */
  onlineDeposit: boolean;
  source: string | null;
  sessionId: string | null;
  actor: BookingActor;
  siteUrl: string;
  party: (tx: Tx) => Promise<BookingParty>;
  /**
   * Whether the booking is told now (its confirmation in the outbox when confirmed). A series of
   * visits (docs/decisions/085) is told once, by its writer, when every visit is written.
   */
  notify?: boolean;
}

/** The shop's rules as a booking's maker is held to them: staff without the minimum notice (decision 060). */
export function rulesFor(stored: BookingSettings, actor: BookingActor): BookingSettings {
  return actor.kind === 'staff' ? staffBookingSettings(stored) : stored;
}

/**
 * The steps every booking shares, online or on the phone, inside the caller's transaction: the
 * service, the time checked by the same rules (staff without the minimum notice), the customer and
 * dog by the maker's rules, the price, the row (the capacity trigger runs on its insert: a full time
 * aborts the statement with 23P01) and the messages in the outbox.
 */
export async function writeBooking(
  tx: Tx,
  draft: BookingDraft,
  now: Date,
): Promise<{
  status: 'confirmed' | 'pending_payment';
  accessKey?: string;
  messageIds: string[];
  customerId: string;
  /** What the booking asks online now: its deposit when one is taken, else 0. */
  depositPence: number;
}> {
  const settings = rulesFor(await loadBookingSettings(tx), draft.actor);
  const visit = await planVisit(tx, draft.visit, settings);
  if (!visit) throw serviceNotSold(400);
  const end = new Date(draft.start.getTime() + visit.durationMin * MINUTE);

  await assertSlotBookable(tx, { now, settings, start: draft.start, end });

  const party = await draft.party(tx);
  const standing = await standingFor(tx, party.customerId, settings, now);
  const price = priceFor(visit, draft.visit.weightKg, settings, now, standing);
  const takeDeposit = price.depositPence > 0 && draft.onlineDeposit;
  // Inside the window Stripe accepts for a Checkout page, which ends with the hold (decision 064).
  const holdExpiresAt = takeDeposit ? holdEnd(now, settings.holdMinutes) : null;
  const staff = draft.actor.kind === 'staff' ? draft.actor : null;

  await insertBooking(tx, {
    id: draft.bookingId,
    customerId: party.customerId,
    dogId: party.dogId,
    visit,
    start: draft.start,
    end,
    status: takeDeposit ? 'pending_payment' : 'confirmed',
    holdExpiresAt,
    price,
    depositPence: price.depositPence,
    idempotencyDigest: idempotencyDigest(draft.idempotencyKey),
    requestHash: draft.requestHash,
    party,
    contact: draft.contact,
    source: draft.source,
    sessionId: draft.sessionId,
    staff,
    partyId: null,
    now,
  });
  await recordTerms(tx, draft.bookingId, standing, settings, price.depositPence, takeDeposit);
  const messageIds =
    takeDeposit || draft.notify === false
      ? []
      : await enqueueBookingNotices(tx, draft.bookingId, staff ? 'confirmed_by_staff' : 'confirmed', {
          now,
          siteUrl: draft.siteUrl,
        });
  return {
    status: takeDeposit ? 'pending_payment' : 'confirmed',
    ...(party.accessKey ? { accessKey: party.accessKey } : {}),
    messageIds,
    customerId: party.customerId,
    depositPence: takeDeposit ? price.depositPence : 0,
  };
}

export interface BookingRow {
  id: string;
  customerId: string;
  dogId: string;
  visit: PlannedVisit;
  start: Date;
  end: Date;
  status: 'confirmed' | 'pending_payment';
  holdExpiresAt: Date | null;
  price: Quote;
  /** What the payment page asks for: the dog's deposit, or a party's whole deposit on its first dog. */
  depositPence: number;
  idempotencyDigest: string;
  requestHash: string;
  party: Pick<BookingParty, 'accessKey' | 'sealedKey' | 'phoneProven'>;
  contact: BookingDraft['contact'];
  source: string | null;
  sessionId: string | null;
  staff: { staffId: string; note: string | null } | null;
  /** The booking of several dogs this dog's visit belongs to (docs/decisions/082). */
  partyId: string | null;
  now: Date;
}

/**
 * One dog's visit as a `bookings` row and its extras (the capacity trigger runs on the insert: a full
 * time aborts the statement with 23P01).
 */
export async function insertBooking(tx: Tx, row: BookingRow): Promise<void> {
  const { visit, price, staff, now } = row;
  await tx.query(
    `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, hold_expires_at,
        quote, price_from_pence, promotion_pence, deposit_pence, idempotency_key, request_hash, device_key_issued, device_key_sealed,
        contact_name, contact_email, contact_phone, phone_proven, source, session_id, created_at, updated_at, confirmed_at, created_by, staff_note, size, party_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $23, $24, $25, $26, $27, $28)`,
    [
      row.id,
      row.customerId,
      row.dogId,
      visit.service.id,
      row.start,
      row.end,
      row.status,
      row.holdExpiresAt,
      JSON.stringify(price),
      price.fromPricePence,
      price.promotionPence,
      row.depositPence,
      row.idempotencyDigest,
      row.requestHash,
      Boolean(row.party.accessKey),
      row.party.sealedKey ?? null,
      row.contact.name,
      row.contact.email,
      // A booking staff took from a record with no mobile has none: its next visit (a rebook) has none either.
      row.contact.phone || null,
      row.party.phoneProven,
      row.source,
      row.sessionId,
      now,
      row.status === 'confirmed' ? now : null,
      staff?.staffId ?? null,
      staff?.note || null,
      visit.sized.size,
      row.partyId,
    ],
  );
  if (visit.extras.length > 0) {
    await tx.query(
      `INSERT INTO booking_extras (booking_id, extra_id, title, price_pence, duration_min)
       SELECT $1, e.id, e.title, e.price_pence, e.duration_min
         FROM unnest($2::text[], $3::text[], $4::int[], $5::int[]) AS e (id, title, price_pence, duration_min)`,
      [
        row.id,
        visit.extras.map((e) => e.id),
        visit.extras.map((e) => e.title),
        visit.extras.map((e) => e.pricePence),
        visit.extras.map((e) => e.durationMin),
      ],
    );
  }
}

/**
 * A booking that lost the race for its time (the trigger's 23P01, or the re-check's 409) becomes
 * 409 `slot_taken` with the day's fresh times, as its maker may book them; anything else is as it was.
 */
export async function asSlotTaken(
  error: unknown,
  visit: VisitAsked,
  start: Date,
  now: Date,
  options: { exclude?: string; forStaff?: boolean } = {},
): Promise<unknown> {
  return asSlotTakenWith(error, () => freshSlotsOfDay(visit, start, now, options.exclude, options));
}

export async function assertBreed(tx: Tx, breedId: string): Promise<void> {
  const {
    rows: [breed],
  } = await tx.query<{ id: string }>('SELECT id FROM breeds WHERE id = $1', [breedId]);
  if (!breed) throw new HttpError(400, 'dog.breedId: please choose a breed from the list', { code: 'invalid' });
}

export function siteUrlOf(context: BookingContext): string {
  return context.siteUrl ?? configuredSiteUrl();
}

/** The confirmation goes out now (src/server/messages/outbox.ts's sendNow). */
export function sendSoon(messageIds: readonly string[], context: BookingContext, now: Date): Promise<void> {
  return sendNow(messageIds, { now, what: 'the booking messages', later: context.waitUntil });
}

/**
 * Step two of a booking with a deposit: the Stripe Checkout page, opened outside any transaction.
 * Stripe's idempotency key makes a repeat (a replayed request) get the same page. If Stripe fails,
 * the hold is released at once and nothing is charged.
 */
export async function openCheckout(bookingId: string, context: BookingContext, now: Date): Promise<string> {
  const stripe = stripeClient();
  const [booking, settings] = await Promise.all([findBooking(db(), bookingId), loadBookingSettings()]);
  if (!stripe || !booking || booking.status !== 'pending_payment' || !booking.hold_expires_at) {
    throw new HttpError(409, 'That booking was cancelled or its hold has lapsed. Please choose a time again.', {
      code: 'slot_unavailable',
    });
  }
  // A booking of several dogs pays one deposit on one page, every dog and service named (decision 082).
  const party = booking.party_id ? await partyOf(db(), booking.party_id) : null;
  let checkout: { id: string; url: string };
  try {
    checkout = await createDepositCheckout(stripe, {
      bookingId,
      amountPence: booking.deposit_pence,
      serviceTitle: party ? joinNames(party.dogs.map((d) => d.serviceTitle)) : booking.service_title,
      dogName: party ? joinNames(party.dogs.map((d) => d.dogName)) : booking.dog_name,
      start: booking.start_at,
      timeZone: settings.timeZone,
      email: booking.contact_email,
      expiresAt: checkoutExpiresAt(now, booking.hold_expires_at),
      siteUrl: siteUrlOf(context),
      mandate: booking.fair_terms?.saveCard ? booking.fair_terms.mandate : null,
    });
  } catch (error) {
    // The hold gives its tables back at once (the capacity trigger frees them).
    await bookingTransaction((tx) => releaseHold(tx, bookingId, 'the payment page could not be opened', now));
    throw error;
  }
  const [recorded] = await query<{ id: string }>(
    `UPDATE bookings SET stripe_session_id = $2, stripe_checkout_url = $3, updated_at = $4
      WHERE id = $1 AND status = 'pending_payment' RETURNING id`,
    [bookingId, checkout.id, checkout.url, now],
  );
  if (!recorded) {
    // Released meanwhile (the hold lapsed): nobody may pay on this page.
    await expireCheckout(stripe, checkout.id);
    throw new HttpError(409, 'That booking was cancelled or its hold has lapsed. Please choose a time again.', {
      code: 'slot_unavailable',
    });
  }
  return checkout.url;
}

interface Identity {
  customerId: string;
  /** Whether the booking joins records that already were this person's (their device's, or the proved number's). */
  ownRecords: boolean;
  phoneProven: boolean;
}

/**
 * Whose booking this is (docs/decisions/050-phone-numbers-prove-nothing.md). A booking joins earlier
 * records only when its maker proved the right to them: the device key of the customer it books for
 * (same number), or a code texted to the number now. Otherwise it gets a customer record of its own,
 * carrying only what was typed, whether or not the number has a booking ahead: the answer must not
 * tell a stranger that it has (docs/decisions/072). The number itself is told, in the booking's text.
 */
async function identify(
  tx: Tx,
  request: AnyBookingRequest,
  checked: CheckedCode | undefined,
  holder: KeyHolder | null,
  now: Date,
): Promise<Identity> {
  const { owner } = request;
  const viaCode = Boolean(checked);
  if (checked) await spendPhoneCode(tx, checked, now);
  const holderHasNumber = holder !== null && holder.kind === 'device' && holder.phone === owner.phone;
  const phoneProven = viaCode || (holderHasNumber && holder.phoneVerified);

  if (viaCode) {
    // The number is proved: the one record that proved it before, else the device's own, else a new one.
    const {
      rows: [verified],
    } = await tx.query<{ id: string }>(
      'SELECT id FROM customers WHERE phone = $1 AND phone_verified_at IS NOT NULL FOR UPDATE',
      [owner.phone],
    );
    let customerId = verified?.id ?? (holderHasNumber ? holder!.customerId : null);
    if (!customerId) {
      customerId = randomId(16);
      await tx.query(
        `INSERT INTO customers (id, phone, name, email, marketing_consent, phone_verified_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [customerId, owner.phone, owner.name, owner.email, owner.marketingConsent, now],
      );
    } else {
      await tx.query(
        `UPDATE customers SET name = $2, email = $3, marketing_consent = $4, phone_verified_at = COALESCE(phone_verified_at, $5), updated_at = $5
          WHERE id = $1`,
        [customerId, owner.name, owner.email, owner.marketingConsent, now],
      );
    }
    return { customerId, ownRecords: true, phoneProven: true };
  }

  if (holderHasNumber) {
    await tx.query(
      'UPDATE customers SET name = $2, email = $3, marketing_consent = $4, updated_at = $5 WHERE id = $1',
      [holder!.customerId, owner.name, owner.email, owner.marketingConsent, now],
    );
    return { customerId: holder!.customerId, ownRecords: true, phoneProven };
  }

  const customerId = randomId(16);
  await tx.query('INSERT INTO customers (id, phone, name, email, marketing_consent) VALUES ($1, $2, $3, $4, $5)', [
    customerId,
    owner.phone,
    owner.name,
    owner.email,
    owner.marketingConsent,
  ]);
  return { customerId, ownRecords: false, phoneProven: false };
}

/** The dog: a saved one of the customer's own records (by id, else by name), updated; otherwise a new one. */
export async function dogFor(
  tx: Tx,
  dog: Dog,
  savedDogId: string | undefined,
  customerId: string,
  ownRecords: boolean,
): Promise<string> {
  const fields = [dog.name, dog.breedId, dog.weightKg, dog.coat, dog.notes ?? '', dog.nervous ?? false];
  if (!ownRecords) {
    // A customer record of this booking's own: nothing to join, nothing to collide with.
    const id = randomId(12);
    await tx.query(
      'INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat, notes, nervous) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [id, customerId, ...fields],
    );
    return id;
  }
  if (savedDogId) {
    // Renaming a saved dog to the name of another of theirs updates that other one instead (below).
    const {
      rows: [saved],
    } = await tx.query<{ id: string }>(
      `UPDATE dogs SET name = $3, breed_id = $4, weight_kg = $5, coat = $6, notes = $7, nervous = $8, updated_at = now()
        WHERE id = $1 AND customer_id = $2
          AND NOT EXISTS (SELECT 1 FROM dogs o WHERE o.customer_id = $2 AND lower(o.name) = lower($3) AND o.id <> $1)
        RETURNING id`,
      [savedDogId, customerId, ...fields],
    );
    if (saved) return saved.id;
  }
  const {
    rows: [row],
  } = await tx.query<{ id: string }>(
    `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat, notes, nervous) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (customer_id, lower(name)) DO UPDATE SET breed_id = EXCLUDED.breed_id, weight_kg = EXCLUDED.weight_kg,
       coat = EXCLUDED.coat, notes = EXCLUDED.notes, nervous = EXCLUDED.nervous, updated_at = now()
     RETURNING id`,
    [randomId(12), customerId, ...fields],
  );
  return row!.id;
}
