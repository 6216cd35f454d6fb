import site from '../../content/site.json' with { type: 'json' };
import {
  CONSENT_TOKEN,
  consentLinkExpiry,
  consentLinkText,
  type AgreeByLinkRequest,
  type ConsentPage,
} from '../domain/consent.ts';
import type { ScheduleBooking } from '../domain/schedule.ts';
import { audit } from './audit.ts';
import { db, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import { hashAccessKey, newAccessKey } from './ids.ts';
import { enqueueMessages, type NewOutboxMessage } from './messages/outbox.ts';
import { bookingNotFound, scheduleBooking } from './schedule/schedule.ts';
import { loadBookingSettings } from './settings.ts';
import type { StaffMember } from './staff.ts';
import { visitPhotos } from './visit-photo-store.ts';

/**
 * The owner's consent by a texted link (docs/decisions/093): staff send it from the booking's dialog
 * when the owner is not at the counter; the owner opens /c/{token}, sees the photo, the surcharge
 * and the new total, and agrees with their name. The token is 256 random bits, only its hash kept;
 * it runs out at the end of the visit's day and goes stale when the check-in changes.
 */

export const UNKNOWN_LINK =
  'We could not find that link. It may have run out at the end of the visit’s day: please call us and we will sort it out.';
export const REPLACED_LINK = 'We have sent you a newer link for this visit: please use the one in our latest message.';
export const STALE_LINK =
  'The check-in has changed since we sent this link (a new photo or a different surcharge): please use the newer link we send you, or call us.';

// The link's check-in as it is now, beside what the link was sent for.
const LINK_SQL = `
  SELECT l.booking_id, l.tier_id AS sent_tier, l.surcharge_pence AS sent_surcharge, l.photo_key AS sent_photo,
         l.expires_at, l.replaced_at, ci.tier_id, ci.tier_label, ci.surcharge_pence, ci.photo_key,
         ci.consent_name, ci.consented_at, b.attendance, b.contact_name, d.name AS dog,
         COALESCE((b.quote ->> 'totalFromPence')::int, b.price_from_pence) AS quote_pence
    FROM consent_links l
    JOIN check_ins ci ON ci.booking_id = l.booking_id
    JOIN bookings b ON b.id = l.booking_id
    JOIN dogs d ON d.id = b.dog_id
   WHERE l.token_hash = $1`;

interface LinkRow {
  booking_id: string;
  sent_tier: string;
  sent_surcharge: number;
  sent_photo: string | null;
  expires_at: Date;
  replaced_at: Date | null;
  tier_id: string | null;
  tier_label: string | null;
  surcharge_pence: number;
  photo_key: string | null;
  consent_name: string | null;
  consented_at: Date | null;
  attendance: string | null;
  contact_name: string;
  dog: string;
  quote_pence: number;
}

/** The link's row, or the refusal in words: unknown or run out 404; replaced or stale 409. */
async function openLink(tx: Tx, token: string, now: Date, lock = false): Promise<LinkRow> {
  if (!CONSENT_TOKEN.test(token)) throw new HttpError(404, UNKNOWN_LINK, { code: 'not_found' });
  const {
    rows: [row],
  } = await tx.query<LinkRow>(`${LINK_SQL}${lock ? ' FOR UPDATE OF ci' : ''}`, [hashAccessKey(token)]);
  if (!row || row.expires_at <= now) throw new HttpError(404, UNKNOWN_LINK, { code: 'not_found' });
  if (row.replaced_at) throw new HttpError(409, REPLACED_LINK, { code: 'stale' });
  const changed =
    row.tier_id !== row.sent_tier ||
    row.surcharge_pence !== row.sent_surcharge ||
    row.photo_key !== row.sent_photo ||
    (row.attendance !== 'arrived' && !row.consented_at);
  if (changed) throw new HttpError(409, STALE_LINK, { code: 'stale' });
  return row;
}

function pageOf(row: LinkRow): ConsentPage {
  return {
    shop: site.name,
    dog: row.dog,
    tier: row.tier_label ?? '',
    quotePence: row.quote_pence,
    surchargePence: row.surcharge_pence,
    totalPence: row.quote_pence + row.surcharge_pence,
    hasPhoto: row.photo_key !== null,
    ownerName: row.contact_name,
    agreed:
      row.consented_at && row.consent_name !== null
        ? { name: row.consent_name, at: row.consented_at.toISOString() }
        : null,
  };
}

/** GET /consents/{token}: what the owner's page shows. */
export async function consentPage(token: string, now = new Date()): Promise<ConsentPage> {
  return pageOf(await openLink(db(), token, now));
}

/** POST /consents/{token}: the owner agrees. A second tap (or a consent already taken) changes nothing. */
export async function agreeByLink(token: string, request: AgreeByLinkRequest, now = new Date()): Promise<ConsentPage> {
  return transaction(async (tx) => {
    const row = await openLink(tx, token, now, true);
    if (row.consented_at) return pageOf(row);
    await tx.query(
      `UPDATE check_ins SET consent_method = 'link', consent_name = $2, consented_at = $3, consent_taken_by = NULL
        WHERE booking_id = $1`,
      [row.booking_id, request.name, now],
    );
    return pageOf({ ...row, consent_name: request.name, consented_at: now });
  });
}

/** GET /consents/{token}/photo: the check-in's photo, to the link's holder only. */
export async function consentPhoto(token: string, now = new Date()): Promise<ArrayBuffer> {
  const row = await openLink(db(), token, now);
  const photo = row.photo_key ? await visitPhotos().get(row.photo_key, { type: 'arrayBuffer' }) : null;
  if (!photo) throw new HttpError(404, 'There is no photo for this visit.', { code: 'not_found' });
  return photo;
}

/**
 * Staff send (or send again) the link for a checked-in dog whose surcharge waits for the owner: the
 * one before is marked replaced in the same transaction, and the text (and e-mail, if the booking has
 * an address) written to the outbox for the caller to send now.
 */
export async function sendConsentLink(
  id: string,
  staff: Pick<StaffMember, 'customerId'>,
  siteUrl: string,
  now = new Date(),
): Promise<{ booking: ScheduleBooking; messageIds: string[] }> {
  return transaction(async (tx) => {
    const {
      rows: [b],
    } = await tx.query<{
      attendance: string | null;
      start_at: Date;
      phone: string | null;
      email: string;
      dog: string;
      quote_pence: number;
      tier_id: string | null;
      tier_label: string | null;
      tier_kind: 'matting' | 'handling' | null;
      surcharge_pence: number | null;
      photo_key: string | null;
      consented_at: Date | null;
    }>(
      `SELECT b.attendance, b.start_at, COALESCE(b.contact_phone, c.phone) AS phone, b.contact_email AS email,
              d.name AS dog, COALESCE((b.quote ->> 'totalFromPence')::int, b.price_from_pence) AS quote_pence,
              ci.tier_id, ci.tier_label, ci.tier_kind, ci.surcharge_pence, ci.photo_key, ci.consented_at
         FROM bookings b JOIN customers c ON c.id = b.customer_id JOIN dogs d ON d.id = b.dog_id
         LEFT JOIN check_ins ci ON ci.booking_id = b.id
        WHERE b.id = $1 FOR UPDATE OF b`,
      [id],
    );
    if (!b) throw bookingNotFound();
    const refuse = (message: string) => new HttpError(409, message, { code: 'policy' });
    if (b.attendance !== 'arrived' || b.surcharge_pence === null)
      throw refuse('A link is sent for a dog checked in and still with us.');
    if (!b.tier_id || !b.tier_label || !b.tier_kind || !b.surcharge_pence)
      throw refuse('There is no surcharge to agree to on this check-in.');
    if (b.consented_at) throw refuse('The owner has already agreed to the surcharge.');
    if (!b.phone && !b.email) throw refuse('The booking has no phone number or e-mail address to send a link to.');

    const { timeZone } = await loadBookingSettings(tx);
    // The link and its messages run out together: a text still unsent then is not worth sending.
    const expiresAt = consentLinkExpiry(b.start_at, timeZone, now);
    await tx.query('UPDATE consent_links SET replaced_at = $2 WHERE booking_id = $1 AND replaced_at IS NULL', [
      id,
      now,
    ]);
    const token = newAccessKey();
    await tx.query(
      `INSERT INTO consent_links (token_hash, booking_id, tier_id, surcharge_pence, photo_key, sent_at, sent_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [hashAccessKey(token), id, b.tier_id, b.surcharge_pence, b.photo_key, now, staff.customerId, expiresAt],
    );
    const text = consentLinkText({
      shop: site.name,
      dog: b.dog,
      tier: b.tier_label,
      kind: b.tier_kind,
      surchargePence: b.surcharge_pence,
      totalPence: b.quote_pence + b.surcharge_pence,
      link: `${siteUrl}/c/${token}`,
    });
    const base = { kind: 'consent_link', bodyText: text, bookingId: id, expiresAt };
    const messages: NewOutboxMessage[] = [];
    if (b.phone) messages.push({ ...base, channel: 'sms', recipient: b.phone });
    if (b.email)
      messages.push({
        ...base,
        channel: 'email',
        recipient: b.email,
        subject: `${b.dog}’s groom today: please agree to the ${b.tier_label.toLowerCase()} surcharge`,
      });
    const messageIds = await enqueueMessages(tx, messages);
    await audit(tx, staff, 'booking.consent_link', 'booking', id, {
      after: { surchargePence: b.surcharge_pence, sms: Boolean(b.phone), email: Boolean(b.email) },
    });
    return { booking: (await scheduleBooking(tx, id))!, messageIds };
  });
}
