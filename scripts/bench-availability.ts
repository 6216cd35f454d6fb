/**
 * `npm run bench:availability`: how fast the availability API answers 8 weeks ahead with 10,000
 * existing bookings, next to GET /cms/booking-types (one small indexed query) as the baseline, on
 * the same database in the same process. Absolute times on these shared machines vary from run to
 * run; the ratio is the figure to watch.
 *
 * Measured twice, as design.md asks:
 *   - in-process: the handlers imported and called with `new Request(...)`, as a warm function
 *     instance runs them, against the embedded PGlite and (when installed) a real PostgreSQL 15;
 *   - end to end: through the local Netlify emulation (`startSiteServer`), where every call also
 *     pays the emulator's fresh worker per call (about 130 ms when the machine is idle).
 * Writes bench-results/availability.md.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROJECT_ROOT } from './lib/site-server.ts';

const BOOKINGS = 10_000;
const IN_PROCESS_RUNS = Number(process.env.BENCH_RUNS ?? 200);
const END_TO_END_RUNS = Number(process.env.BENCH_E2E_RUNS ?? 30);

interface Stats {
  p50: number;
  p99: number;
  mean: number;
  runs: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length, runs: sorted.length };
}

async function time(runs: number, call: () => Promise<Response>): Promise<Stats> {
  for (let i = 0; i < Math.min(10, runs); i++) await (await call()).arrayBuffer(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

/**
 * 10,000 confirmed bookings spread over the 8 weeks ahead, through the real capacity trigger. So
 * many cannot fit two tables, so the bench raises capacity to 50 (the schema's maximum): what is
 * measured is the sweep over 10,000 busy intervals, the worst case the endpoint can meet.
 */
