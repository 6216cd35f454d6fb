import type { BookingStatus } from '../../domain/booking-schemas.ts';
import { oneClickUrl, stopUrl } from '../../domain/due-for-groom.ts';
import {
  REVIEW_DELAY_MINUTES,
  REVIEW_LATE_DAYS,
  REVIEW_REQUEST_KIND,
  REVIEW_WRITE_URL,
  reviewRequestDedupeKey,
  reviewRequestDue,
  reviewRequestEmail,
  reviewRequestText,
} from '../../domain/review-request.ts';
import type { WaitlistSettings } from '../../domain/booking-settings.ts';
import { query, transaction, type Tx } from '../db.ts';
import { newOptOutToken } from '../marketing-opt-out.ts';
import { loadBookingSettings } from '../settings.ts';
import { siteUrl } from '../site-url.ts';
import { enqueueMessage } from './outbox.ts';

export interface ReviewRequestRun {
  /** Owners looked at: each one's latest visit completed in the window, not asked yet. */
  visits: number;
  enqueued: number;
}

/**
 * Puts the review requests due now into the outbox (docs/decisions/095). The database narrows the
 * visits to those completed between REVIEW_LATE_DAYS and REVIEW_DELAY_MINUTES ago whose owner was
 * never asked; the domain decides each, in its own transaction holding the owner's row, so an
 * opt-out or an erasure that commits first is read. `review_requests` is keyed by the customer, so
 * any number of runs, visits or jobs at once write one request per owner, ever.
 */
export async function enqueueReviewRequests({ now = new Date() }: { now?: Date } = {}): Promise<ReviewRequestRun> {
  const settings = await loadBookingSettings();
  const candidates = await query<{ id: string }>(
    `SELECT DISTINCT ON (b.customer_id) b.id FROM bookings b
      WHERE b.attendance = 'completed' AND b.completed_at >= $1 AND b.completed_at <= $2
        AND NOT EXISTS (SELECT 1 FROM review_requests r WHERE r.customer_id = b.customer_id)
      ORDER BY b.customer_id, b.completed_at DESC`,
    [new Date(now.getTime() - REVIEW_LATE_DAYS * 86_400_000), new Date(now.getTime() - REVIEW_DELAY_MINUTES * 60_000)],
  );
  const ctx = { now, timeZone: settings.timeZone, waking: settings.waitlist.wakingHours, site: siteUrl() };
  let enqueued = 0;
  for (const { id } of candidates) enqueued += await transaction((tx) => askOne(tx, id, ctx));
  return { visits: candidates.length, enqueued };
}

interface VisitRow {
  id: string;
  status: BookingStatus;
  attendance: string | null;
  completed_at: Date | null;
  customer_id: string;
  owner_name: string | null;
  email: string | null;
  phone: string | null;
  erased: boolean;
  consent: boolean;
  opted_out_at: Date | null;
  dog_name: string | null;
  asked: boolean;
}

async function askOne(
  tx: Tx,
  bookingId: string,
  ctx: { now: Date; timeZone: string; waking: WaitlistSettings['wakingHours']; site: string },
): Promise<number> {
  const {
    rows: [visit],
  } = await tx.query<VisitRow>(
    `SELECT b.id, b.status, b.attendance, b.completed_at, c.id AS customer_id, c.name AS owner_name,
            COALESCE(NULLIF(c.email, ''), NULLIF(b.contact_email, '')) AS email, COALESCE(c.phone, b.contact_phone) AS phone,
            c.erased_at IS NOT NULL AS erased, c.marketing_consent AS consent, c.marketing_opted_out_at AS opted_out_at,
            d.name AS dog_name, EXISTS (SELECT 1 FROM review_requests r WHERE r.customer_id = c.id) AS asked
       FROM bookings b
       JOIN customers c ON c.id = b.customer_id
       LEFT JOIN dogs d ON d.id = b.dog_id
      WHERE b.id = $1
        FOR UPDATE OF c`,
    [bookingId],
  );
  if (!visit) return 0;
  const verdict = reviewRequestDue({
    visit: { status: visit.status, attendance: visit.attendance, completedAt: visit.completed_at },
    erased: visit.erased,
    // An opt-out stands until a fresh consent (a later booking with the box ticked) replaces it (decision 090).
    optedOut: !visit.consent && visit.opted_out_at !== null,
    alreadyAsked: visit.asked,
    email: visit.email,
    phone: visit.phone,
    now: ctx.now,
    timeZone: ctx.timeZone,
    waking: ctx.waking,
  });
  if (!verdict.due) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO review_requests (customer_id, booking_id, channel, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id) DO NOTHING`,
    [visit.customer_id, visit.id, verdict.channel, ctx.now],
  );
  if (!rowCount) return 0;
  const token = await newOptOutToken(tx, visit.customer_id, ctx.now);
  const words = {
    ownerName: visit.owner_name,
    dogName: visit.dog_name,
    writeUrl: REVIEW_WRITE_URL,
    stopUrl: stopUrl(ctx.site, token),
  };
  const message =
    verdict.channel === 'email'
      ? {
          channel: 'email' as const,
          recipient: visit.email!,
          ...reviewRequestEmail(words),
          listUnsubscribe: oneClickUrl(ctx.site, token),
        }
      : { channel: 'sms' as const, recipient: visit.phone!, ...reviewRequestText(words) };
  const created = await enqueueMessage(tx, {
    kind: REVIEW_REQUEST_KIND,
    ...message,
    bookingId: visit.id,
    dedupeKey: reviewRequestDedupeKey(visit.customer_id),
    // Not marketing, but an opt-out tapped before it leaves withdraws it as it withdraws marketing.
    marketingCustomerId: visit.customer_id,
  });
  return created ? 1 : 0;
}
