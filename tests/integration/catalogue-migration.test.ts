import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { afterEach, describe, expect, it } from 'vitest';
import breeds from '../../content/breeds.json' with { type: 'json' };
import extras from '../../content/extras.json' with { type: 'json' };
import services from '../../content/services.json' with { type: 'json' };
import { MIGRATIONS_DIR, migrationNames, startDatabase } from '../../scripts/lib/database.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { closeDb, query } from '../../src/server/db.ts';
import { seedDemoBusiness } from '../../src/server/seed.ts';
import { realPostgresAvailable, startRealPostgres } from '../helpers/real-postgres.ts';

/**
 * The catalogue's first edition as a migration (docs/decisions/063-the-catalogue-by-migration.md):
 * a fresh database gets exactly what content/ says, on the embedded database and on PostgreSQL; a
 * database that already has a catalogue (the demo seed filled it before this migration, staff have
 * edited it) keeps its own, with no duplicates, and `npm start` goes on working on it.
 */
const CATALOGUE = '20261126010000_catalogue_first_edition';
/** Decision 080: the descriptions lose the sizes' prices typed by hand, where still the first edition's. */
const DESCRIPTIONS = '20261127020000_descriptions_without_size_prices';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await closeDb();
  while (cleanups.length) await cleanups.pop()!();
});

/** The catalogue as the database holds it, in an order that does not depend on insertion. */
async function catalogue() {
  const [types, breedRows, [settings]] = await Promise.all([
    query(
      `SELECT id, title, kind, price_pence, duration_min, description, display_order, active FROM booking_types ORDER BY id`,
    ),
    query('SELECT id, name, image_url, is_fallback FROM breeds ORDER BY id'),
    query<{ booking: unknown }>('SELECT booking FROM settings WHERE id'),
  ]);
  return { services: types, breeds: breedRows, booking: settings?.booking };
}

