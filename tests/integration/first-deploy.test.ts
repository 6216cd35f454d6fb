import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import services from '../../content/services.json' with { type: 'json' };
import availabilityFunction from '../../netlify/functions/availability.ts';
import bookingTypesFunction from '../../netlify/functions/booking-types.ts';
import breedsFunction from '../../netlify/functions/breeds.ts';
import { PROJECT_ROOT } from '../../scripts/lib/site-server.ts';
import { query } from '../../src/server/db.ts';
import { call, signIn } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The first deploy (issue 17, docs/decisions/063-the-catalogue-by-migration.md): Netlify applies the
 * migrations and runs nothing else, so a database that has only had them is what production starts
 * with. It must have the shop in it (prices, breeds, free times), none of the demo, and take its
 * first staff member from the one documented command.
 */
useTestDatabase();

const run = promisify(execFile);
const get = async (handler: (req: Request) => Promise<Response> | Response, path: string) => {
  const res = await handler(new Request(`http://localhost${path}`));
  return { status: res.status, body: (await res.json()) as any };
};

describe('a database that has only had the migrations', () => {
  it("answers the price list with content/services.json's 8 services", async () => {
    const { status, body } = await get(bookingTypesFunction, '/v1.0.1/cms/booking-types');
    expect(status).toBe(200);
    expect(body).toHaveLength(8);
    expect(body.map((s: { _id: string; price: number }) => [s._id, s.price])).toEqual(
      [...services].sort((a, b) => a.display_order - b.display_order).map((s) => [s._id, s.price]),
    );
  });

  it("offers the booking form's breeds, the None/Other item last", async () => {
    const { status, body } = await get(breedsFunction, '/v1.0.1/breeds');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(40);
    expect(body.at(-1)).toMatchObject({ _id: 'none-other', name: 'None/Other' });
  });

  it.each(services.map((s) => s._id))('has free times for %s within the next two weeks', async (service) => {
    const { status, body } = await get(availabilityFunction, `/v1.0.1/availability?service=${service}&days=14`);
    expect(status).toBe(200);
    expect(body.timeZone).toBe('Europe/London');
    const days = body.days as Array<{ open: boolean; slots: Array<{ time: string }> }>;
    // The hours of content/site.json: nine to six, so a free time starts no earlier than 09:00.
    const times = days.flatMap((d) => d.slots.map((s) => s.time));
    expect(times.length).toBeGreaterThan(0);
    expect(times.every((t) => t >= '09:00' && t < '18:00')).toBe(true);
  });

  it('has nobody in it: no demo staff, customers, dogs, bookings or keys', async () => {
    const [counts] = await query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM customers) AS customers, (SELECT count(*)::int FROM dogs) AS dogs,
              (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM access_keys) AS keys`,
    );
    expect(counts).toEqual({ customers: 0, dogs: 0, bookings: 0, keys: 0 });
  });

  it('takes its first staff member from `npm run staff:add` with its connection string, who then signs in', async () => {
    // As the launch guide says it, against this database only by its URL: the command must neither
    // start a local database nor need anything the deploy did not give it.
    const env: NodeJS.ProcessEnv = { ...process.env, NETLIFY_DB_URL: process.env.NETLIFY_DB_URL };
    delete env.NETLIFY_DB_DRIVER;
    const added = await run('npm', ['run', '--silent', 'staff:add', '--', '+447700900123', '--name', 'Sam Brush'], {
      cwd: PROJECT_ROOT,
      env,
    });
    expect(added.stdout).toContain('Added Sam Brush (07700 900123) to the staff.');
    const listed = await run('npm', ['run', '--silent', 'staff:list'], { cwd: PROJECT_ROOT, env });
    expect(listed.stdout.trim()).toBe('Sam Brush  07700 900123  0 passkeys');

    const key = await signIn('07700 900123');
    const session = await call('GET', '/v1.0.1/management/session', { key });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ staff: { name: 'Sam Brush' } });
  });
});
