import type { WaitlistView } from '../../domain/waitlist.ts';
import { db, transaction, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { offerOfRequest } from './offer-view.ts';
import { findWaitlistRequest, viewOrNotFound, WAITLIST_NOT_FOUND, waitlistView } from './request-view.ts';

/** GET /v1.0.1/waitlist/{id}: the id is the key; a wrong one is a 404 like any other. With its offer. */
export async function getWaitlistRequest(id: string, now = new Date()): Promise<WaitlistView> {
  const view = await viewOrNotFound(db(), id);
  // A request withdrawn or ended has no offer to show: "you're still on the list" would be untrue.
  if (view.status !== 'waiting' && view.status !== 'booked') return view;
  const offer = await offerOfRequest(db(), id, now);
  return offer ? { ...view, offer } : view;
}

/**
 * POST /v1.0.1/waitlist/{id}/withdraw. Idempotent: a request already withdrawn (or lapsed) answers
 * as it is. One that became a booking is changed from the booking's page, so it is a 409 saying so.
 * The request's open offer, if any, is declined with it: the offer job passes its time on.
 */
export async function withdrawWaitlistRequest(id: string, now = new Date()): Promise<WaitlistView> {
  return transaction((tx) => withdrawIn(tx, id, now));
}

/** The withdraw in the caller's transaction: the owner's, or staff's for a caller who phoned (decision 086). */
export async function withdrawIn(tx: Tx, id: string, now: Date): Promise<WaitlistView> {
  const row = await findWaitlistRequest(tx, id, true);
  if (!row) throw new HttpError(404, WAITLIST_NOT_FOUND, { code: 'not_found' });
  if (row.status === 'booked')
    throw new HttpError(409, "This request has already become a booking. To change it, use the booking's own page.", {
      code: 'already_booked',
    });
  if (row.status !== 'waiting') return waitlistView(row);
  await tx.query(`UPDATE waitlist_requests SET status = 'withdrawn', updated_at = $2 WHERE id = $1`, [id, now]);
  // An offer it held is declined with it, so the offer job passes the time on.
  await tx.query(
    `UPDATE waitlist_offers SET status = 'declined', answered_at = $2 WHERE request_id = $1 AND status = 'open'`,
    [id, now],
  );
  return waitlistView({ ...row, status: 'withdrawn' });
}
