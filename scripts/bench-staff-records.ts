/**
 * `npm run bench:customers`: the staff's customer search (GET /v1.0.1/management/customers and the phone
 * booking's GET /v1.0.1/management/customer-lookup, one rule: decision 073) with 10,000 customers, each with a dog and 5 bookings (50,000 in all), in process on the embedded
 * PGlite, next to GET /cms/booking-types on the same database as the baseline; and the EXPLAIN
 * ANALYZE of the search's queries (docs/decisions/061-staff-records.md). Absolute times on these
 * shared machines vary from run to run; the ratio is the figure to watch.
 * Writes bench-results/customers.md.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROJECT_ROOT } from './lib/site-server.ts';

const CUSTOMERS = 10_000;
const BOOKINGS_EACH = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

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

const FIRST = [
  'Sam',
  'Alex',
  'Jo',
  'Priya',
  'Tom',
  'Zoë',
  'Mo',
  'Ella',
  'Kwame',
  'Ola',
  'Ben',
  'Aisha',
  'Liam',
  'Maya',
  'Chen',
  'Rosa',
];
const LAST = [
  'Smith',
  'Jones',
  'Khan',
  'O’Brien',
  'Patel',
  'Nowak',
  'Silva',
  'Brown',
  'Okafor',
  'Taylor',
  'Murphy',
  'Ahmed',
  'Wilson',
  'Evans',
];
const DOGS = [
  'Biscuit',
  'Pepper',
  'Luna',
  'Milo',
  'Bella',
  'Teddy',
  'Poppy',
  'Alfie',
  'Daisy',
  'Bear',
  'Coco',
  'Rosie',
  'Otis',
];

/**
 * 10,000 customers (names, UK numbers, e-mail addresses) with a dog each and 5 confirmed bookings
 * each over the past 300 days and the next 60, through the real triggers (search terms, capacity:
 * raised to 50 so 50,000 bookings fit).
 */
