import type {
  CreateBookingRequest,
  CreateBookingResponse,
  CreatePartyBookingRequest,
} from '../../domain/booking-schemas.ts';
import type { PartyPlacement } from '../../domain/party.ts';
import { joinNames } from '../../domain/party-quote.ts';
import { offerGoneMessages } from '../../domain/waitlist-offer-messages.ts';
import type { AcceptOfferRequest } from '../../domain/waitlist-offer-schemas.ts';
import {
  answerReserved,
  dogFor,
  findByIdempotencyKey,
  replay,
  requestHash,
  siteUrlOf,
  visitAsked,
  writeBooking,
  type BookingContext,
} from '../bookings/create-booking.ts';
import { isCapacityViolation, isUniqueViolation } from '../bookings/db-errors.ts';
import { writePartyBooking } from '../bookings/party-booking.ts';
import { bookingTransaction } from '../bookings/transaction.ts';
import { db, query, transaction, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../ids.ts';
import { sendNow } from '../messages/outbox.ts';
import { stripeClient } from '../payments/stripe.ts';
import { loadBookingSettings } from '../settings.ts';
import {
  enqueueAll,
  freePartyStartsIn,
  freeStartsIn,
  recipientsOf,
  requestColumns,
  visitsOf,
  type WaitlistRequestRow,
} from './offers.ts';

/**
 * An owner answers an offer (docs/decisions/084). Accepting books through the booking's own code
 * (writeBooking: the same checks, the capacity trigger, the deposit and its Checkout hold), so the
 * booking decides who gets a time: of two owners accepting one time at once, exactly one booking is
 * made; the other is answered 409 in the shop's words, their offer 'gone', their request still waiting.
 */

const NOT_FOUND = new HttpError(404, 'We could not find that offer. Please check the link in your message.', {
  code: 'not_found',
});
export const OFFER_GONE =
  'Sorry, that time has just been booked by someone else. You are still on our list, and we will tell you when another time frees.';
const OFFER_EXPIRED = 'This offer has ended. You are still on our list, and we will tell you when another time frees.';

interface OfferRow {
  offer_id: string;
  offer_status: string;
  start_at: Date;
  end_at: Date;
  expires_at: Date;
  offer_booking_id: string | null;
  /** A party's offer: where its dogs sit (decision 082); null for one dog's. */
  placement: PartyPlacement | null;
}

async function offerOf(tx: Tx, requestId: string, offerId: string, lock = false) {
  const { rows } = await tx.query<OfferRow & WaitlistRequestRow>(
    `SELECT o.id AS offer_id, o.status AS offer_status, o.start_at, o.end_at, o.expires_at, o.booking_id AS offer_booking_id,
            o.placement, ${requestColumns()}
       FROM waitlist_offers o JOIN waitlist_requests r ON r.id = o.request_id
      WHERE o.id = $1 AND o.request_id = $2 AND r.erased_at IS NULL ${lock ? 'FOR UPDATE OF o' : ''}`,
    [offerId, requestId],
  );
  return rows[0] ?? null;
}

/** Why an offer cannot be taken, in the shop's words; null when it can. */
function refusal(row: OfferRow & Pick<WaitlistRequestRow, 'status'>, now: Date): HttpError | null {
  switch (row.offer_status) {
    case 'taken':
      return new HttpError(409, 'You have booked this time already.', {
        code: 'offer_taken',
        bookingId: row.offer_booking_id,
      });
    case 'gone':
      return new HttpError(409, OFFER_GONE, { code: 'offer_gone' });
    case 'declined':
      return new HttpError(409, 'You told us this time was not for you. We will tell you when another time frees.', {
        code: 'offer_declined',
      });
    case 'expired':
      return new HttpError(410, OFFER_EXPIRED, { code: 'offer_expired' });
  }
  if (row.expires_at.getTime() <= now.getTime()) return new HttpError(410, OFFER_EXPIRED, { code: 'offer_expired' });
  if (row.status !== 'waiting')
    return new HttpError(409, 'This request is no longer on our list, so its offers have closed.', {
      code: 'offer_closed',
    });
  return null;
}

/** The booking an offer asks for, as the booking form would have sent it: one dog's, or the whole party's. */
function bookingRequestOf(
  row: WaitlistRequestRow & OfferRow,
  idempotencyKey: string,
): CreateBookingRequest | CreatePartyBookingRequest {
  if (row.dogs)
    return {
      dogs: row.dogs.map((d) => ({
        serviceId: d.serviceId,
        dog: d.dog,
        ...(d.extras.length ? { extras: d.extras } : {}),
      })),
      start: row.start_at.toISOString(),
      ...(row.placement ? { placement: row.placement } : {}),
      owner: {
        name: row.contact_name,
        phone: row.phone,
        email: row.email ?? '',
        marketingConsent: false,
        acceptTerms: true,
      },
      idempotencyKey,
    } as CreatePartyBookingRequest;
  return {
    serviceId: row.service_id,
    start: row.start_at.toISOString(),
    dog: row.dog,
    ...(row.extras.length ? { extras: row.extras } : {}),
    owner: {
      name: row.contact_name,
      phone: row.phone,
      email: row.email ?? '',
      marketingConsent: false,
      acceptTerms: true,
    },
    idempotencyKey,
  } as CreateBookingRequest;
}

/**
 * The customer who booked: the request's, else the one record that proved this number, else a new
 * one. The number was proven with a code when the request was made (decision 084), so it joins the
 * records that number proved, as a booking with a code does (decision 050).
 */
async function customerOf(tx: Tx, row: WaitlistRequestRow, now: Date): Promise<string> {
  if (row.customer_id) return row.customer_id;
  const {
    rows: [verified],
  } = await tx.query<{ id: string }>(
    'SELECT id FROM customers WHERE phone = $1 AND phone_verified_at IS NOT NULL ORDER BY created_at LIMIT 1 FOR UPDATE',
    [row.phone],
  );
  if (verified) return verified.id;
  const id = randomId(16);
  await tx.query(
    `INSERT INTO customers (id, phone, name, email, marketing_consent, phone_verified_at) VALUES ($1, $2, $3, $4, false, $5)`,
    [id, row.phone, row.contact_name, row.email, now],
  );
  return id;
}

export async function acceptOffer(
  requestId: string,
  offerId: string,
  body: AcceptOfferRequest,
  context: BookingContext = {},
): Promise<CreateBookingResponse> {
  const now = context.now ?? new Date();
  const first = await offerOf(db(), requestId, offerId);
  if (!first) throw NOT_FOUND;
  const request = bookingRequestOf(first, body.idempotencyKey);
  const existing = await findByIdempotencyKey(body.idempotencyKey);
  if (existing) return replay(existing, request, context, now);
  const refused = refusal(first, now);
  if (refused) throw refused;

  const bookingId = randomId(18);
  let written: { status: 'confirmed' | 'pending_payment'; accessKey?: string; messageIds: string[]; goneIds: string[] };
  try {
    written = await bookingTransaction(async (tx) => {
      const row = await offerOf(tx, requestId, offerId, true);
      const again = row ? refusal(row, now) : NOT_FOUND;
      if (again) throw again;
      const reserved =
        'dogs' in request
          ? // A party books through the party booking's own code, in the placement it was offered
            // (decision 082): every dog fits, or the capacity trigger refuses them all.
            await writePartyBooking(tx, request, bookingId, { ...context, source: 'waitlist' }, now, async (tx) => {
              const customerId = await customerOf(tx, row!, now);
              const dogIds: string[] = [];
              for (const { dog } of request.dogs) dogIds.push(await dogFor(tx, dog, undefined, customerId, true));
              return { customerId, dogIds, phoneProven: true };
            })
          : await writeBooking(
              tx,
              {
                bookingId,
                visit: visitAsked(request),
                start: row!.start_at,
                contact: { name: row!.contact_name, email: row!.email ?? '', phone: row!.phone },
                idempotencyKey: body.idempotencyKey,
                requestHash: requestHash(request),
                onlineDeposit: stripeClient() !== null,
                source: 'waitlist',
                sessionId: null,
                actor: { kind: 'customer' },
                siteUrl: siteUrlOf(context),
                party: async (tx) => {
                  const customerId = await customerOf(tx, row!, now);
                  const dogId = await dogFor(tx, row!.dog, undefined, customerId, true);
                  return { customerId, dogId, phoneProven: true };
                },
              },
              now,
            );
      // Every dog of a party was a table refilled from the waitlist.
      await tx.query('UPDATE bookings SET waitlist_offer_id = $2 WHERE id = $1 OR party_id = $1', [bookingId, offerId]);
      await tx.query(`UPDATE waitlist_offers SET status = 'taken', booking_id = $2, answered_at = $3 WHERE id = $1`, [
        offerId,
        bookingId,
        now,
      ]);
      await tx.query(`UPDATE waitlist_requests SET status = 'booked', booking_id = $2, updated_at = $3 WHERE id = $1`, [
        requestId,
        bookingId,
        now,
      ]);
      const goneIds = await othersGone(tx, offerId, row!.start_at, row!.end_at, now, siteUrlOf(context));
      return { ...reserved, goneIds };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_idempotency_key_key')) {
      const winner = await findByIdempotencyKey(body.idempotencyKey);
      if (winner) return replay(winner, request, context, now);
    }
    if (isCapacityViolation(error) || (error instanceof HttpError && error.extra.code === 'slot_taken')) {
      await markGone(offerId, now);
      throw new HttpError(409, OFFER_GONE, { code: 'offer_gone' });
    }
    throw error;
  }
  await sendNow(written.goneIds, { now, what: 'the waitlist gone messages', later: context.waitUntil });
  return answerReserved(bookingId, written, context, now);
}

/** The offer lost the race for its time: it is gone; the request keeps waiting. */
async function markGone(offerId: string, now: Date): Promise<void> {
  await query(`UPDATE waitlist_offers SET status = 'gone', answered_at = $2 WHERE id = $1 AND status = 'open'`, [
    offerId,
    now,
  ]);
}

/**
 * The other open offers of a time just booked whose own start is no longer free become 'gone' and
 * their owners are told; their requests still wait. An offer another accepter holds right now is
 * left to that accept (SKIP LOCKED): it books, or loses to the capacity trigger and is marked gone.
 */
async function othersGone(tx: Tx, taken: string, start: Date, end: Date, now: Date, site: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string; start_at: Date; end_at: Date } & WaitlistRequestRow>(
    `SELECT o.id, o.start_at, o.end_at, r.id AS request_id, r.dog, r.dogs, r.extras, r.contact_name, r.phone, r.email,
            r.notify_text, r.notify_email, r.service_id
       FROM waitlist_offers o JOIN waitlist_requests r ON r.id = o.request_id
      WHERE o.status = 'open' AND o.id <> $1 AND o.start_at < $3 AND o.end_at > $2
      FOR UPDATE OF o SKIP LOCKED`,
    [taken, start, end],
  );
  if (rows.length === 0) return [];
  const settings = await loadBookingSettings(tx);
  const { rows: titles } = await tx.query<{ id: string; title: string }>(
    'SELECT id, title FROM booking_types WHERE id = ANY ($1::text[])',
    [rows.map((r) => r.service_id)],
  );
  const ids: string[] = [];
  for (const o of rows) {
    const minutes = Math.round((o.end_at.getTime() - o.start_at.getTime()) / 60_000);
    const at = { start: o.start_at, end: new Date(o.start_at.getTime() + 60_000) };
    // A party's offer stands while every dog still fits at its start (decision 082).
    const visits = o.dogs ? await visitsOf(tx, o, settings) : null;
    const free = visits
      ? await freePartyStartsIn(
          tx,
          settings,
          visits.map((v) => v.durationMin),
          at,
          now,
        )
      : await freeStartsIn(tx, settings, minutes, at, now);
    if (free.length > 0) continue;
    await tx.query(`UPDATE waitlist_offers SET status = 'gone', answered_at = $2 WHERE id = $1`, [o.id, now]);
    const messages = offerGoneMessages({
      requestId: (o as unknown as { request_id: string }).request_id,
      offerId: o.id,
      dogName: joinNames((o.dogs ?? [o]).map((d) => d.dog.name)),
      serviceTitle: titles.find((t) => t.id === o.service_id)?.title ?? '',
      start: o.start_at,
      contactName: o.contact_name,
      ...recipientsOf(o),
      siteUrl: site,
      timeZone: settings.timeZone,
    });
    ids.push(...(await enqueueAll(tx, messages)));
  }
  return ids;
}

/** "Not this one": the offer is declined and the offer job passes its time to the next request. */
export async function declineOffer(
  requestId: string,
  offerId: string,
  now = new Date(),
): Promise<{ status: 'declined' }> {
  return transaction(async (tx) => {
    const row = await offerOf(tx, requestId, offerId, true);
    if (!row) throw NOT_FOUND;
    if (row.offer_status === 'declined') return { status: 'declined' as const };
    const refused = refusal(row, now);
    // An offer already closed cannot be declined, but a request no longer waiting may still say no.
    if (refused && refused.extra.code !== 'offer_closed') throw refused;
    await tx.query(`UPDATE waitlist_offers SET status = 'declined', answered_at = $2 WHERE id = $1`, [offerId, now]);
    return { status: 'declined' as const };
  });
}
