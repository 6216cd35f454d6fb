import type { WaitlistOfferView } from '../../domain/waitlist-offer-schemas.ts';
import type { Tx } from '../db.ts';
import { priceFor } from '../bookings/quote.ts';
import { loadBookingSettings } from '../settings.ts';
import { joinNames, partyQuote } from '../../domain/party-quote.ts';
import { requestColumns, visitsOf, type WaitlistRequestRow } from './offers.ts';

/** How long an answered offer stays on its request's page: the message's link still says what became of it. */
const ANSWERED_SHOWN_MS = 24 * 3_600_000;

/**
 * The offer a request's page shows (docs/decisions/084): its open one, else the last one made in the
 * past day (taken, gone, declined or expired), so the link in a message always lands on what became of
 * it. The price is the request's visit priced now, as the offer's message priced it.
 */
export async function offerOfRequest(tx: Tx, requestId: string, now: Date): Promise<WaitlistOfferView | null> {
  const { rows } = await tx.query<
    WaitlistRequestRow & {
      offer_id: string;
      offer_status: WaitlistOfferView['status'];
      start_at: Date;
      end_at: Date;
      expires_at: Date;
      booking_id: string | null;
    }
  >(
    `SELECT ${requestColumns('r')}, o.id AS offer_id, o.status AS offer_status, o.start_at, o.end_at, o.expires_at,
            o.booking_id
       FROM waitlist_offers o JOIN waitlist_requests r ON r.id = o.request_id
      WHERE o.request_id = $1 AND (o.status = 'open' OR o.offered_at > $2)
      ORDER BY o.status = 'open' DESC, o.offered_at DESC LIMIT 1`,
    [requestId, new Date(now.getTime() - ANSWERED_SHOWN_MS)],
  );
  const row = rows[0];
  if (!row) return null;
  const settings = await loadBookingSettings(tx);
  // A party's offer names every dog, with its one price and one deposit (decision 082).
  const dogs = row.dogs ?? [row];
  const visits = await visitsOf(tx, row, settings);
  const price = visits
    ? partyQuote(
        visits.map((v, i) => ({ name: dogs[i]!.dog.name, quote: priceFor(v, dogs[i]!.dog.weightKg, settings, now) })),
      )
    : null;
  return {
    id: row.offer_id,
    status: row.offer_status,
    start: row.start_at.toISOString(),
    end: row.end_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    timeZone: settings.timeZone,
    dogName: joinNames(dogs.map((d) => d.dog.name)),
    serviceTitle: joinNames((visits ?? []).map((v) => v.service.title)),
    totalFromPence: price?.totalFromPence ?? 0,
    depositPence: price?.depositPence ?? 0,
    bookingId: row.booking_id,
  };
}
