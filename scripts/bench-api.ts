/**
 * `npm run bench:api`: how fast the visitor API answers, measured twice (design.md "Measuring").
 *
 * 1. End to end: the real local server (`startSiteServer`: built pages, Netlify emulation, seeded
 *    in-memory database) on a free loopback port, loaded with autocannon, next to a static file
 *    from the same server as the baseline. The emulation runs every function call in a fresh
 *    worker (about 130 ms), so these figures are mostly the emulator's cost, not ours.
 * 2. In process: the function handlers imported and called with `new Request(...)` against the
 *    same migrated database, as a warm Netlify instance runs them, next to a handler that answers
 *    a constant through the same `endpoint()` wrapper as the baseline.
 *
 * The rate limit of /magic is lifted for the run (MAGIC_RATE_LIMIT_PER_MINUTE), since every
 * request comes from 127.0.0.1. Writes bench-results/api.md. BENCH_SECONDS (default 10) sets the
 * duration of each autocannon run, BENCH_CONNECTIONS (default 4) its concurrency.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PROJECT_ROOT, startSiteServer } from './lib/site-server.ts';

process.env.MAGIC_RATE_LIMIT_PER_MINUTE = '1000000000';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Few connections: the emulation serialises function calls on the single-connection database, so
// more only lengthens the queue (and the latencies) without adding throughput.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const IN_PROCESS_CALLS = Number(process.env.BENCH_CALLS ?? 2000);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

if (!existsSync(path.join(PROJECT_ROOT, 'dist/index.html'))) {
  console.log('No build in dist/: building the site first…');
  const build = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
}

const port = await freePort();
const site = await startSiteServer({ port, quiet: true });
const base = `http://127.0.0.1:${port}`;
console.log(`Server on ${base} (in-memory database, seeded). ${SECONDS} s per run, ${CONNECTIONS} connections.`);

const pageBody = JSON.stringify({
  type: 'page_view',
  page: JSON.stringify({ url: `${base}/prices`, path: '/prices' }),
});
const landing = JSON.stringify({ url: `${base}/?gclid=bench`, path: '/' });

async function load(name: string, opts: { path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> }): Promise<Row> {
  let firstFailure: string | undefined;
  const result = await autocannon({
    url: base + opts.path,
    requests: [{
      method: opts.method ?? 'GET',
      ...(opts.body ? { body: opts.body } : {}),
      headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      onResponse: (status, body) => {
        if ((status < 200 || status > 299) && !firstFailure) firstFailure = `${status} ${String(body).slice(0, 500)}`;
      },
    }],
    connections: CONNECTIONS,
    duration: SECONDS,
    // A function call under the emulation can take seconds on a busy machine: count it, do not drop it.
    timeout: 60,
  });
  const row = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
  console.log(`  ${name.padEnd(44)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.requests} requests, ${row.bad} not 2xx)`);
  if (row.bad) {
    const codes = result.statusCodeStats ?? {};
    console.log(`    statuses: ${JSON.stringify(Object.fromEntries(Object.entries(codes).map(([k, v]) => [k, v.count])))}; errors ${result.errors}, timeouts ${result.timeouts}`);
    if (firstFailure) console.log(`    first failure: ${firstFailure}`);
  }
  return row;
}

let httpRows: Row[] = [];
let inProcessRows: Row[] = [];
try {
  console.log('\nEnd to end through the local server (autocannon):');
  const identify = await fetch(`${base}/v1.0.1/magic`, { method: 'POST', body: '{"type":"identify"}', headers: { 'content-type': 'application/json' } });
  const { session_id: sessionId } = (await identify.json()) as { session_id: string };
  httpRows = [
    await load('GET /robots.txt (static file, baseline)', { path: '/robots.txt' }),
    await load('GET /v1.0.1/cms/booking-types', { path: '/v1.0.1/cms/booking-types' }),
    await load('GET /v1.0.1/cms/blog/posts (static JSON)', { path: '/v1.0.1/cms/blog/posts' }),
    await load('POST /v1.0.1/magic identify', {
      path: '/v1.0.1/magic', method: 'POST', body: JSON.stringify({ type: 'identify', gclid: 'bench' }),
      headers: { 'x-visitor-id': 'bench-visitor', 'x-landing-page': landing },
    }),
    await load('POST /v1.0.1/magic page_view', { path: '/v1.0.1/magic', method: 'POST', body: pageBody, headers: { 'x-session-id': sessionId } }),
  ];

  console.log(`\nIn process, as a warm instance runs them (${IN_PROCESS_CALLS} sequential calls each):`);
  const { default: bookingTypes } = await import('../netlify/functions/booking-types.ts');
  const { default: magic } = await import('../netlify/functions/magic.ts');
  const { endpoint, json } = await import('../src/server/http.ts');
  const constant = endpoint(['GET'], () => json({ ok: true }));
  const call = async (name: string, handler: (req: Request, context?: unknown) => Promise<Response> | Response, make: () => Request) => {
    for (let i = 0; i < 50; i++) await (await handler(make(), { ip: '127.0.0.1' })).arrayBuffer(); // warm up
    const times: number[] = [];
    let bad = 0;
    const started = performance.now();
    for (let i = 0; i < IN_PROCESS_CALLS; i++) {
      const t = performance.now();
      const res = await handler(make(), { ip: '127.0.0.1' });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (res.status !== 200) bad++;
    }
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));
    const row = { name, rps: IN_PROCESS_CALLS / elapsed, p50: at(0.5), p99: at(0.99), requests: IN_PROCESS_CALLS, bad };
    console.log(`  ${name.padEnd(44)} ${row.rps.toFixed(0).padStart(7)} calls/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${bad} not 200)`);
    return row;
  };
  const post = (body: string, headers: Record<string, string> = {}) => () =>
    new Request('http://localhost/v1.0.1/magic', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  inProcessRows = [
    await call('constant JSON through endpoint() (baseline)', constant, () => new Request('http://localhost/x')),
    await call('GET /v1.0.1/cms/booking-types', bookingTypes, () => new Request('http://localhost/v1.0.1/cms/booking-types')),
    await call('POST /v1.0.1/magic identify', magic, post(JSON.stringify({ type: 'identify', gclid: 'bench' }), { 'x-visitor-id': 'bench-visitor', 'x-landing-page': landing })),
    await call('POST /v1.0.1/magic page_view', magic, post(pageBody, { 'x-session-id': sessionId })),
  ];
} finally {
  const { closeDb } = await import('../src/server/db.ts');
  await closeDb();
  await site.stop();
}

const table = (rows: Row[], unit: string) => {
  const baseline = rows[0]!.rps;
  return [
    `| | ${unit} | p50 ms | p99 ms | ratio to baseline | requests | not 2xx |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / baseline).toFixed(3)} | ${r.requests} | ${r.bad} |`),
  ].join('\n');
};

const report = `# API benchmark

\`npm run bench:api\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Node ${process.version}, ${os.cpus().length} CPU cores
(${os.cpus()[0]?.model ?? 'unknown'}), shared with other work, so compare rows of one run rather than runs.

## End to end through the local server

autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row, loopback only; the server is \`startSiteServer\` (the one \`npm start\`
runs) with a seeded in-memory database and the /magic rate limit lifted.

${table(httpRows, 'req/s')}

The local Netlify emulation runs every function call in a fresh worker thread that imports the function anew (about
130 ms a call even when warm; design.md). These rows therefore measure mostly the emulator, not our code and not
production, where a warm instance keeps the module and its database pool loaded. The blog post list is a static file
(prerendered at build), so it costs what the baseline costs.

## In process, as a warm instance runs it

The handlers imported and called one after another with \`new Request(...)\` against the same migrated database (PGlite,
in this process, over its wire protocol), ${IN_PROCESS_CALLS} calls each after 50 warm-up calls. Baseline: a handler answering a
constant through the same \`endpoint()\` wrapper.

${table(inProcessRows, 'calls/s')}

booking-types is one SELECT plus sanitising eight descriptions (cached per description text); identify is one rate-limit
upsert and one INSERT; page_view is one upsert and one INSERT … WITH UPDATE statement.
`;
await mkdir(path.join(PROJECT_ROOT, 'bench-results'), { recursive: true });
await writeFile(path.join(PROJECT_ROOT, 'bench-results/api.md'), report);
console.log('\nWrote bench-results/api.md');
const failed = [...httpRows, ...inProcessRows].filter((r) => r.bad > 0);
if (failed.length) {
  console.error(`Some requests failed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
process.exit(0);
