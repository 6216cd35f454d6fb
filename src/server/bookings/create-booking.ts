import { createHash } from 'node:crypto';
import type { CreateBookingRequest, CreateBookingResponse } from '../../domain/booking-schemas.ts';
import { quote } from '../../domain/pricing.ts';
import { findKeyHolder, issueAccessKey } from '../access-keys.ts';
import { db, type Tx } from '../db.ts';
import { env } from '../env.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../ids.ts';
import { stripeClient } from '../payments/stripe.ts';
import { createDepositCheckout } from '../payments/checkout.ts';
import { loadBookingSettings } from '../settings.ts';
import { findService, freshSlotsOfDay } from './availability.ts';
import { isCapacityViolation, isUniqueViolation } from './db-errors.ts';
import { enqueueBookingNotices } from './notices.ts';
import { assertSlotBookable, slotTaken } from './slot-check.ts';
import { bookingTransaction } from './transaction.ts';

export interface BookingContext {
  now?: Date;
  /** The device's x-access-key, if any. */
  accessKey?: string | null;
  /** Attribution: the statistics session and how the visitor came (e.g. 'bookLink'). */
  sessionId?: string | null;
  source?: string | null;
}

const MINUTE = 60_000;
/**
 * Stripe refuses a Checkout session that expires less than 30 minutes after Stripe receives the
 * request; a minute on top of the shop's hold keeps a slow request or a skewed clock from failing.
 */
const STRIPE_EXPIRY_MARGIN_MS = MINUTE;

