import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as consentsModule from '../../netlify/functions/consents.ts';
import * as checkInModule from '../../netlify/functions/management-check-in.ts';
import { ConsentPageSchema } from '../../src/domain/consent.ts';
import { ScheduleBookingSchema } from '../../src/domain/schedule.ts';
import { db, query } from '../../src/server/db.ts';
import { eraseCustomer } from '../../src/server/customer-privacy.ts';
import { scheduleBooking } from '../../src/server/schedule/schedule.ts';
import { useTestBlobs } from '../helpers/blobs.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call, type Handler } from '../helpers/staff-records.ts';
import { auditRows, spacedStarts, outboxOf, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { useSmsProvider, type SmsProvider } from '../helpers/use-sms-provider.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The owner's consent by a texted link and by a drawn signature (decision 093) through the functions:
 * staff send the link (texted now, with the sum and the total), the owner's page reads it, the owner
 * agrees and the surcharge enters the balance; a link run out is a 404, one made stale by a changed
 * check-in a 409, a stranger's probes are 404s, counted and refused cross-origin; a drawn signature
 * is kept, a malformed one refused with nothing written. The dogs are checked in on days from
 * tomorrow (already marked arrived: a check-in again is allowed while the dog is in).
 */
useTestDatabase({ seed: true });
useTestBlobs();
let sms: SmsProvider;
useSmsProvider((p) => (sms = p));

const checkInHandler = routed(checkInModule) as Handler;
const consents = routed(consentsModule) as Handler;
let staff: { id: string; key: string };
let starts: Date[] = [];
let next = 0;
beforeAll(async () => {
  staff = await staffKey('Consent Tester');
  starts = await spacedStarts();
});

let phones = 600;
let ips = 1;
const arrivedDog = () => {
  const phone = `+447700900${phones++}`;
  return rawBooking({ start: starts[next++]!, attendance: 'arrived', phone, dog: 'Nell', name: 'Sam Smith' }).then(
    (b) => ({ ...b, phone }),
  );
};
const matted = { condition: 'Matted behind the ears', tierId: 'heavy-matting', instructions: '' };
const checkIn = (id: string, body: unknown) =>
  call(checkInHandler, 'POST', `/v1.0.1/management/bookings/${id}/check-in`, { key: staff.key, body });
const sendLink = (id: string) =>
  call(checkInHandler, 'POST', `/v1.0.1/management/bookings/${id}/consent-link`, { key: staff.key, body: {} });
// Each test is its own visitor (an address of its own), so one test's count never refuses another's.
const owner = () => {
  const ip = `198.51.100.${ips++}`;
  return {
    page: (token: string) => call(consents, 'GET', `/v1.0.1/consents/${token}`, { context: { ip } }),
    photo: (token: string) => consents(new Request(`http://localhost/v1.0.1/consents/${token}/photo`), { ip }),
    agree: (token: string, name: unknown = 'Sam Smith', headers: Record<string, string> = {}) =>
      call(consents, 'POST', `/v1.0.1/consents/${token}`, { body: { name }, headers, context: { ip } }),
  };
};
const linkIn = (phone: string) => {
  const texts = sms.requests.filter((r) => r.body.to === phone).map((r) => String(r.body.text));
  const token = /\/c\/([A-Za-z0-9_-]{43})$/.exec(texts.at(-1) ?? '')?.[1];
  return { texts, token: token! };
};
const photo = async () =>
  (
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a07050' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');

describe('consent by a texted link', () => {
  it('texts the link now; the owner sees the photo and the sum, agrees, and the surcharge enters the balance', async () => {
    const dog = await arrivedDog();
    const uploaded = await call(checkInHandler, 'POST', `/v1.0.1/management/bookings/${dog.id}/check-in/photo`, {
      key: staff.key,
      body: { image: await photo() },
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    expect((await checkIn(dog.id, { ...matted, photoKey: uploaded.body.photoKey })).status).toBe(200);

    const sent = await sendLink(dog.id);
    expect(sent.status, sent.text).toBe(200);
    const booking = ScheduleBookingSchema.parse(sent.body.booking);
    expect(booking.checkIn?.linkSentAt).toBeTruthy();
    expect(booking.checkIn?.consent).toBeNull();
    expect(booking.balanceDuePence).toBe(4500);
    const { texts, token } = linkIn(dog.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      /^Leyton Dog Grooming: Nell has heavy matting today, so the groom costs £15\.00 more \(£60\.00 in all\)\. See the photo and agree here: https?:\/\/[^ ]+\/c\/[A-Za-z0-9_-]{43}$/,
    );
    expect((await outboxOf(dog.id)).filter((m) => m.kind === 'consent_link').map((m) => m.channel)).toEqual([
      'sms',
      'email',
    ]);
    // Only the token's hash is kept.
    expect(await query('SELECT 1 FROM consent_links WHERE token_hash = $1', [token])).toEqual([]);
    expect((await auditRows(dog.id)).map((r) => r.action)).toContain('booking.consent_link');

    const visitor = owner();
    const page = await visitor.page(token);
    expect(page.status, page.text).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(ConsentPageSchema.parse(page.body)).toEqual({
      shop: 'Leyton Dog Grooming',
      dog: 'Nell',
      tier: 'Heavy matting',
      quotePence: 4500,
      surchargePence: 1500,
      totalPence: 6000,
      hasPhoto: true,
      ownerName: 'Sam Smith',
      agreed: null,
    });
    const picture = await visitor.photo(token);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(picture.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe('webp');

    const agreed = await visitor.agree(token, 'Sam Smith');
    expect(agreed.status, agreed.text).toBe(200);
    expect(agreed.body.agreed).toMatchObject({ name: 'Sam Smith' });
    // A second tap changes nothing: the same moment.
    const again = await visitor.agree(token, 'Someone Else');
    expect(again.body.agreed).toEqual(agreed.body.agreed);

    const [row] = await query<{ consent_method: string; consent_name: string; consent_taken_by: string | null }>(
      'SELECT consent_method, consent_name, consent_taken_by FROM check_ins WHERE booking_id = $1',
      [dog.id],
    );
    expect(row).toEqual({ consent_method: 'link', consent_name: 'Sam Smith', consent_taken_by: null });
    // The schedule's view (what "Completed" offers, decision 091): the surcharge is now in the balance.
    const now = await scheduleBooking(db(), dog.id);
    expect(now).toMatchObject({ finalPricePence: 6000, balanceDuePence: 6000 });
    expect(now!.checkIn!.consent).toMatchObject({ method: 'link', name: 'Sam Smith' });
    expect((await sendLink(dog.id)).status).toBe(409);
  });

  it('makes the link stale when the tier changes (409 in words), and a resend replaces it', async () => {
    const dog = await arrivedDog();
    await checkIn(dog.id, matted);
    await sendLink(dog.id);
    const first = linkIn(dog.phone).token;
    expect((await checkIn(dog.id, { ...matted, tierId: 'light-matting' })).status).toBe(200);
    const visitor = owner();
    const stale = await visitor.agree(first);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/The check-in has changed since we sent this link/);
    expect((await visitor.page(first)).status).toBe(409);

    await sendLink(dog.id);
    const second = linkIn(dog.phone).token;
    expect(second).not.toBe(first);
    const replaced = await visitor.page(first);
    expect(replaced.status).toBe(409);
    expect(replaced.body.error).toMatch(/newer link/);
    expect((await visitor.page(second)).body).toMatchObject({ tier: 'Light matting', surchargePence: 500 });
    expect(
      await query('SELECT 1 FROM consent_links WHERE booking_id = $1 AND replaced_at IS NULL', [dog.id]),
    ).toHaveLength(1);
    expect(await query('SELECT consent_method FROM check_ins WHERE booking_id = $1', [dog.id])).toEqual([
      { consent_method: null },
    ]);
  });

  it('answers a link run out at the end of the visit’s day with a 404 in words', async () => {
    const dog = await arrivedDog();
    await checkIn(dog.id, matted);
    await sendLink(dog.id);
    const { token } = linkIn(dog.phone);
    const [link] = await query<{ expires_at: Date }>('SELECT expires_at FROM consent_links WHERE booking_id = $1', [
      dog.id,
    ]);
    // The visit's day ends at midnight in London, after the visit began.
    expect(link!.expires_at.getTime()).toBeGreaterThan(starts[next - 1]!.getTime());
    await query(`UPDATE consent_links SET expires_at = now() - interval '1 second' WHERE booking_id = $1`, [dog.id]);
    const visitor = owner();
    const gone = await visitor.page(token);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatch(/We could not find that link/);
    expect((await visitor.agree(token)).status).toBe(404);
    expect(await query('SELECT consent_method FROM check_ins WHERE booking_id = $1', [dog.id])).toEqual([
      { consent_method: null },
    ]);
  });

  it('refuses a link with nothing to agree: no surcharge, already agreed, not checked in', async () => {
    const plain = await arrivedDog();
    await checkIn(plain.id, { ...matted, tierId: null });
    expect((await sendLink(plain.id)).status).toBe(409);
    const agreed = await arrivedDog();
    await checkIn(agreed.id, { ...matted, consent: { method: 'typed', name: 'Sam Smith' } });
    expect((await sendLink(agreed.id)).status).toBe(409);
    const notIn = await rawBooking({ start: starts[next++]!, phone: `+447700900${phones++}` });
    expect((await sendLink(notIn.id)).status).toBe(409);
    expect((await sendLink('A'.repeat(22))).status).toBe(404);
    expect(
      (await call(checkInHandler, 'POST', `/v1.0.1/management/bookings/${plain.id}/consent-link`, { body: {} })).status,
    ).toBe(401);
    expect(
      await query('SELECT 1 FROM consent_links WHERE booking_id = ANY ($1)', [[plain.id, agreed.id, notIn.id]]),
    ).toEqual([]);
  });
});

describe('a stranger at /consents', () => {
  it('gets 404 for unknown and malformed tokens, and a 429 long before a thousand guesses', async () => {
    const visitor = owner();
    for (const token of ['A'.repeat(43), 'short', 'A'.repeat(44)]) {
      const answer = await visitor.page(token);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatch(/We could not find that link/);
    }
    expect((await visitor.page('%2e%2e')).status).toBe(404);
    expect((await visitor.photo('B'.repeat(43))).status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i++) statuses.push((await visitor.page(`${String(i).padStart(43, 'x')}`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(900);
    expect(new Set(statuses)).toEqual(new Set([404, 429]));
  });

  it('refuses a cross-origin POST, a malformed body and any other key, writing nothing', async () => {
    const dog = await arrivedDog();
    await checkIn(dog.id, matted);
    await sendLink(dog.id);
    const { token } = linkIn(dog.phone);
    const visitor = owner();
    const forged = await visitor.agree(token, 'Sam Smith', {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(forged.status).toBe(403);
    expect((await visitor.agree(token, '')).status).toBe(400);
    expect(
      (
        await call(consents, 'POST', `/v1.0.1/consents/${token}`, {
          body: { name: 'Sam', method: 'typed' },
          context: { ip: '198.51.100.250' },
        })
      ).status,
    ).toBe(400);
    expect(await query('SELECT consent_method FROM check_ins WHERE booking_id = $1', [dog.id])).toEqual([
      { consent_method: null },
    ]);
  });
});

describe('consent by a drawn signature', () => {
  it('keeps the path, with the typed name or else the booking’s contact name', async () => {
    const named = await arrivedDog();
    const withName = await checkIn(named.id, {
      ...matted,
      consent: { method: 'drawn', name: 'Sam S', signature: 'M10 20L30 40L50 45M60 60L90 70' },
    });
    expect(withName.status, withName.text).toBe(200);
    expect(withName.body.booking.checkIn.consent).toMatchObject({
      method: 'drawn',
      name: 'Sam S',
      signature: 'M10 20L30 40L50 45M60 60L90 70',
    });
    expect(withName.body.booking.balanceDuePence).toBe(6000);

    const unnamed = await arrivedDog();
    const signedOnly = await checkIn(unnamed.id, { ...matted, consent: { method: 'drawn', signature: 'M1 1L2 2' } });
    expect(signedOnly.status, signedOnly.text).toBe(200);
    expect(signedOnly.body.booking.checkIn.consent).toMatchObject({ method: 'drawn', name: 'Sam Smith' });
  });

  it.each([
    ['markup', 'M10 20L30 40"/><script>alert(1)</script>'],
    ['a curve', 'M10 20C30 40 50 60 70 80'],
    ['outside the pad', 'M10 20L900 40'],
    ['too long', 'M1 1' + 'L2 2'.repeat(2100)],
    ['not a string', 42],
  ])('refuses a malformed signature (%s) with a 400, writing nothing', async (_, signature) => {
    const dog = await arrivedDog();
    const res = await checkIn(dog.id, { ...matted, consent: { method: 'drawn', signature } });
    expect(res.status).toBe(400);
    expect(await query('SELECT 1 FROM check_ins WHERE booking_id = $1', [dog.id])).toEqual([]);
  });

  it('is refused by the database too, whatever reaches it', async () => {
    const dog = await arrivedDog();
    await checkIn(dog.id, { ...matted, consent: { method: 'typed', name: 'Sam' } });
    await expect(
      query(`UPDATE check_ins SET consent_method = 'drawn', consent_signature = '<svg/>' WHERE booking_id = $1`, [
        dog.id,
      ]),
    ).rejects.toThrow(/check/);
    await expect(
      query(`UPDATE check_ins SET consent_signature = 'M1 1L2 2' WHERE booking_id = $1`, [dog.id]),
    ).rejects.toThrow(/check/);
  });
});

describe('erasure', () => {
  it('takes the drawn signature and the consent links with the customer', async () => {
    const signed = await arrivedDog();
    await checkIn(signed.id, { ...matted, consent: { method: 'drawn', signature: 'M1 1L2 2' } });
    const second = await rawBooking({ start: starts[next++]!, attendance: 'arrived', customerId: signed.customerId });
    await checkIn(second.id, matted);
    expect((await sendLink(second.id)).status).toBe(200);
    const member = { customerId: staff.id, name: 'Consent Tester', phone: null, key: '', provenAt: new Date() };
    // Erased once the visits are behind them.
    await eraseCustomer(member, signed.customerId, new Date(Date.now() + 40 * 86_400_000));
    expect(
      await query('SELECT consent_method, consent_name, consent_signature FROM check_ins WHERE booking_id = $1', [
        signed.id,
      ]),
    ).toEqual([{ consent_method: 'drawn', consent_name: 'Erased', consent_signature: null }]);
    expect(await query('SELECT 1 FROM consent_links WHERE booking_id = $1', [second.id])).toEqual([]);
  });
});
