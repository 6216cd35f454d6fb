/**
 * `npm run bench:staff`: how fast the staff area's reads answer with 50,000 bookings and 10,000
 * customers, in process (the handlers imported and called with `new Request(...)` and a staff key,
 * as a warm function instance runs them), next to GET /cms/booking-types on the same database as
 * the baseline. Prints the EXPLAIN (ANALYZE) of the schedule week's query, which
 * docs/decisions/060-schedule-and-dashboard.md quotes. Writes bench-results/staff.md.
 *
 * Add a staff read to PROBES (a name, the function's module and a path): the customer search goes
 * there beside the schedule's. BENCH_RUNS (default 200) sets the calls per row.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROJECT_ROOT } from './lib/site-server.ts';

const BOOKINGS = 50_000;
const CUSTOMERS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

interface Stats {
  p50: number;
  p99: number;
  mean: number;
  runs: number;
}
type Handler = (req: Request, context?: unknown) => Promise<Response> | Response;

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length, runs: sorted.length };
}

async function time(call: () => Promise<Response> | Response): Promise<Stats> {
  for (let i = 0; i < 10; i++) await (await call()).arrayBuffer(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

/**
 * 10,000 customers with a dog each, and 50,000 bookings of an hour on two tables, nine a day per
 * table from 09:00, every day for seven and a half years around today (so this week is as full as
 * any): most confirmed and marked at the counter, one in ten cancelled. Through the real capacity
 * trigger; one in ten made in a recorded visit, for the dashboard's channels.
 */
async function fill(): Promise<void> {
  const { query } = await import('../src/server/db.ts');
  await query(
    `INSERT INTO customers (id, phone, name, email)
     SELECT 'benchcustomer' || lpad(c::text, 6, '0'), '+447900' || lpad(c::text, 6, '0'),
            (ARRAY['Priya', 'Tom', 'Sam', 'Ava', 'Noah', 'Zoë', 'Ali', 'Mia'])[1 + c % 8] || ' ' || (ARRAY['Shah', 'Okafor', 'Smith', 'Khan', 'Jones', 'Nowak', 'Brown'])[1 + c % 7] || ' ' || c,
            'bench' || c || '@example.com'
       FROM generate_series(0, $1::int - 1) AS c`,
    [CUSTOMERS],
  );
  await query(
    `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat)
     SELECT 'benchdog' || lpad(c::text, 6, '0'), 'benchcustomer' || lpad(c::text, 6, '0'),
            (ARRAY['Biscuit', 'Bella', 'Otis', 'Luna', 'Rex', 'Milo', 'Pepper'])[1 + c % 7] || ' ' || c, 'beagle', 12, 'short'
       FROM generate_series(0, $1::int - 1) AS c`,
    [CUSTOMERS],
  );
  const perDay = 18;
  const days = Math.ceil(BOOKINGS / perDay);
  await query(
    `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence, deposit_paid_pence,
                           balance_paid_pence, balance_method, attendance, idempotency_key, request_hash, contact_name, contact_email, created_at)
     SELECT 'benchbooking' || lpad(k::text, 12, '0'), 'benchcustomer' || lpad((k % $2::int)::text, 6, '0'), 'benchdog' || lpad((k % $2::int)::text, 6, '0'),
            'full', s, s + interval '1 hour', CASE WHEN k % 10 = 9 THEN 'cancelled' ELSE 'confirmed' END, '{}', 4500,
            CASE WHEN k % 3 = 0 THEN 1000 ELSE 0 END,
            CASE WHEN s < now() AND k % 10 < 8 THEN 3500 ELSE 0 END,
            CASE WHEN s < now() AND k % 10 < 8 THEN (CASE WHEN k % 2 = 0 THEN 'card' ELSE 'cash' END) END,
            CASE WHEN s >= now() OR k % 10 = 9 THEN NULL WHEN k % 10 = 8 THEN 'no_show' ELSE 'completed' END,
            'bench-' || k, repeat('0', 64), 'Bench', 'bench@example.com', s - interval '9 days'
       FROM (
         SELECT k, ((current_date - ($3::int / 2) + (k / $4::int)) + time '09:00' + ((k % $4::int) / 2) * interval '1 hour') AT TIME ZONE 'Europe/London' AS s
           FROM generate_series(0, $1::int - 1) AS k
       ) AS spread`,
    [BOOKINGS, CUSTOMERS, days, perDay],
  );
}

