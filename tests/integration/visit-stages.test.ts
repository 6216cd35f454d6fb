import { beforeAll, describe, expect, it } from 'vitest';
import * as stageModule from '../../netlify/functions/management-visit-stages.ts';
import * as statusModule from '../../netlify/functions/visit-status.ts';
import { StageResponseSchema } from '../../src/domain/schedule.ts';
import { VisitStatusSchema } from '../../src/domain/visit-stages.ts';
import { query } from '../../src/server/db.ts';
import { routed } from '../helpers/netlify-context.ts';
import { customerDeviceKey } from '../helpers/staff-records.ts';
import { auditRows, HOST, spacedStarts, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { useSmsProvider, type SmsProvider } from '../helpers/use-sms-provider.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The visit's live status (decision 092) against a migrated database: staff tap a dog through its
 * stages (audited, one back to undo, nothing after completed, in the server's words and in the
 * database's trigger), the owner's page reads it (200, 304 while unchanged, 404), and "ready in 15
 * minutes" and "ready" each text the owner once, however often they are tapped, once per party.
 */
useTestDatabase({ seed: true });
let sms: SmsProvider;
useSmsProvider((p) => (sms = p));

const stageHandler = routed(stageModule);
const statusHandler = routed(statusModule);
let staff: { id: string; key: string };
let starts: Date[] = [];
let next = 0;
beforeAll(async () => {
  staff = await staffKey();
  starts = await spacedStarts();
});

let phones = 400;
const arrivedDog = (over: { dog?: string; attendance?: string | null } = {}) =>
  rawBooking({
    start: starts[next++]!,
    attendance: over.attendance === undefined ? 'arrived' : over.attendance,
    phone: `+447700900${phones++}`,
    dog: over.dog ?? 'Biscuit',
  });

const tap = async (id: string, stage: unknown, key: string | null = staff.key) => {
  const res = await stageHandler(
    new Request(`${HOST}/v1.0.1/management/bookings/${id}/stage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-access-key': key } : {}) },
      body: JSON.stringify({ stage }),
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
};
const status = (id: string, etag?: string) =>
  statusHandler(
    new Request(`${HOST}/v1.0.1/bookings/${id}/status`, { headers: etag ? { 'if-none-match': etag } : {} }),
  );
const textsTo = (phone: string) => sms.requests.filter((r) => r.body.to === phone).map((r) => r.body.text);

describe('POST /management/bookings/{id}/stage', () => {
  it('moves the dog on one tap at a time and several at once, audited, and undoes one step', async () => {
    const b = await arrivedDog();
    const bath = StageResponseSchema.parse((await tap(b.id, 'bath')).body);
    expect(bath).toMatchObject({ booking: { stage: 'bath', attendance: 'arrived' }, previous: 'checked_in' });
    expect((await tap(b.id, 'finishing')).body).toMatchObject({ booking: { stage: 'finishing' }, previous: 'bath' });
    // A mis-tap undone: one step back.
    expect((await tap(b.id, 'dry')).body).toMatchObject({ booking: { stage: 'dry' }, previous: 'finishing' });
    const twoBack = await tap(b.id, 'checked_in');
    expect(twoBack.status).toBe(409);
    expect(twoBack.body.error).toMatch(/one step back/);
    expect((await auditRows(b.id)).map((r) => [r.action, r.before.stage, r.after.stage, r.staff_id])).toEqual([
      ['booking.stage', 'checked_in', 'bath', staff.id],
      ['booking.stage', 'bath', 'finishing', staff.id],
      ['booking.stage', 'finishing', 'dry', staff.id],
    ]);
  });

  it('refuses any step after completed with a 409 in words, and the database refuses it too', async () => {
    const b = await arrivedDog();
    await tap(b.id, 'ready');
    await query(`UPDATE bookings SET attendance = 'completed', completed_at = now() WHERE id = $1`, [b.id]);
    for (const stage of ['ready_soon', 'finishing', 'ready']) {
      const res = await tap(b.id, stage);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('This visit is completed, so its stage can no longer change.');
    }
    await expect(
      query(`INSERT INTO visit_stages (booking_id, stage) VALUES ($1, 'ready_soon')`, [b.id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'visit_stage_order' });
    await expect(query(`UPDATE visit_stages SET stage = 'bath' WHERE booking_id = $1`, [b.id])).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('refuses a dog not checked in, a no-show, bad input and strangers, writing nothing', async () => {
    const notIn = await arrivedDog({ attendance: null });
    const noShow = await arrivedDog({ attendance: 'no_show' });
    expect(await tap(notIn.id, 'bath')).toMatchObject({
      status: 409,
      body: { error: 'Check the dog in first (Arrived).' },
    });
    expect((await tap(noShow.id, 'bath')).status).toBe(409);
    const b = await arrivedDog();
    expect((await tap(b.id, 'collected')).status).toBe(400);
    expect((await tap(b.id, null)).status).toBe(400);
    expect((await tap('AAAAAAAAAAAAAAAAAAAAAAAA', 'bath')).status).toBe(404);
    expect((await tap(b.id, 'bath', null)).status).toBe(401);
    const ownerKey = await customerDeviceKey();
    expect([401, 403]).toContain((await tap(b.id, 'bath', ownerKey)).status);
    expect(await query('SELECT 1 FROM visit_stages WHERE booking_id = ANY($1)', [[notIn.id, noShow.id, b.id]])).toEqual(
      [],
    );
    // The database refuses a stage for a dog not in the shop, whatever gets past the server.
    await expect(
      query(`INSERT INTO visit_stages (booking_id, stage) VALUES ($1, 'bath')`, [notIn.id]),
    ).rejects.toMatchObject({
      constraint: 'visit_stage_order',
    });
  });

  it('texts "ready in 15 minutes" and "ready" once each, even tapped twice and after an undo', async () => {
    const b = await arrivedDog({ dog: 'Pepper' });
    const [{ phone }] = (await query<{ phone: string }>('SELECT contact_phone AS phone FROM bookings WHERE id = $1', [
      b.id,
    ])) as [{ phone: string }];
    await tap(b.id, 'finishing');
    expect(textsTo(phone)).toEqual([]);
    await tap(b.id, 'ready_soon');
    await tap(b.id, 'ready_soon');
    await tap(b.id, 'ready');
    await tap(b.id, 'ready');
    await tap(b.id, 'ready_soon'); // the undo sends nothing
    await tap(b.id, 'ready');
    expect(textsTo(phone)).toEqual([
      `Leyton Dog Grooming: Pepper is ready to collect in about 15 minutes. Follow along: ${HOST}/b/${b.id}`,
      `Leyton Dog Grooming: Pepper is ready to collect. See you soon. ${HOST}/b/${b.id}`,
    ]);
  });

  it('does not send the stale "15 minutes" text when the dog goes straight to ready', async () => {
    const b = await arrivedDog({ dog: 'Mabel' });
    const [row] = await query<{ phone: string }>('SELECT contact_phone AS phone FROM bookings WHERE id = $1', [b.id]);
    await tap(b.id, 'ready');
    expect(textsTo(row!.phone)).toEqual([expect.stringContaining('Mabel is ready to collect. See you soon.')]);
  });

  it('texts a party once, when its last dog gets there, naming them all, with the party page', async () => {
    const first = await arrivedDog({ dog: 'Rex' });
    const second = await arrivedDog({ dog: 'Bella' });
    await query(`INSERT INTO booking_parties (id, placement) VALUES ($1, 'side_by_side')`, [first.id]);
    await query(
      `UPDATE bookings SET party_id = $1, contact_phone = (SELECT contact_phone FROM bookings WHERE id = $1) WHERE id IN ($1, $2)`,
      [first.id, second.id],
    );
    const [row] = await query<{ phone: string }>('SELECT contact_phone AS phone FROM bookings WHERE id = $1', [
      first.id,
    ]);
    await tap(first.id, 'ready');
    expect(textsTo(row!.phone)).toEqual([]);
    await tap(second.id, 'ready');
    expect(textsTo(row!.phone)).toEqual([
      `Leyton Dog Grooming: Rex and Bella are ready to collect. See you soon. ${HOST}/b/${first.id}`,
    ]);
    const party = VisitStatusSchema.parse(await (await status(second.id)).json());
    expect(party.dogs).toEqual([
      { name: 'Rex', stage: 'ready' },
      { name: 'Bella', stage: 'ready' },
    ]);
  });
});

describe('GET /bookings/{id}/status', () => {
  it('answers the dog and stage, then 304 while unchanged, and a new ETag after a tap', async () => {
    const b = await arrivedDog({ dog: 'Nutmeg', attendance: null });
    const before = await status(b.id);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('private, no-cache');
    expect(await before.json()).toEqual({ dogs: [{ name: 'Nutmeg', stage: null }] });
    const etag = before.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);

    const same = await status(b.id, etag);
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(same.headers.get('etag')).toBe(etag);
    expect((await status(b.id, `W/${etag}, "other"`)).status).toBe(304);

    await query(`UPDATE bookings SET attendance = 'arrived' WHERE id = $1`, [b.id]);
    const checkedIn = await status(b.id, etag);
    expect(checkedIn.status).toBe(200);
    expect(await checkedIn.json()).toEqual({ dogs: [{ name: 'Nutmeg', stage: 'checked_in' }] });
    await tap(b.id, 'bath');
    const bath = await status(b.id, checkedIn.headers.get('etag')!);
    expect(await bath.json()).toEqual({ dogs: [{ name: 'Nutmeg', stage: 'bath' }] });
    await query(`UPDATE bookings SET attendance = 'completed' WHERE id = $1`, [b.id]);
    expect(await (await status(b.id)).json()).toEqual({ dogs: [{ name: 'Nutmeg', stage: 'completed' }] });
  });

  it('is a 404 for an unknown id, a malformed one and a booking not confirmed', async () => {
    const cancelled = await arrivedDog({ attendance: null });
    await query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [cancelled.id]);
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'short', cancelled.id]) {
      const res = await status(id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'We could not find that booking.', code: 'not_found' });
    }
  });
});
