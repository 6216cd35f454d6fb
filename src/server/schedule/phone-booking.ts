import { createHash } from 'node:crypto';
import type { StaffBookingResponse } from '../../domain/schedule.ts';
import type { StaffBookingRequest } from '../../domain/staff-booking-request.ts';
import { audit } from '../audit.ts';
import {
  asSlotTaken,
  assertBreed,
  dogFor,
  findByIdempotencyKey,
  sendSoon,
  visitAsked,
  writeBooking,
  type ExistingBooking,
} from '../bookings/create-booking.ts';
import { isUniqueViolation } from '../bookings/db-errors.ts';
import { bookingTransaction } from '../bookings/transaction.ts';
import { db, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../ids.ts';
import type { StaffMember } from '../staff.ts';
import { bookingNotFound, scheduleBooking } from './schedule.ts';

/**
 * A booking taken on the phone (docs/decisions/060). The same write as an online booking (the time
 * checked by the same rules, staff without the minimum notice; the tables claimed by the same
 * trigger; the confirmation to the customer through the outbox), with the staff's rules for who it
 * is for: a customer the staff found, whose records it joins (the call is the proof: staff know who
 * they are talking to), or a new customer typed in. No deposit is asked: the customer is not at a
 * screen to pay it, so they pay in the shop. The public endpoint's identity rules are not touched.
 */
export interface PhoneBookingContext {
  now?: Date;
  siteUrl: string;
  waitUntil?: (work: Promise<unknown>) => void;
}

function requestHash(request: StaffBookingRequest): string {
  const { idempotencyKey: _key, ...rest } = request;
  return createHash('sha256')
    .update(JSON.stringify(['staff', rest]))
    .digest('hex');
}

async function replay(existing: ExistingBooking, request: StaffBookingRequest): Promise<StaffBookingResponse> {
  if (existing.request_hash !== requestHash(request)) {
    throw new HttpError(409, 'This request was already used for a different booking. Please start again.', {
      code: 'idempotency_conflict',
    });
  }
  const booking = await scheduleBooking(db(), existing.id);
  if (!booking) throw bookingNotFound();
  return { booking };
}

interface Contact {
  name: string;
  email: string;
  phone: string;
}

/** The customer it is for: a record the staff found (its contact details), or a new one to create. */
async function customerOf(
  tx: Tx,
  customer: StaffBookingRequest['customer'],
): Promise<{ id: string | null; contact: Contact }> {
  if ('id' in customer) {
    const {
      rows: [row],
    } = await tx.query<{ id: string; name: string | null; phone: string | null; email: string | null }>(
      'SELECT id, name, phone, email FROM customers WHERE id = $1 FOR UPDATE',
      [customer.id],
    );
    if (!row) throw new HttpError(404, 'We could not find that customer. Please search again.', { code: 'not_found' });
    if (!row.name?.trim() || !row.phone) {
      throw new HttpError(400, "This customer's record has no name or mobile number: type them in as a new customer.", {
        code: 'invalid',
      });
    }
    return { id: row.id, contact: { name: row.name.trim().slice(0, 80), email: row.email ?? '', phone: row.phone } };
  }
  return { id: null, contact: { name: customer.name, email: customer.email ?? '', phone: customer.phone } };
}

export async function createPhoneBooking(
  request: StaffBookingRequest,
  staff: Pick<StaffMember, 'customerId'>,
  context: PhoneBookingContext,
): Promise<StaffBookingResponse> {
  const now = context.now ?? new Date();
  const existing = await findByIdempotencyKey(request.idempotencyKey);
  if (existing) return replay(existing, request);
  const bookingId = randomId(18);
  const start = new Date(request.start);
  try {
    const written = await bookingTransaction(async (tx) => {
      const customer = await customerOf(tx, request.customer);
      const result = await writeBooking(
        tx,
        {
          bookingId,
          visit: visitAsked(request),
          start,
          contact: customer.contact,
          idempotencyKey: request.idempotencyKey,
          requestHash: requestHash(request),
          onlineDeposit: false,
          source: 'phone',
          sessionId: null,
          actor: { kind: 'staff', staffId: staff.customerId, note: request.note ?? null },
          siteUrl: context.siteUrl,
          party: async (tx) => {
            await assertBreed(tx, request.dog.breedId);
            let customerId = customer.id;
            if (!customerId) {
              customerId = randomId(16);
              await tx.query('INSERT INTO customers (id, phone, name, email) VALUES ($1, $2, $3, $4)', [
                customerId,
                customer.contact.phone,
                customer.contact.name,
                customer.contact.email || null,
              ]);
            }
            const { id: savedDogId, ...dog } = request.dog;
            // The staff vouch for the number they were given, so its texts are not rationed as a
            // stranger's would be (docs/decisions/050).
            return { customerId, dogId: await dogFor(tx, dog, savedDogId, customerId, true), phoneProven: true };
          },
        },
        now,
      );
      await audit(tx, staff, 'booking.create', 'booking', bookingId, {
        after: {
          start: start.toISOString(),
          serviceId: request.serviceId,
          extras: request.extras ?? [],
          customerId: result.customerId,
          newCustomer: customer.id === null,
        },
      });
      return result;
    });
    await sendSoon(written.messageIds, context, now);
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_idempotency_key_key')) {
      const winner = await findByIdempotencyKey(request.idempotencyKey);
      if (winner) return replay(winner, request);
    }
    throw await asSlotTaken(error, visitAsked(request), start, now, { forStaff: true });
  }
  const booking = await scheduleBooking(db(), bookingId);
  if (!booking) throw bookingNotFound();
  return { booking };
}