async function fillBookings(): Promise<number> {
  const { transaction, query } = await import('../src/server/db.ts');
  const { updateBookingSettings } = await import('../src/server/settings.ts');
  await transaction((tx) => updateBookingSettings(tx, { capacity: 50 }));
  await query(
    `INSERT INTO customers (id, phone, name, email) VALUES ('bench-customer', '+447700900999', 'Bench', 'bench@example.com') ON CONFLICT DO NOTHING`,
  );
  await query(
    `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat) VALUES ('bench-dog', 'bench-customer', 'Bench', 'beagle', 10, 'short') ON CONFLICT DO NOTHING`,
  );
  // Open days Monday to Saturday from tomorrow; starts every 15 minutes from 09:00 London time
  // (UTC in winter, +1 in summer: close enough for load), 45 or 60 minutes long.
  await query(
    `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence,
                           idempotency_key, request_hash, contact_name, contact_email)
     SELECT 'bench-booking-' || lpad(k::text, 10, '0'), 'bench-customer', 'bench-dog', 'shower', s, s + (45 + 15 * (k % 2)) * interval '1 minute',
            'confirmed', '{}', 3000, 'bench-' || k, repeat('0', 64), 'Bench', 'bench@example.com'
       FROM (
         SELECT k, (d + time '09:00' + ((k / 48) % 32) * interval '15 minutes') AT TIME ZONE 'Europe/London' AS s
           FROM generate_series(0, $1 - 1) AS k,
           LATERAL (SELECT day::date AS d FROM generate_series(current_date + 1, current_date + 70, interval '1 day') AS day
                     WHERE extract(isodow FROM day) < 7 ORDER BY day OFFSET (k % 48) LIMIT 1) AS days
       ) AS spread`,
    [BOOKINGS],
  );
  const [row] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM bookings WHERE status = 'confirmed'`);
  return row!.n;
}

async function inProcess(
  label: string,
): Promise<{ label: string; availability: Stats; baseline: Stats; bookings: number; slots: number }> {
  const bookings = await fillBookings();
  const { default: availability } = await import('../netlify/functions/availability.ts');
  const { default: bookingTypes } = await import('../netlify/functions/booking-types.ts');
  const url = 'http://localhost/v1.0.1/availability?service=full';
  const sample = (await (await availability(new Request(url))).json()) as { days: Array<{ slots: unknown[] }> };
  const slots = sample.days.reduce((n, d) => n + d.slots.length, 0);
  const a = await time(IN_PROCESS_RUNS, async () => availability(new Request(url)));
  const b = await time(IN_PROCESS_RUNS, async () =>
    bookingTypes(new Request('http://localhost/v1.0.1/cms/booking-types')),
  );
  return { label, availability: a, baseline: b, bookings, slots };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const row = (name: string, s: Stats) => `| ${name} | ${s.runs} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.mean)} |`;

async function main() {
  const { closeDb } = await import('../src/server/db.ts');
  const { startDatabase } = await import('./lib/database.ts');
  const { seedDemoBusiness } = await import('../src/server/seed.ts');
  const results: Array<Awaited<ReturnType<typeof inProcess>>> = [];

  console.log(`In process, embedded PGlite: seeding ${BOOKINGS} bookings…`);
  const embedded = await startDatabase({ quiet: true });
  await seedDemoBusiness();
  results.push(await inProcess('embedded PGlite'));
  await closeDb();
  await embedded.db.stop();

  const { realPostgresAvailable, startRealPostgres } = await import('../tests/helpers/real-postgres.ts');
  if (realPostgresAvailable()) {
    console.log('In process, PostgreSQL 15…');
    const server = await startRealPostgres();
    process.env.NETLIFY_DB_URL = server.url;
    try {
      await seedDemoBusiness();
      results.push(await inProcess('PostgreSQL 15'));
    } finally {
      await closeDb();
      await server.stop();
    }
  }

  console.log('End to end through the local Netlify emulation…');
  const { startSiteServer } = await import('./lib/site-server.ts');
  const { mkdir: mk, writeFile: wf, access } = await import('node:fs/promises');
  // The emulation serves dist/ and its 404 page; the API needs no build, so make do without one.
  const dist = path.join(PROJECT_ROOT, 'dist');
  const hadDist = await access(path.join(dist, '404.html')).then(
    () => true,
    () => false,
  );
  if (!hadDist) {
    await mk(dist, { recursive: true });
    await wf(path.join(dist, '404.html'), '<h1>Not found</h1>');
  }
  const site = await startSiteServer({ port: Number(process.env.BENCH_PORT ?? 8971), quiet: true });
  let e2e: { availability: Stats; baseline: Stats; bookings: number };
  try {
    const bookings = await fillBookings();
    const a = await time(END_TO_END_RUNS, () => fetch(`${site.url}/v1.0.1/availability?service=full`));
    const b = await time(END_TO_END_RUNS, () => fetch(`${site.url}/v1.0.1/cms/booking-types`));
    e2e = { availability: a, baseline: b, bookings };
  } finally {
    await site.stop();
    await closeDb();
    if (!hadDist) await rm(dist, { recursive: true, force: true });
  }

  const lines = [
    '# Availability benchmark',
    '',
    `\`npm run bench:availability\`, ${new Date().toISOString()}, Node ${process.version}, ${process.env.BENCH_NOTE ?? 'shared 2-core machine'}.`,
    '',
    `GET /v1.0.1/availability?service=full (Full Groom, 120 minutes; the whole 8-week horizon, 57 days) with ${BOOKINGS.toLocaleString('en-GB')} confirmed`,
    'bookings in those 8 weeks (capacity raised to 50 so they fit), next to GET /v1.0.1/cms/booking-types on the same database.',
    '',
  ];
  for (const r of results) {
    lines.push(
      `## In process, ${r.label} (${r.bookings.toLocaleString('en-GB')} bookings, ${r.slots} free starts answered)`,
      '',
      '| call | runs | p50 | p99 | mean |',
      '|---|---|---|---|---|',
      row('availability, 8 weeks', r.availability),
      row('cms/booking-types (baseline)', r.baseline),
      '',
      `Ratio availability / baseline: p50 ${(r.availability.p50 / r.baseline.p50).toFixed(1)}×, p99 ${(r.availability.p99 / r.baseline.p99).toFixed(1)}×.`,
      '',
    );
  }
  lines.push(
    `## End to end through the local Netlify emulation (${e2e.bookings.toLocaleString('en-GB')} bookings)`,
    '',
    "Every call runs in a fresh worker thread that imports the function anew (the emulator's cost, not production's).",
    '',
    '| call | runs | p50 | p99 | mean |',
    '|---|---|---|---|---|',
    row('availability, 8 weeks', e2e.availability),
    row('cms/booking-types (baseline)', e2e.baseline),
    '',
    `Ratio availability / baseline: p50 ${(e2e.availability.p50 / e2e.baseline.p50).toFixed(1)}×, p99 ${(e2e.availability.p99 / e2e.baseline.p99).toFixed(1)}×.`,
    '',
  );
  const out = path.join(PROJECT_ROOT, 'bench-results/availability.md');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, lines.join('\n'));
  console.log(`\n${lines.join('\n')}\nWritten to ${path.relative(PROJECT_ROOT, out)}`);
}

await main();
process.exit(0);