/** The sizes, extras and breeds' usual sizes (decision 080), as the database holds them. */
async function sizesAndExtras() {
  const [sizes, extraRows, usual] = await Promise.all([
    query('SELECT service_id, size, price_pence, duration_min FROM service_sizes ORDER BY service_id, size'),
    query(
      'SELECT id, title, description, price_pence, duration_min, only_with, display_order, active FROM extras ORDER BY id',
    ),
    query('SELECT id, usual_size FROM breeds ORDER BY id'),
  ]);
  return { sizes, extras: extraRows, usual };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** What content/ says of them: services.json's `sizes`, extras.json, breeds.json's `usual_size`. */
const SIZES_FROM_CONTENT = {
  sizes: services
    .flatMap((s) =>
      (('sizes' in s && s.sizes) || []).map((z) => ({
        service_id: s._id,
        size: z.size,
        price_pence: z.price,
        duration_min: z.duration,
      })),
    )
    .sort((a, b) => byText(a.service_id, b.service_id) || byText(a.size, b.size)),
  extras: [...extras]
    .sort((a, b) => byText(a.id, b.id))
    .map((e) => ({
      id: e.id,
      title: e.title,
      description: e.description,
      price_pence: e.price,
      duration_min: e.duration,
      only_with: e.only_with,
      display_order: e.display_order,
      active: true,
    })),
  usual: [...breeds]
    .sort((a, b) => byText(a._id, b._id))
    .map((b) => ({ id: b._id, usual_size: 'usual_size' in b ? b.usual_size : null })),
};

const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
/** What content/ and the domain's defaults say the catalogue is. */
const FROM_CONTENT = {
  services: [...services].sort(byId).map((s) => ({
    id: s._id,
    title: s.title,
    kind: s.kind,
    price_pence: s.price,
    duration_min: s.duration,
    description: s.description,
    display_order: s.display_order,
    active: true,
  })),
  breeds: [...breeds].sort(byId).map((b) => ({
    id: b._id,
    name: b.name,
    image_url: b.image_url_s3,
    is_fallback: 'fallback' in b && b.fallback === true,
  })),
  booking: JSON.parse(JSON.stringify(DEFAULT_BOOKING_SETTINGS)),
};

const AGREE =
  'A fresh database must get the catalogue content/ describes. content/services.json, content/breeds.json or ' +
  "the booking defaults changed: add a migration that brings new databases along, changing only what staff haven't (decision 063)";

/** Every migration before the catalogue's: the schema the demo seed filled before decision 063. */
async function migrationsBefore(): Promise<string> {
  const names = await migrationNames();
  return names.filter((n) => n < CATALOGUE).at(-1)!;
}

/**
 * What `npm start`'s seed wrote before decision 063 (src/server/seeds/catalogue.ts and
 * booking-settings.ts, removed with it), statement for statement.
 */
async function seedTheOldWay(db: NetlifyDB) {
  await db.transaction(async (tx) => {
    for (const s of services)
      await tx.query(
        `INSERT INTO booking_types (id, title, kind, price_pence, duration_min, description, display_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [s._id, s.title, s.kind, s.price, s.duration, s.description, s.display_order],
      );
    for (const b of breeds)
      await tx.query('INSERT INTO breeds (id, name, image_url, is_fallback) VALUES ($1, $2, $3, $4)', [
        b._id,
        b.name,
        b.image_url_s3,
        'fallback' in b && b.fallback === true,
      ]);
    await tx.query(`UPDATE settings SET booking = $1, updated_at = now() WHERE id AND booking = '{}'::jsonb`, [
      JSON.stringify(DEFAULT_BOOKING_SETTINGS),
    ]);
    // The demo staff member and its key, in the columns of the day (today's seed writes columns that
    // later migrations add, which a database of then does not have).
    await tx.query(
      `INSERT INTO customers (id, phone, name, privileges) VALUES ('olddemostaff', $1, 'Demo Groomer', 2)`,
      ['+447700900000'],
    );
    await tx.query(
      `INSERT INTO access_keys (customer_id, key_hash, kind, label) VALUES ('olddemostaff', $1, 'staff', 'demo staff key (seed)')`,
      ['0'.repeat(64)],
    );
  });
}

/** What staff do in /management: a price, a service withdrawn and one added, a breed gone, the hours and tables. */
async function editAsStaffWould() {
  await query(`UPDATE booking_types SET price_pence = 4800 WHERE id = 'full'`);
  await query(`UPDATE booking_types SET active = false WHERE id = 'hand-strip'`);
  await query(
    `INSERT INTO booking_types (id, title, kind, price_pence, duration_min) VALUES ('paw-balm', 'Paw balm', 'extras', 500, 10)`,
  );
  await query(`DELETE FROM breeds WHERE id = 'akita'`);
  await query(
    `UPDATE settings SET booking = jsonb_set(jsonb_set(booking, '{capacity}', '3'), '{openingHours,saturday}', '{"opens":"10:00","closes":"16:00"}')`,
  );
}

// Each test starts its own databases (their start is what is tested), so each gets the 60 s the
// other files' database hooks get (vitest.config.ts): on a loaded two-core machine a start took 10 s.
const STARTS_DATABASES = { timeout: 60_000 };

describe('a fresh database', STARTS_DATABASES, () => {
  it('gets the catalogue content/ describes: the 8 services, the breeds, the booking rules and hours', async () => {
    const { db } = await startDatabase({ quiet: true });
    cleanups.push(() => db.stop());
    const got = await catalogue();
    expect(got.services).toHaveLength(8);
    expect(got, AGREE).toEqual(FROM_CONTENT);
    const sized = await sizesAndExtras();
    expect(sized.sizes).toHaveLength(6);
    expect(sized, AGREE).toEqual(SIZES_FROM_CONTENT);
  });

  it.skipIf(!realPostgresAvailable())('gets the same catalogue on PostgreSQL 15, as production does', async () => {
    const server = await startRealPostgres();
    cleanups.push(() => server.stop());
    process.env.NETLIFY_DB_URL = server.url;
    expect(await catalogue(), AGREE).toEqual(FROM_CONTENT);
    expect(await sizesAndExtras(), AGREE).toEqual(SIZES_FROM_CONTENT);
  });

  it('keeps what staff changed when the migration runs again', async () => {
    const { db } = await startDatabase({ quiet: true });
    cleanups.push(() => db.stop());
    await editAsStaffWould();
    const edited = await catalogue();
    expect(edited).not.toEqual(FROM_CONTENT);
    await db.exec(await readFile(path.join(MIGRATIONS_DIR, `${CATALOGUE}.sql`), 'utf8'));
    expect(await catalogue()).toEqual(edited);
  });
});

describe('the descriptions without the sizes’ prices (decision 080)', STARTS_DATABASES, () => {
  const FIRST_FULL =
    '<p>The works, for a dog that looks and feels brand new. A warm bath with organic shampoo and conditioner, a gentle blow-dry, a breed-appropriate haircut or a style you choose, nails clipped and filed, ears cleaned and a hygiene trim.</p><p>Small dogs from £45, medium from £55, large from £70. We confirm the price when we meet your dog, and never add anything without asking.</p>';
  const FIRST_SHOWER =
    '<p>A bath with organic shampoo and conditioner, blow-dry and a thorough brush-out, with a nail check and ear clean. Ideal between full grooms and for short-coated dogs.</p><p>Small dogs from £30, medium from £38, large from £48.</p>';
  const description = async (id: string) =>
    (await query<{ description: string }>('SELECT description FROM booking_types WHERE id = $1', [id]))[0]!.description;

  it('drops the sentence only from a description still exactly the first edition’s', async () => {
    const { db } = await startDatabase({ quiet: true });
    cleanups.push(() => db.stop());
    const edited = `${FIRST_SHOWER}<p>Ask about our loyalty card.</p>`;
    await query(`UPDATE booking_types SET description = $1 WHERE id = 'full'`, [FIRST_FULL]);
    await query(`UPDATE booking_types SET description = $1 WHERE id = 'shower'`, [edited]);
    await db.exec(await readFile(path.join(MIGRATIONS_DIR, `${DESCRIPTIONS}.sql`), 'utf8'));
    const full = services.find((s) => s._id === 'full')!.description;
    expect(await description('full')).toBe(full);
    expect(full).not.toMatch(/£/);
    expect(FIRST_FULL.replace('Small dogs from £45, medium from £55, large from £70. ', '')).toBe(full);
    // Staff wrote their own: it stays, prices and all.
    expect(await description('shower')).toBe(edited);
  });
});

describe('a local database the demo seed filled before this migration', STARTS_DATABASES, () => {
  it('keeps its catalogue, edits included, with no duplicates, and npm start seeds nothing more', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'old-seed-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const directory = path.join(dir, 'db');

    // `npm start` before decision 063: the migrations of the day, the old seed (the demo staff
    // member too), then a developer trying the staff area.
    const before = new NetlifyDB({ directory, logger: () => undefined });
    process.env.NETLIFY_DB_URL = await before.start();
    await before.applyMigrations(MIGRATIONS_DIR, await migrationsBefore());
    await seedTheOldWay(before);
    await editAsStaffWould();
    const edited = await catalogue();
    const [staffBefore] = await query<{ n: number }>('SELECT count(*)::int AS n FROM customers');
    await closeDb();
    await before.stop();

    // `npm start` now, on the same directory.
    const { db, applied } = await startDatabase({ directory, quiet: true });
    cleanups.push(() => db.stop());
    expect(applied[0]).toBe(CATALOGUE);
    expect(await catalogue()).toEqual(edited);
    expect(await seedDemoBusiness()).toEqual({ seeded: [], notes: [] });
    const [staffAfter] = await query<{ n: number }>('SELECT count(*)::int AS n FROM customers');
    expect(staffAfter).toEqual(staffBefore);
  });
});