async function fill(): Promise<{ customers: number; bookings: number; terms: number }> {
  const { query, transaction } = await import('../src/server/db.ts');
  const { updateBookingSettings } = await import('../src/server/settings.ts');
  await transaction((tx) => updateBookingSettings(tx, { capacity: 50 }));
  const arr = (a: string[]) => `ARRAY[${a.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
  await query(
    `INSERT INTO customers (id, phone, name, email)
     SELECT 'bench-c-' || lpad(k::text, 6, '0'), '+4477' || lpad((k * 7919 % 100000000)::text, 8, '0'),
            (${arr(FIRST)})[1 + k % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (k / ${FIRST.length}) % ${LAST.length}] || ' ' || k,
            'owner' || k || '@example.com'
       FROM generate_series(0, $1 - 1) AS k`,
    [CUSTOMERS],
  );
  await query(
    `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat)
     SELECT 'bench-d-' || lpad(k::text, 6, '0'), 'bench-c-' || lpad(k::text, 6, '0'), (${arr(DOGS)})[1 + k % ${DOGS.length}], 'beagle', 5 + k % 30, 'short'
       FROM generate_series(0, $1 - 1) AS k`,
    [CUSTOMERS],
  );
  await query(
    `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence,
                           idempotency_key, request_hash, contact_name, contact_email, created_at, updated_at, confirmed_at)
     SELECT 'bench-booking-' || lpad(n::text, 10, '0'), 'bench-c-' || lpad((n / ${BOOKINGS_EACH})::text, 6, '0'), 'bench-d-' || lpad((n / ${BOOKINGS_EACH})::text, 6, '0'),
            'shower', s, s + interval '45 minutes', 'confirmed', '{}', 3000, 'bench-' || n, repeat('0', 64), 'Bench', 'bench@example.com', now(), now(), now()
       FROM (SELECT n, date_trunc('day', now()) + ((n % 360) - 300) * interval '1 day' + interval '9 hours' + ((n / 360) % 32) * interval '15 minutes' AS s
               FROM generate_series(0, $1 - 1) AS n) spread`,
    [CUSTOMERS * BOOKINGS_EACH],
  );
  await query('ANALYZE');
  const [row] = await query<{ c: number; b: number; t: number }>(
    `SELECT (SELECT count(*)::int FROM customers) AS c, (SELECT count(*)::int FROM bookings) AS b, (SELECT count(*)::int FROM customer_search_terms) AS t`,
  );
  return { customers: row!.c, bookings: row!.b, terms: row!.t };
}

async function explain(sql: string, params: unknown[]): Promise<string> {
  const { query } = await import('../src/server/db.ts');
  const rows = await query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${sql}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const row = (name: string, s: Stats) => `| ${name} | ${s.runs} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.mean)} |`;

async function main() {
  const { closeDb } = await import('../src/server/db.ts');
  const { startDatabase } = await import('./lib/database.ts');
  const { seedDemoBusiness } = await import('../src/server/seed.ts');
  const { issueAccessKey } = await import('../src/server/access-keys.ts');
  const { transaction } = await import('../src/server/db.ts');
  const { matchingCustomersQuery } = await import('../src/server/customer-search.ts');
  const { customerSearchFor } = await import('../src/domain/customer-search.ts');

  console.log(`Embedded PGlite: seeding ${CUSTOMERS} customers and ${CUSTOMERS * BOOKINGS_EACH} bookings…`);
  const embedded = await startDatabase({ quiet: true });
  await seedDemoBusiness();
  const sizes = await fill();
  const key = await transaction(async (tx) => {
    await tx.query(
      `INSERT INTO customers (id, phone, name, privileges) VALUES ('bench-staff', '+447911159999', 'Bench Staff', 2)`,
    );
    return issueAccessKey(tx, 'bench-staff', 'staff');
  });
  const { default: customers } = await import('../netlify/functions/management-customers.ts');
  const { default: lookup } = await import('../netlify/functions/management-customer-lookup.ts');
  const { default: bookingTypes } = await import('../netlify/functions/booking-types.ts');
  const search = (q: string) => () =>
    customers(
      new Request(`http://localhost/v1.0.1/management/customers${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
        headers: { 'x-access-key': key },
      }),
    );

  const lookUp = (q: string) => () =>
    lookup(
      new Request(`http://localhost/v1.0.1/management/customer-lookup?q=${encodeURIComponent(q)}`, {
        headers: { 'x-access-key': key },
      }),
    );

  // Customer 42's number is +4477 0033 2598 (k * 7919, see fill()): "2598" are its last digits.
  const cases: Array<[string, () => Promise<Response> | Response]> = [
    ['the list, no search (first page of 25)', search('')],
    ['a name word: "sam"', search('sam')],
    ['a surname: "khan"', search('khan')],
    ['two words, name and dog: "priya bis"', search('priya bis')],
    ['a number as typed: "07700 0"', search('07700 0')],
    ['the last digits of a number: "2598"', search('2598')],
    ['an e-mail address: "owner12"', search('owner12')],
    ['phone booking lookup, a surname: "khan"', lookUp('khan')],
    ['phone booking lookup, last digits: "2598"', lookUp('2598')],
    ['phone booking lookup, a number: "07700 332598"', lookUp('07700 332598')],
  ];
  const results: Array<[string, Stats]> = [];
  for (const [label, call] of cases) {
    console.log(`  ${label}`);
    results.push([label, await time(call)]);
  }
  const baseline = await time(() => bookingTypes(new Request('http://localhost/v1.0.1/cms/booking-types')));

  // The server's own SQL (src/server/customer-search.ts), as both endpoints run it.
  const searchPlan = (q: string) => {
    const { sql, params } = matchingCustomersQuery(customerSearchFor(q), { after: ['', ''], limit: 26 });
    return explain(sql, params);
  };
  const wordsPlan = await searchPlan('priya bis');
  const prefixPlan = await searchPlan('07700 0');
  const trailingPlan = await searchPlan('2598');
  const listPlan = await explain(
    `SELECT c.id FROM customers c WHERE c.erased_at IS NULL AND c.privileges < 2 AND (lower(coalesce(c.name, '')), c.id) > ('', '')
      ORDER BY lower(coalesce(c.name, '')), c.id LIMIT 26`,
    [],
  );
  const visitsPlan = await explain(
    `SELECT max(b.start_at) FROM bookings b WHERE b.customer_id = $1 AND b.status = 'confirmed' AND b.start_at < now()`,
    ['bench-c-000042'],
  );
  await closeDb();
  await embedded.db.stop();

  const lines = [
    '# Customer search benchmark',
    '',
    `\`npm run bench:customers\`, ${new Date().toISOString()}, Node ${process.version}, ${process.env.BENCH_NOTE ?? 'shared 2-core machine'}.`,
    '',
    `In process on the embedded PGlite: ${sizes.customers.toLocaleString('en-GB')} customers, ${sizes.bookings.toLocaleString('en-GB')} bookings,`,
    `${sizes.terms.toLocaleString('en-GB')} search terms. GET /v1.0.1/management/customers (the staff key checked, the first page of 25 with`,
    "each one's dogs, last and next visit) and GET /v1.0.1/management/customer-lookup (the first 8 with their dogs and",
    'last visit), next to GET /v1.0.1/cms/booking-types on the same database.',
    '',
    '| call | runs | p50 | p99 | mean |',
    '|---|---|---|---|---|',
    ...results.map(([label, s]) => row(label, s)),
    row('cms/booking-types (baseline)', baseline),
    '',
    ...results.map(
      ([label, s]) =>
        `- ${label}: p50 ${(s.p50 / baseline.p50).toFixed(1)}× the baseline, p99 ${(s.p99 / baseline.p99).toFixed(1)}×.`,
    ),
    '',
    '## EXPLAIN ANALYZE: two words ("priya bis")',
    '',
    '```',
    wordsPlan,
    '```',
    '',
    '## EXPLAIN ANALYZE: a number as typed ("07700 0": its start, the digits typed, or its end)',
    '',
    '```',
    prefixPlan,
    '```',
    '',
    '## EXPLAIN ANALYZE: the last digits of a number ("2598", also "~8952", the start of the reversed digits)',
    '',
    '```',
    trailingPlan,
    '```',
    '',
    '## EXPLAIN ANALYZE: the list without a search',
    '',
    '```',
    listPlan,
    '```',
    '',
    "## EXPLAIN ANALYZE: one customer's last visit (one of the list's per-row subqueries)",
    '',
    '```',
    visitsPlan,
    '```',
    '',
  ];
  const out = path.join(PROJECT_ROOT, 'bench-results/customers.md');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, lines.join('\n'));
  console.log(`\n${lines.join('\n')}\nWritten to ${path.relative(PROJECT_ROOT, out)}`);
}

await main();
process.exit(0);
