import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as bookingModule from '../../netlify/functions/booking.ts';
import * as checkInModule from '../../netlify/functions/management-check-in.ts';
import * as staffModule from '../../netlify/functions/management-report-cards.ts';
import * as ownerModule from '../../netlify/functions/report-cards.ts';
import { OwnerReportCardSchema, StaffReportCardSchema } from '../../src/domain/report-card.ts';
import { query } from '../../src/server/db.ts';
import { useTestBlobs } from '../helpers/blobs.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call, customerDeviceKey, type Handler } from '../helpers/staff-records.ts';
import { auditRows, spacedStarts, outboxOf, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { useSmsProvider, type SmsProvider } from '../helpers/use-sms-provider.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The report card (decision 094) against a migrated database and a local Blobs store: written only
 * for a completed visit, sent once (an edit updates the page and sends nothing), the visit's photos
 * served to staff and, once the report is sent, to the owner; the owner's yes to the photos' use.
 */
useTestDatabase({ seed: true });
useTestBlobs();
let sms: SmsProvider;
useSmsProvider((p) => (sms = p));

const staffHandler = routed(staffModule) as Handler;
const ownerHandler = routed(ownerModule) as Handler;
const checkInHandler = routed(checkInModule) as Handler;
const bookingHandler = routed(bookingModule) as Handler;
let staff: { id: string; key: string };
let starts: Date[] = [];
let next = 0;
beforeAll(async () => {
  staff = await staffKey();
  starts = await spacedStarts();
});

let phones = 500;
const visit = (attendance: string | null = 'completed') =>
  rawBooking({ start: starts[next++]!, attendance, phone: `+447700900${phones++}`, dog: 'Nell' });

const EMPTY = { skin: '', ears: '', nails: '', behaviour: '' };
const REPORT = {
  done: 'Full Groom with Nail grinding',
  noticed: { ...EMPTY, ears: 'A little waxy: worth a clean at home' },
  suggestion: 'Same time in 6 weeks',
};

const photoBase64 = async (colour: string) =>
  (
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
const upload = async (id: string, colour: string): Promise<string> => {
  const res = await call(checkInHandler, 'POST', `/v1.0.1/management/bookings/${id}/check-in/photo`, {
    key: staff.key,
    body: { image: await photoBase64(colour) },
  });
  expect(res.status, res.text).toBe(200);
  return (res.body as { photoKey: string }).photoKey;
};
/** A check-in with a photo, as the counter's card leaves it. */
const checkedInWithPhoto = async (id: string) => {
  const key = await upload(id, '#a07050');
  await query(`INSERT INTO check_ins (booking_id, checked_in_at, photo_key) VALUES ($1, now(), $2)`, [id, key]);
  return key;
};

const send = (id: string, body: unknown, key: string | null = staff.key) =>
  call(staffHandler, 'POST', `/v1.0.1/management/bookings/${id}/report-card`, { key, body });
const ownerPhoto = (id: string, side: string, headers: Record<string, string> = {}) =>
  call(ownerHandler, 'GET', `/v1.0.1/bookings/${id}/photos/${side}`, { headers });
const staffPhoto = (id: string, side: string, key: string | null = staff.key) =>
  call(staffHandler, 'GET', `/v1.0.1/management/bookings/${id}/photos/${side}`, { key });
const textsTo = (phone: string) => sms.requests.filter((r) => r.body.to === phone).map((r) => r.body.text);

describe('the report card, for staff', () => {
  it('prefills what was done and the suggestion from the booking and the usual interval', async () => {
    const b = await visit();
    const res = await call(staffHandler, 'GET', `/v1.0.1/management/bookings/${b.id}/report-card`, {
      key: staff.key,
    });
    expect(res.status, res.text).toBe(200);
    const card = StaffReportCardSchema.parse(res.body);
    expect(card.report).toBeNull();
    expect(card.hasBefore).toBe(false);
    expect(card.prefill.done).toMatch(/^Full Groom/);
    expect(card.prefill.suggestion).toMatch(/^Same time in \d+ weeks$/);
  });

  it('is written only for a completed visit: 409 in words before, and nothing written', async () => {
    for (const attendance of [null, 'arrived', 'no_show']) {
      const b = await visit(attendance);
      const res = await send(b.id, REPORT);
      expect(res.status, res.text).toBe(409);
      expect((res.body as { error: string }).error).toMatch(/once the visit is completed/);
      expect(await query('SELECT 1 FROM report_cards WHERE booking_id = $1', [b.id])).toEqual([]);
      expect(await outboxOf(b.id)).toEqual([]);
    }
  });

  it('refuses strangers, customers, bad input and a photo that never arrived, writing nothing', async () => {
    const b = await visit();
    expect((await send(b.id, REPORT, null)).status).toBe(401);
    expect([401, 403]).toContain((await send(b.id, REPORT, await customerDeviceKey())).status);
    expect((await staffPhoto(b.id, 'before', null)).status).toBe(401);
    for (const bad of [
      { ...REPORT, done: '' },
      { ...REPORT, done: 'x'.repeat(301) },
      { ...REPORT, noticed: { ...EMPTY, tail: 'wagging' } },
      { ...REPORT, suggestion: 'x'.repeat(201) },
      { ...REPORT, afterPhotoKey: 'not-a-key' },
      { ...REPORT, sentAt: '2026-01-01T00:00:00Z' },
    ]) {
      const res = await send(b.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await send(b.id, { ...REPORT, afterPhotoKey: 'e'.repeat(64) })).status).toBe(400);
    expect((await send('A'.repeat(22), REPORT)).status).toBe(404);
    expect(await query('SELECT 1 FROM report_cards WHERE booking_id = $1', [b.id])).toEqual([]);
    expect(await outboxOf(b.id)).toEqual([]);
  });

  it('sends one message (a text and an e-mail) however often the report is edited, audited each time', async () => {
    const b = await visit();
    const phone = `+447700900${phones - 1}`;
    const before = await checkedInWithPhoto(b.id);
    const after = await upload(b.id, '#f0e0d0');
    const first = await send(b.id, { ...REPORT, afterPhotoKey: after });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ sent: true, report: { hasBefore: true, hasAfter: true, photoUse: null } });
    expect(textsTo(phone)).toEqual([
      expect.stringMatching(new RegExp(`^Nell's report card from .+: .+/b/${b.id}#report$`)),
    ]);
    expect((await outboxOf(b.id)).map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    const edited = await send(b.id, { ...REPORT, suggestion: 'Same time in 8 weeks' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ sent: false, report: { suggestion: 'Same time in 8 weeks', hasAfter: true } });
    expect(textsTo(phone)).toHaveLength(1);
    expect(await outboxOf(b.id)).toHaveLength(2);

    const [row] = await query<{ after_photo_key: string; written_by: string }>(
      'SELECT after_photo_key, written_by FROM report_cards WHERE booking_id = $1',
      [b.id],
    );
    expect(row).toEqual({ after_photo_key: after, written_by: staff.id });
    expect((await auditRows(b.id)).map((a) => [a.action, a.staff_id])).toEqual([
      ['booking.report_card', staff.id],
      ['booking.report_card_edit', staff.id],
    ]);
    // Staff see both photos; the before one is the check-in's.
    const staffBefore = await staffPhoto(b.id, 'before');
    expect(staffBefore.status).toBe(200);
    expect(staffBefore.headers.get('etag')).toBe(`"${before}"`);
  });
});

describe('the report card, for the owner', () => {
  it('serves the photos only once the report is sent, as private WebP with an ETag', async () => {
    const b = await visit();
    const before = await checkedInWithPhoto(b.id);
    // Staff may see the check-in photo at once; the owner nothing until the report is sent.
    expect((await staffPhoto(b.id, 'before')).status).toBe(200);
    expect((await staffPhoto(b.id, 'after')).status).toBe(404);
    expect((await ownerPhoto(b.id, 'before')).status).toBe(404);
    expect((await call(ownerHandler, 'GET', `/v1.0.1/bookings/${b.id}/report-card`)).status).toBe(404);
    const view = await call(bookingHandler, 'GET', `/v1.0.1/bookings/${b.id}`);
    expect(view.body).not.toHaveProperty('reportCards');

    expect((await send(b.id, { ...REPORT, afterPhotoKey: await upload(b.id, '#304050') })).status).toBe(200);
    for (const side of ['before', 'after']) {
      const res = await ownerPhoto(b.id, side);
      expect(res.status, side).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toMatch(/^private/);
    }
    const raw = await ownerHandler(new Request(`http://localhost/v1.0.1/bookings/${b.id}/photos/after`));
    expect(await sharp(Buffer.from(await raw.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1280 });
    const etag = (await ownerPhoto(b.id, 'before')).headers.get('etag');
    expect(etag).toBe(`"${before}"`);
    expect((await ownerPhoto(b.id, 'before', { 'if-none-match': etag! })).status).toBe(304);
    expect((await ownerPhoto(b.id, 'sideways')).status).toBe(404);

    const card = await call(ownerHandler, 'GET', `/v1.0.1/bookings/${b.id}/report-card`);
    expect(card.status).toBe(200);
    expect(OwnerReportCardSchema.parse(card.body)).toEqual({
      dogName: 'Nell',
      done: REPORT.done,
      noticed: REPORT.noticed,
      suggestion: REPORT.suggestion,
      hasBefore: true,
      hasAfter: true,
      photoUse: null,
    });
    expect((await call(bookingHandler, 'GET', `/v1.0.1/bookings/${b.id}`)).body).toMatchObject({
      reportCards: [b.id],
    });
  });

  it('records the owner’s yes and no to photo use, with when, and staff see it', async () => {
    const b = await visit();
    const use = (body: unknown) => call(ownerHandler, 'POST', `/v1.0.1/bookings/${b.id}/photo-use`, { body });
    expect((await use({ allowed: true })).status).toBe(404);
    expect((await send(b.id, REPORT)).status).toBe(200);
    expect((await use({ allowed: 'yes' })).status).toBe(400);
    expect((await use({})).status).toBe(400);
    expect(await query('SELECT photo_use_allowed FROM report_cards WHERE booking_id = $1', [b.id])).toEqual([
      { photo_use_allowed: null },
    ]);

    const yes = await use({ allowed: true });
    expect(yes.status, yes.text).toBe(200);
    expect(yes.body).toEqual({ photoUse: true });
    const [row] = await query<{ photo_use_allowed: boolean; photo_use_at: Date }>(
      'SELECT photo_use_allowed, photo_use_at FROM report_cards WHERE booking_id = $1',
      [b.id],
    );
    expect(row!.photo_use_allowed).toBe(true);
    expect(row!.photo_use_at).toBeInstanceOf(Date);
    const staffSees = await call(staffHandler, 'GET', `/v1.0.1/management/bookings/${b.id}/report-card`, {
      key: staff.key,
    });
    expect(staffSees.body).toMatchObject({ report: { photoUse: { allowed: true } } });

    expect((await use({ allowed: false })).body).toEqual({ photoUse: false });
    expect((await call(ownerHandler, 'GET', `/v1.0.1/bookings/${b.id}/report-card`)).body).toMatchObject({
      photoUse: false,
    });
  });
});