async function main() {
  const { closeDb, query, transaction } = await import('../src/server/db.ts');
  const { startDatabase } = await import('./lib/database.ts');
  const { seedDemoBusiness } = await import('../src/server/seed.ts');
  const { issueAccessKey } = await import('../src/server/access-keys.ts');
  const { schedulePageQuery } = await import('../src/server/schedule/schedule.ts');
  const { mondayOf } = await import('../src/domain/schedule.ts');
  const { addDays, todayIn, zonedDateTimeToInstant } = await import('../src/domain/london-time.ts');

  console.log(
    `Embedded PGlite: seeding ${BOOKINGS.toLocaleString('en-GB')} bookings and ${CUSTOMERS.toLocaleString('en-GB')} customers…`,
  );
  const embedded = await startDatabase({ quiet: true });
  await seedDemoBusiness();
  const t0 = performance.now();
  await fill();
  console.log(`  filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await query('ANALYZE');
  const [{ n: bookings } = { n: 0 }] = await query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
  const key = await transaction(async (tx) => {
    const {
      rows: [staff],
    } = await tx.query<{ id: string }>('SELECT id FROM customers WHERE privileges = 2 LIMIT 1');
    return issueAccessKey(tx, staff!.id, 'staff');
  });

  const monday = mondayOf(todayIn('Europe/London', new Date()));
  const PROBES: Array<{ name: string; module: string; path: string }> = [
    { name: 'GET /cms/booking-types (baseline)', module: 'booking-types', path: '/v1.0.1/cms/booking-types' },
    {
      name: 'GET /management/schedule, this week',
      module: 'management-schedule',
      path: `/v1.0.1/management/schedule?from=${monday}&days=7`,
    },
    {
      name: 'GET /management/schedule, today',
      module: 'management-schedule',
      path: `/v1.0.1/management/schedule?from=${todayIn('Europe/London', new Date())}&days=1`,
    },
    {
      name: "GET /management/customer-lookup (a dog's name)",
      module: 'management-customer-lookup',
      path: '/v1.0.1/management/customer-lookup?q=Pepper%2012',
    },
    {
      name: 'GET /management/customer-lookup (a number)',
      module: 'management-customer-lookup',
      path: '/v1.0.1/management/customer-lookup?q=07900%20001234',
    },
    { name: 'GET /management/dashboard', module: 'management-dashboard', path: '/v1.0.1/management/dashboard' },
  ];
  const rows: Array<{ name: string; stats: Stats }> = [];
  for (const probe of PROBES) {
    const { default: handler } = (await import(`../netlify/functions/${probe.module}.ts`)) as { default: Handler };
    const s = await time(() =>
      handler(new Request(`http://localhost${probe.path}`, { headers: { 'x-access-key': key } })),
    );
    console.log(`  ${probe.name.padEnd(48)} p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms`);
    rows.push({ name: probe.name, stats: s });
  }

  // The schedule week's query as the endpoint sends it, explained against the same data.
  const from = zonedDateTimeToInstant(monday, '00:00', 'Europe/London');
  const to = zonedDateTimeToInstant(addDays(monday, 7), '00:00', 'Europe/London');
  const [sql, params] = schedulePageQuery(from, to, new Date(), null);
  const plan = (
    await query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql}`, params)
  )
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  console.log(`\nEXPLAIN of the schedule week:\n${plan}`);
  await closeDb();
  await embedded.db.stop();

  const baseline = rows[0]!.stats;
  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
  const lines = [
    '# Staff area benchmark',
    '',
    `\`npm run bench:staff\`, ${new Date().toISOString()}, Node ${process.version}, ${process.env.BENCH_NOTE ?? 'shared 2-core machine'}.`,
    '',
    `In process, embedded PGlite, ${bookings.toLocaleString('en-GB')} bookings and ${CUSTOMERS.toLocaleString('en-GB')} customers (with the demo business), ${RUNS} calls per row after 10 warm-up calls, each with a staff key.`,
    '',
    '| call | p50 | p99 | mean | p50 / baseline |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.stats.p50)} | ${fmt(r.stats.p99)} | ${fmt(r.stats.mean)} | ${(r.stats.p50 / baseline.p50).toFixed(1)}× |`,
    ),
    '',
    '## EXPLAIN (ANALYZE) of the schedule week',
    '',
    '```',
    plan,
    '```',
    '',
  ];
  const out = path.join(PROJECT_ROOT, 'bench-results/staff.md');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, lines.join('\n'));
  console.log(`\nWritten to ${path.relative(PROJECT_ROOT, out)}`);
}

await main();
process.exit(0);
