import { createHash } from 'node:crypto';
import type { StaffWaitlistRequest, StaffWaitlistResponse } from '../../domain/staff-waitlist-request.ts';
import { waitlistLink } from '../../domain/waitlist-messages.ts';
import { audit } from '../audit.ts';
import { siteUrlOf, type BookingContext } from '../bookings/create-booking.ts';
import { isUniqueViolation } from '../bookings/db-errors.ts';
import { bookingTransaction } from '../bookings/transaction.ts';
import { db, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { sendNow } from '../messages/outbox.ts';
import { idempotencyDigest } from '../sealed.ts';
import type { StaffMember } from '../staff.ts';
import { writeWaitlistRequest } from './join.ts';
import { findWaitlistRequest, waitlistView } from './request-view.ts';

/**
 * A caller added to the waitlist by staff from a phone booking (docs/decisions/087). The same write
 * as the online join (writeWaitlistRequest: the same checks, one waiting request per number and
 * service, the same first message with the request's link), with the staff's rules for who it is
 * for: no code, since staff are talking to the caller (as a phone booking needs none), the customer
 * the lookup found, and the staff member recorded in `created_by` and the audit log. Its place in
 * the queue is its `created_at`, like any request: first asked, first offered.
 */

export type AddCallerContext = Pick<BookingContext, 'now' | 'siteUrl' | 'waitUntil'>;

function requestHash(request: StaffWaitlistRequest): string {
  const { idempotencyKey: _key, ...rest } = request;
  return createHash('sha256')
    .update(JSON.stringify(['staff', rest]))
    .digest('hex');
}

const otherDogWaiting = ({ waiting, asked, service }: { waiting: string; asked: string; service: string }) =>
  `${waiting} is already on the waitlist for a ${service} from this number, and we keep one for each service. To add ${asked} instead, withdraw ${waiting}'s request first (its link is in the message we sent them).`;

export async function addCallerToWaitlist(
  request: StaffWaitlistRequest,
  staff: Pick<StaffMember, 'customerId'>,
  context: AddCallerContext = {},
): Promise<StaffWaitlistResponse> {
  const now = context.now ?? new Date();
  const digest = idempotencyDigest(request.idempotencyKey);
  const link = (id: string) => waitlistLink(siteUrlOf(context), id);
  const replay = await answerReplay(digest, request, link);
  if (replay) return replay;
  const { idempotencyKey: _key, customerId, ...asked } = request;
  try {
    const { answer, messageIds } = await bookingTransaction(async (tx) => {
      const written = await writeWaitlistRequest(
        tx,
        {
          request: asked,
          digest,
          requestHash: requestHash(request),
          customerId: customerId ? await customerFound(tx, customerId, request.owner.phone) : null,
          createdBy: staff.customerId,
          otherDogWaiting,
        },
        context,
        now,
      );
      await audit(
        tx,
        staff,
        written.answer.updated ? 'waitlist.update' : 'waitlist.create',
        'waitlist_request',
        written.answer.requestId,
        {
          after: {
            serviceId: request.serviceId,
            dog: request.dog.name,
            extras: request.extras ?? [],
            from: request.from,
            to: request.to,
            weekdays: request.weekdays,
            parts: request.parts,
            notify: request.notify,
            customerId: customerId ?? null,
          },
        },
      );
      return written;
    });
    await sendNow(messageIds, { now, what: 'the waitlist messages', later: context.waitUntil });
    return { ...answer, link: link(answer.requestId) };
  } catch (error) {
    if (isUniqueViolation(error, 'waitlist_requests_idempotency_key_key')) {
      const again = await answerReplay(digest, request, link);
      if (again) return again;
    }
    if (isUniqueViolation(error, 'waitlist_requests_one_waiting_idx'))
      throw new HttpError(409, 'This number has just been added to the waitlist for this service.', {
        code: 'already_waiting',
      });
    throw error;
  }
}

/** The customer the lookup found, whose number the request must carry (a request texts that number). */
async function customerFound(tx: Tx, id: string, phone: string): Promise<string> {
  const {
    rows: [row],
  } = await tx.query<{ phone: string | null }>('SELECT phone FROM customers WHERE id = $1', [id]);
  if (!row) throw new HttpError(404, 'We could not find that customer. Please search again.', { code: 'not_found' });
  if (row.phone !== phone)
    throw new HttpError(400, "owner.phone: that is not the number on this customer's record.", { code: 'invalid' });
  return id;
}

async function answerReplay(
  digest: string,
  request: StaffWaitlistRequest,
  link: (id: string) => string,
): Promise<StaffWaitlistResponse | null> {
  const {
    rows: [existing],
  } = await db().query<{ id: string }>('SELECT id FROM waitlist_requests WHERE idempotency_key = $1', [digest]);
  if (!existing) return null;
  const row = (await findWaitlistRequest(db(), existing.id))!;
  if (row.request_hash !== requestHash(request))
    throw new HttpError(409, 'This request was already used for a different waitlist request. Please start again.', {
      code: 'idempotency_conflict',
    });
  return { requestId: row.id, updated: false, request: waitlistView(row), link: link(row.id) };
}
