import site from '../../content/site.json' with { type: 'json' };
import { usualInterval } from '../domain/rebook.ts';
import {
  nextVisitSuggestion,
  reportCardText,
  whatWasDone,
  type OwnerReportCard,
  type PhotoSide,
  type ReportCardRequest,
  type ReportCardView,
  type StaffReportCard,
} from '../domain/report-card.ts';
import { instantToZoned } from '../domain/london-time.ts';
import { audit } from './audit.ts';
import { db, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import { enqueueMessages, type NewOutboxMessage } from './messages/outbox.ts';
import { bookingNotFound } from './schedule/schedule.ts';
import { loadBookingSettings } from './settings.ts';
import type { Coat } from '../domain/booking-api-schemas.ts';
import type { StaffMember } from './staff.ts';
import { hasVisitPhoto } from './visit-photo-store.ts';

/**
 * The report card (docs/decisions/094): written by staff once the visit is completed, sent to the
 * owner once (a text, and an e-mail when there is an address) with a link to the booking's page;
 * an edit after sending updates that page and sends nothing more. The owner's separate yes to the
 * photos' use elsewhere is kept here too.
 */

interface ReportRow {
  done: string;
  skin: string;
  ears: string;
  nails: string;
  behaviour: string;
  suggestion: string;
  after_photo_key: string | null;
  before_photo_key: string | null;
  sent_at: Date;
  photo_use_allowed: boolean | null;
  photo_use_at: Date | null;
}

const SELECT_REPORT = `SELECT r.*, ci.photo_key AS before_photo_key
   FROM report_cards r LEFT JOIN check_ins ci ON ci.booking_id = r.booking_id WHERE r.booking_id = $1`;

const noticedOf = (r: ReportRow) => ({ skin: r.skin, ears: r.ears, nails: r.nails, behaviour: r.behaviour });

function staffView(r: ReportRow): ReportCardView {
  return {
    sentAt: r.sent_at.toISOString(),
    done: r.done,
    noticed: noticedOf(r),
    suggestion: r.suggestion,
    hasBefore: r.before_photo_key !== null,
    hasAfter: r.after_photo_key !== null,
    photoUse: r.photo_use_allowed === null ? null : { allowed: r.photo_use_allowed, at: r.photo_use_at!.toISOString() },
  };
}

/** The report, if sent, and what the composer starts from: the booked service and extras, the usual interval. */
export async function staffReportCard(id: string): Promise<StaffReportCard> {
  return transaction(async (tx) => {
    const {
      rows: [b],
    } = await tx.query<{
      title: string;
      extras: string[];
      coat: Coat;
      breed_weeks: number | null;
      done: Date[];
      before_photo_key: string | null;
    }>(
      `SELECT t.title, d.coat, br.groom_interval_weeks AS breed_weeks, ci.photo_key AS before_photo_key,
              ARRAY(SELECT x.title FROM booking_extras x JOIN extras e ON e.id = x.extra_id
                     WHERE x.booking_id = b.id ORDER BY e.display_order, x.extra_id) AS extras,
              ARRAY(SELECT v.start_at FROM bookings v WHERE v.dog_id = d.id AND v.attendance = 'completed'
                     ORDER BY v.start_at) AS done
         FROM bookings b JOIN booking_types t ON t.id = b.service_id JOIN dogs d ON d.id = b.dog_id
         JOIN breeds br ON br.id = d.breed_id LEFT JOIN check_ins ci ON ci.booking_id = b.id
        WHERE b.id = $1`,
      [id],
    );
    if (!b) throw bookingNotFound();
    const { timeZone } = await loadBookingSettings(tx);
    const { weeks } = usualInterval({
      completedVisits: b.done.map((at) => instantToZoned(new Date(at), timeZone).date),
      breedWeeks: b.breed_weeks,
      coat: b.coat,
    });
    const report = (await tx.query<ReportRow>(SELECT_REPORT, [id])).rows[0];
    return {
      report: report ? staffView(report) : null,
      prefill: { done: whatWasDone(b.title, b.extras), suggestion: nextVisitSuggestion(weeks) },
      hasBefore: b.before_photo_key !== null,
    };
  });
}

export interface ReportSent {
  report: ReportCardView;
  /** Outbox rows written by this send, to send now: none for an edit after the first send. */
  messageIds: string[];
}

/** Writes the report and, the first time, the owner's message; only for a completed visit. */
export async function sendReportCard(
  id: string,
  request: ReportCardRequest,
  staff: Pick<StaffMember, 'customerId'>,
  siteUrl: string,
  now = new Date(),
): Promise<ReportSent> {
  if (request.afterPhotoKey && !(await hasVisitPhoto(request.afterPhotoKey)))
    throw new HttpError(400, 'That photo did not arrive. Please take it again.', { code: 'invalid' });
  return transaction(async (tx) => {
    const {
      rows: [b],
    } = await tx.query<{
      attendance: string | null;
      phone: string | null;
      email: string;
      dog: string;
      page: string;
    }>(
      // The page is the booking's own, a party's its first dog's (decision 082), which shows every card.
      `SELECT b.attendance, COALESCE(b.contact_phone, c.phone) AS phone, b.contact_email AS email, d.name AS dog,
              COALESCE(b.party_id, b.id) AS page
         FROM bookings b JOIN customers c ON c.id = b.customer_id JOIN dogs d ON d.id = b.dog_id
        WHERE b.id = $1 FOR UPDATE OF b`,
      [id],
    );
    if (!b) throw bookingNotFound();
    if (b.attendance !== 'completed')
      throw new HttpError(409, 'The report card is written once the visit is completed. Mark it completed first.', {
        code: 'policy',
      });
    const before = (await tx.query<ReportRow>(SELECT_REPORT, [id])).rows[0] ?? null;
    const { done, noticed, suggestion } = request;
    await tx.query(
      `INSERT INTO report_cards (booking_id, done, skin, ears, nails, behaviour, suggestion, after_photo_key,
                                 written_by, sent_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
       ON CONFLICT (booking_id) DO UPDATE SET
         done = EXCLUDED.done, skin = EXCLUDED.skin, ears = EXCLUDED.ears, nails = EXCLUDED.nails,
         behaviour = EXCLUDED.behaviour, suggestion = EXCLUDED.suggestion,
         after_photo_key = COALESCE(EXCLUDED.after_photo_key, report_cards.after_photo_key),
         written_by = EXCLUDED.written_by, updated_at = EXCLUDED.updated_at`,
      [
        id,
        done,
        noticed.skin,
        noticed.ears,
        noticed.nails,
        noticed.behaviour,
        suggestion,
        request.afterPhotoKey ?? null,
        staff.customerId,
        now,
      ],
    );
    const after = (await tx.query<ReportRow>(SELECT_REPORT, [id])).rows[0]!;
    await audit(tx, staff, before ? 'booking.report_card_edit' : 'booking.report_card', 'booking', id, {
      before: before ? { ...staffView(before), photo: before.after_photo_key !== null } : null,
      after: { done, noticed, suggestion, photo: after.after_photo_key !== null },
    });
    // One message per report: the dedupe keys hold it to once whatever is edited or retried.
    const messages: NewOutboxMessage[] = [];
    if (!before) {
      const base = {
        kind: 'report_card',
        bodyText: reportCardText(b.dog, site.name, `${siteUrl}/b/${encodeURIComponent(b.page)}#report`),
        bookingId: id,
      };
      if (b.phone) messages.push({ ...base, channel: 'sms', recipient: b.phone, dedupeKey: `report_card:sms:${id}` });
      if (b.email)
        messages.push({
          ...base,
          channel: 'email',
          recipient: b.email,
          subject: `${b.dog}'s report card`,
          dedupeKey: `report_card:email:${id}`,
        });
    }
    return { report: staffView(after), messageIds: await enqueueMessages(tx, messages) };
  });
}

/** The Blobs key of a visit's photo, or null. `owner`: only once the report is sent (the id is the key). */
export async function visitPhotoKey(id: string, side: PhotoSide, who: 'staff' | 'owner'): Promise<string | null> {
  const { rows } = await db().query<{ before_key: string | null; after_key: string | null; sent: boolean }>(
    `SELECT ci.photo_key AS before_key, r.after_photo_key AS after_key, r.booking_id IS NOT NULL AS sent
       FROM bookings b LEFT JOIN check_ins ci ON ci.booking_id = b.id LEFT JOIN report_cards r ON r.booking_id = b.id
      WHERE b.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row || (who === 'owner' && !row.sent)) return null;
  return side === 'before' ? row.before_key : row.after_key;
}

async function ownerRow(tx: Tx, id: string): Promise<(ReportRow & { dog: string }) | null> {
  const { rows } = await tx.query<ReportRow & { dog: string }>(
    `SELECT r.*, ci.photo_key AS before_photo_key, d.name AS dog
       FROM report_cards r JOIN bookings b ON b.id = r.booking_id JOIN dogs d ON d.id = b.dog_id
       LEFT JOIN check_ins ci ON ci.booking_id = r.booking_id
      WHERE r.booking_id = $1 AND b.status = 'confirmed'`,
    [id],
  );
  return rows[0] ?? null;
}

const noReport = () => new HttpError(404, 'There is no report card for this visit yet.', { code: 'not_found' });

/** The owner's card: what was done and noticed, the suggestion, whether the photos are there. */
export async function ownerReportCard(id: string): Promise<OwnerReportCard> {
  const r = await ownerRow(db(), id);
  if (!r) throw noReport();
  return {
    dogName: r.dog,
    done: r.done,
    noticed: noticedOf(r),
    suggestion: r.suggestion,
    hasBefore: r.before_photo_key !== null,
    hasAfter: r.after_photo_key !== null,
    photoUse: r.photo_use_allowed,
  };
}

/** The owner's separate yes (or no) to the photos' use on the site and social media, with when. */
export async function setPhotoUse(id: string, allowed: boolean, now = new Date()): Promise<{ photoUse: boolean }> {
  return transaction(async (tx) => {
    const r = await ownerRow(tx, id);
    if (!r) throw noReport();
    // The same answer again keeps the moment it was first given.
    if (r.photo_use_allowed !== allowed)
      await tx.query('UPDATE report_cards SET photo_use_allowed = $2, photo_use_at = $3 WHERE booking_id = $1', [
        id,
        allowed,
        now,
      ]);
    return { photoUse: allowed };
  });
}
