import type { BookingStatus } from '../../domain/booking-schemas.ts';
import type { Coat } from '../../domain/booking-api-schemas.ts';
import {
  DUE_FOR_GROOM_KIND,
  LATE_DAYS,
  dueForGroom,
  dueForGroomDedupeKey,
  nudgeBookUrl,
  nudgeEmail,
  oneClickUrl,
  stopUrl,
  type DueVerdict,
  type MarketingConsent,
} from '../../domain/due-for-groom.ts';
import { instantToZoned } from '../../domain/london-time.ts';
import { MAX_WEEKS, MIN_WEEKS, usualInterval } from '../../domain/rebook.ts';
import { query, transaction, type Tx } from '../db.ts';
import { loadBookingSettings } from '../settings.ts';
import { siteUrl } from '../site-url.ts';
import { newOptOutToken } from '../marketing-opt-out.ts';
import { enqueueMessage } from './outbox.ts';

const DAY_MS = 86_400_000;

export interface DueForGroomRun {
  /** Visits looked at: each dog's completed visits old enough to be due. */
  visits: number;
  enqueued: number;
}

/**
 * Puts the nudges due now into the outbox (docs/decisions/090). The database narrows the visits to
 * those whose due date can fall in the window (MIN_WEEKS to MAX_WEEKS + LATE_DAYS ago); the domain
 * decides each one, in its own transaction holding the customer's row, so an opt-out that commits
 * first is read, and one that commits after finds the nudge to withdraw. Safe to run any number of
 * times: the visit's id is the outbox's dedupe key.
 */
export async function enqueueDueForGroom({ now = new Date() }: { now?: Date } = {}): Promise<DueForGroomRun> {
  const settings = await loadBookingSettings();
  const candidates = await query<{ id: string }>(
    `SELECT DISTINCT ON (dog_id) id FROM bookings
      WHERE attendance = 'completed' AND start_at >= $1 AND start_at < $2
      ORDER BY dog_id, start_at DESC`,
    [
      new Date(now.getTime() - (MAX_WEEKS * 7 + LATE_DAYS + 1) * DAY_MS),
      new Date(now.getTime() - (MIN_WEEKS * 7 - 1) * DAY_MS),
    ],
  );
  const site = siteUrl();
  let enqueued = 0;
  for (const { id } of candidates) {
    enqueued += await transaction((tx) => nudgeOne(tx, id, { now, timeZone: settings.timeZone, site }));
  }
  return { visits: candidates.length, enqueued };
}

interface VisitRow {
  id: string;
  dog_id: string;
  start_at: Date;
  party_id: string | null;
  customer_id: string;
  owner_name: string | null;
  email: string | null;
  consent: boolean;
  opted_out_at: Date | null;
  dog_name: string;
  coat: Coat;
  breed_weeks: number | null;
}

async function nudgeOne(tx: Tx, visitId: string, ctx: { now: Date; timeZone: string; site: string }): Promise<number> {
  const {
    rows: [visit],
  } = await tx.query<VisitRow>(
    `SELECT b.id, b.dog_id, b.start_at, b.party_id, c.id AS customer_id, c.name AS owner_name,
            COALESCE(NULLIF(c.email, ''), NULLIF(b.contact_email, '')) AS email,
            c.marketing_consent AS consent, c.marketing_opted_out_at AS opted_out_at,
            d.name AS dog_name, d.coat, br.groom_interval_weeks AS breed_weeks
       FROM bookings b
       JOIN customers c ON c.id = b.customer_id
       JOIN dogs d ON d.id = b.dog_id
       JOIN breeds br ON br.id = d.breed_id
      WHERE b.id = $1
        FOR UPDATE OF c`,
    [visitId],
  );
  if (!visit) return 0;
  const { rows: others } = await tx.query<{ start_at: Date; status: BookingStatus; attendance: string | null }>(
    `SELECT start_at, status, attendance FROM bookings WHERE dog_id = $1 AND id <> $2`,
    [visit.dog_id, visit.id],
  );
  const dedupeKey = dueForGroomDedupeKey(visit.id);
  const { rows: sent } = await tx.query('SELECT 1 FROM outbox WHERE dedupe_key = $1', [dedupeKey]);
  const weeks = usualInterval({
    completedVisits: [visit.start_at, ...others.filter((o) => o.attendance === 'completed').map((o) => o.start_at)]
      .filter((at) => at.getTime() <= visit.start_at.getTime())
      .map((at) => instantToZoned(at, ctx.timeZone).date),
    breedWeeks: visit.breed_weeks,
    coat: visit.coat,
  }).weeks;
  const verdict: DueVerdict = dueForGroom({
    visit: { id: visit.id, start: visit.start_at },
    weeks,
    laterBookings: others
      .filter((o) => o.start_at.getTime() > visit.start_at.getTime())
      .map((o) => ({ start: o.start_at, status: o.status })),
    consent: consentOf(visit),
    email: visit.email,
    alreadySent: sent.length > 0,
    now: ctx.now,
    timeZone: ctx.timeZone,
  });
  if (!verdict.due) return 0;
  const token = await newOptOutToken(tx, visit.customer_id, ctx.now);
  const words = nudgeEmail({
    ownerName: visit.owner_name,
    dogName: visit.dog_name,
    weeks,
    bookUrl: nudgeBookUrl(ctx.site, { id: visit.id, partyId: visit.party_id }),
    stopUrl: stopUrl(ctx.site, token),
  });
  const created = await enqueueMessage(tx, {
    kind: DUE_FOR_GROOM_KIND,
    channel: 'email',
    recipient: visit.email!,
    ...words,
    bookingId: visit.id,
    dedupeKey,
    marketingCustomerId: visit.customer_id,
    listUnsubscribe: oneClickUrl(ctx.site, token),
  });
  return created ? 1 : 0;
}

function consentOf(row: Pick<VisitRow, 'consent' | 'opted_out_at'>): MarketingConsent {
  if (row.consent) return 'given';
  return row.opted_out_at ? 'opted_out' : 'none';
}