/** A fingerprint of what was asked, so a reused idempotency key with a different request is refused. */
function requestHash(request: CreateBookingRequest): string {
  const { idempotencyKey: _key, ...rest } = request;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

interface ExistingBooking {
  id: string;
  status: string;
  request_hash: string;
  stripe_checkout_url: string | null;
  device_key_issued: boolean;
  customer_id: string;
}

async function replay(existing: ExistingBooking, hash: string): Promise<CreateBookingResponse> {
  if (existing.request_hash !== hash) {
    throw new HttpError(409, 'This request was already used for a different booking. Please start again.', { code: 'idempotency_conflict' });
  }
  if (existing.status === 'pending_payment' && existing.stripe_checkout_url) {
    return { bookingId: existing.id, status: 'pending_payment', checkoutUrl: existing.stripe_checkout_url };
  }
  if (existing.status === 'confirmed') {
    // The first answer may never have arrived: a key is only ever shown once, so give a new one.
    const accessKey = existing.device_key_issued
      ? await bookingTransaction((tx) => issueAccessKey(tx, existing.customer_id, 'device', { label: 'booking' }))
      : undefined;
    return { bookingId: existing.id, status: 'confirmed', ...(accessKey ? { accessKey } : {}) };
  }
  throw new HttpError(409, 'That booking was cancelled or its hold has lapsed. Please choose a time again.', { code: 'slot_unavailable' });
}

async function findByIdempotencyKey(key: string): Promise<ExistingBooking | null> {
  const { rows } = await db().query<ExistingBooking>(
    `SELECT id, status, request_hash, stripe_checkout_url, device_key_issued, customer_id FROM bookings WHERE idempotency_key = $1`,
    [key],
  );
  return rows[0] ?? null;
}

/**
 * Books an appointment in ONE transaction: customer, dog, price, the capacity claim and the
 * booking row, the Checkout session when a deposit is due, and the messages. Any failure rolls all
 * of it back. The database's capacity trigger has the last word on a race: its loser gets 409
 * `slot_taken` with the day's fresh times.
 */
export async function createBooking(request: CreateBookingRequest, context: BookingContext = {}): Promise<CreateBookingResponse> {
  const now = context.now ?? new Date();
  const hash = requestHash(request);
  const existing = await findByIdempotencyKey(request.idempotencyKey);
  if (existing) return replay(existing, hash);

  // Outside the transaction: the embedded database runs one transaction at a time, and this is a
  // separate connection.
  const holder = await findKeyHolder(context.accessKey ?? null, now);
  const stripe = stripeClient();
  const bookingId = randomId(18);
  const start = new Date(request.start);

  try {
    return await bookingTransaction(async (tx) => {
      const settings = await loadBookingSettings(tx);
      const service = await findService(tx, request.serviceId);
      if (!service) throw new HttpError(400, 'We do not offer that service. Please choose one from the list.', { code: 'invalid' });
      const end = new Date(start.getTime() + service.duration_min * MINUTE);

      await assertSlotBookable(tx, { now, settings, start, end });

      const { rows: [breed] } = await tx.query<{ id: string }>('SELECT id FROM breeds WHERE id = $1', [request.dog.breedId]);
      if (!breed) throw new HttpError(400, 'dog.breedId: please choose a breed from the list', { code: 'invalid' });

      const customer = await upsertCustomer(tx, request, holder?.customerId ?? null);
      const dogId = await upsertDog(tx, request, customer);

      const price = quote({
        service: { price: service.price_pence, kind: service.kind, title: service.title },
        dogWeightKg: request.dog.weightKg, settings, now,
      });
      const takeDeposit = price.depositPence > 0 && stripe !== null;
      const holdExpiresAt = takeDeposit ? new Date(now.getTime() + settings.holdMinutes * MINUTE + STRIPE_EXPIRY_MARGIN_MS) : null;
      const issueKey = customer.created;

      // The capacity trigger runs here; a full slot aborts the statement with 23P01.
      await tx.query(
        `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, hold_expires_at,
            quote, price_from_pence, promotion_pence, deposit_pence, idempotency_key, request_hash, device_key_issued,
            contact_name, contact_email, source, session_id, created_at, updated_at, confirmed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20, $21)`,
        [
          bookingId, customer.id, dogId, service.id, start, end, takeDeposit ? 'pending_payment' : 'confirmed', holdExpiresAt,
          JSON.stringify(price), price.fromPricePence, price.promotionPence, price.depositPence, request.idempotencyKey, hash, issueKey,
          request.owner.name, request.owner.email, context.source ?? null, context.sessionId ?? null, now, takeDeposit ? null : now,
        ],
      );
      const accessKey = issueKey ? await issueAccessKey(tx, customer.id, 'device', { label: 'booking' }) : undefined;

      if (takeDeposit) {
        const checkout = await createDepositCheckout(stripe, {
          bookingId, amountPence: price.depositPence, serviceTitle: service.title, dogName: request.dog.name,
          start, timeZone: settings.timeZone, email: request.owner.email, expiresAt: holdExpiresAt!, siteUrl: env().URL,
        });
        await tx.query('UPDATE bookings SET stripe_session_id = $2, stripe_checkout_url = $3 WHERE id = $1', [bookingId, checkout.id, checkout.url]);
        return { bookingId, status: 'pending_payment', checkoutUrl: checkout.url, ...(accessKey ? { accessKey } : {}) };
      }
      await enqueueBookingNotices(tx, bookingId, 'confirmed');
      return { bookingId, status: 'confirmed', ...(accessKey ? { accessKey } : {}) };
    });
  } catch (error) {
    if (isCapacityViolation(error) || (error instanceof HttpError && error.extra.code === 'slot_taken')) {
      throw slotTaken(await freshSlotsOfDay(request.serviceId, start, now).catch(() => []));
    }
    if (isUniqueViolation(error, 'bookings_idempotency_key_key')) {
      // The same request, twice at once: the other one won; answer as it did.
      const winner = await findByIdempotencyKey(request.idempotencyKey);
      if (winner) return replay(winner, hash);
    }
    throw error;
  }
}

interface CustomerRef {
  id: string;
  created: boolean;
  /** Whether this request speaks for the customer: a new customer, or the device's own key. */
  trusted: boolean;
}

/**
 * The customer of this phone number, created if new. A phone number is not proof of identity, so
 * an existing customer's details are changed only through their own device key; otherwise only
 * empty fields are filled. The contact typed is kept on the booking either way.
 */
async function upsertCustomer(tx: Tx, request: CreateBookingRequest, deviceCustomerId: string | null): Promise<CustomerRef> {
  const { owner } = request;
  const newId = randomId(16);
  const { rows: [inserted] } = await tx.query<{ id: string }>(
    `INSERT INTO customers (id, phone, name, email, marketing_consent) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (phone) DO NOTHING RETURNING id`,
    [newId, owner.phone, owner.name, owner.email, owner.marketingConsent],
  );
  if (inserted) return { id: inserted.id, created: true, trusted: true };
  const { rows: [found] } = await tx.query<{ id: string }>('SELECT id FROM customers WHERE phone = $1 FOR UPDATE', [owner.phone]);
  if (!found) throw new Error('customer vanished between insert and select');
  const trusted = deviceCustomerId === found.id;
  if (trusted) {
    await tx.query(
      'UPDATE customers SET name = $2, email = $3, marketing_consent = $4, updated_at = now() WHERE id = $1',
      [found.id, owner.name, owner.email, owner.marketingConsent],
    );
  } else {
    await tx.query(
      'UPDATE customers SET name = COALESCE(name, $2), email = COALESCE(email, $3), updated_at = now() WHERE id = $1',
      [found.id, owner.name, owner.email],
    );
  }
  return { id: found.id, created: false, trusted };
}

/** A saved dog of this customer (by id or by name), updated when trusted; otherwise a new one. */
async function upsertDog(tx: Tx, request: CreateBookingRequest, customer: CustomerRef): Promise<string> {
  const { dog } = request;
  const fields = [dog.name, dog.breedId, dog.weightKg, dog.coat, dog.notes ?? '', dog.nervous ?? false];
  if (request.savedDogId && customer.trusted) {
    // Renamed to the name of another of their dogs: that dog is meant, and the insert below updates it.
    const { rows: [saved] } = await tx.query<{ id: string }>(
      `UPDATE dogs SET name = $3, breed_id = $4, weight_kg = $5, coat = $6, notes = $7, nervous = $8, updated_at = now()
        WHERE id = $1 AND customer_id = $2
          AND NOT EXISTS (SELECT 1 FROM dogs other WHERE other.customer_id = $2 AND lower(other.name) = lower($3) AND other.id <> $1)
        RETURNING id`,
      [request.savedDogId, customer.id, ...fields],
    );
    if (saved) return saved.id;
  }
  const { rows: [row] } = await tx.query<{ id: string }>(
    `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat, notes, nervous) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (customer_id, lower(name)) DO UPDATE SET
       breed_id = CASE WHEN $9 THEN EXCLUDED.breed_id ELSE dogs.breed_id END,
       weight_kg = CASE WHEN $9 THEN EXCLUDED.weight_kg ELSE dogs.weight_kg END,
       coat = CASE WHEN $9 THEN EXCLUDED.coat ELSE dogs.coat END,
       notes = CASE WHEN $9 THEN EXCLUDED.notes ELSE dogs.notes END,
       nervous = CASE WHEN $9 THEN EXCLUDED.nervous ELSE dogs.nervous END,
       updated_at = now()
     RETURNING id`,
    [randomId(12), customer.id, ...fields, customer.trusted],
  );
  return row!.id;
}
