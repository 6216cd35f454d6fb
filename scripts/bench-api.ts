/**
 * `npm run bench:api`: how fast the visitor API answers, measured two ways in one run and printed
 * side by side (design.md "Measuring"):
 *
 * 1. Through the local server: the real server `npm start` runs (`startSiteServer`: built pages,
 *    netlify.toml, the functions in process, seeded in-memory database) on a free loopback port,
 *    loaded with autocannon; a static file from the same server is the baseline.
 * 2. In process: the same function handlers imported and called with `new Request(...)` against
 *    the same database, as a warm Netlify instance runs them; a handler answering a constant
 *    through the same `endpoint()` wrapper is the baseline.
 *
 * The ratio column is p50 through the server over p50 in process: what HTTP, routing and the
 * server add (goal: at most 3×). One connection by default, so both columns are sequential calls;
 * BENCH_CONNECTIONS raises it. The rate limit of /magic is lifted for the run, since every request
 * comes from 127.0.0.1. Writes bench-results/api.md. BENCH_SECONDS (default 5) sets the duration of
 * each autocannon run (req/s), BENCH_CALLS (default 2000) the sequential calls per row both ways (p50, p99).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './lib/free-port.ts';
import { PROJECT_ROOT, startSiteServer } from './lib/site-server.ts';

process.env.MAGIC_RATE_LIMIT_PER_MINUTE = '1000000000';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const IN_PROCESS_CALLS = Number(process.env.BENCH_CALLS ?? 2000);

if (!existsSync(path.join(PROJECT_ROOT, 'dist/index.html'))) {
  console.log('No build in dist/: building the site first…');
  const build = spawnSync(
    process.execPath,
    [path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'],
    {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
    },
  );
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

interface Probe {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** The function's module, for the in-process run. */
  module?: string;
}

const port = await freePort();
const site = await startSiteServer({ port, quiet: true });
const base = `http://127.0.0.1:${port}`;
console.log(`Server on ${base} (in-memory database, seeded). ${SECONDS} s per run, ${CONNECTIONS} connection(s).`);

const landing = JSON.stringify({ url: `${base}/?gclid=bench`, path: '/' });
const identify = await fetch(`${base}/v1.0.1/magic`, {
  method: 'POST',
  body: '{"type":"identify"}',
  headers: { 'content-type': 'application/json' },
});
const { session_id: sessionId } = (await identify.json()) as { session_id: string };

const probes: Probe[] = [
  { name: 'GET /v1.0.1/cms/booking-types', path: '/v1.0.1/cms/booking-types', module: 'booking-types' },
  {
    name: 'GET /v1.0.1/availability (8 weeks)',
    path: '/v1.0.1/availability?service=full&days=56',
    module: 'availability',
  },
  {
    name: 'POST /v1.0.1/magic identify',
    path: '/v1.0.1/magic',
    method: 'POST',
    module: 'magic',
    body: JSON.stringify({ type: 'identify', gclid: 'bench' }),
    headers: { 'x-visitor-id': 'bench-visitor', 'x-landing-page': landing },
  },
  {
    name: 'POST /v1.0.1/magic page_view',
    path: '/v1.0.1/magic',
    method: 'POST',
    module: 'magic',
    body: JSON.stringify({ type: 'page_view', page: JSON.stringify({ url: `${base}/prices`, path: '/prices' }) }),
    headers: { 'x-session-id': sessionId },
  },
];

async function throughServer(probe: Probe): Promise<Row> {
  let firstFailure: string | undefined;
  const result = await autocannon({
    url: base + probe.path,
    requests: [
      {
        method: probe.method ?? 'GET',
        ...(probe.body ? { body: probe.body } : {}),
        headers: { ...(probe.body ? { 'content-type': 'application/json' } : {}), ...probe.headers },
        onResponse: (status, body) => {
          if ((status < 200 || status > 299) && !firstFailure) firstFailure = `${status} ${String(body).slice(0, 500)}`;
        },
      },
    ],
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 30,
  });
  // autocannon's latencies are whole milliseconds: time sequential calls too, to a hundredth.
  const times: number[] = [];
  let bad = result.non2xx + result.errors + result.timeouts;
  for (let i = 0; i < IN_PROCESS_CALLS; i++) {
    const t = performance.now();
    const response = await fetch(base + probe.path, {
      method: probe.method ?? 'GET',
      ...(probe.body ? { body: probe.body } : {}),
      headers: { ...(probe.body ? { 'content-type': 'application/json' } : {}), ...probe.headers },
    });
    await response.arrayBuffer();
    times.push(performance.now() - t);
    if (!response.ok) bad++;
  }
  const row = {
    name: probe.name,
    rps: result.requests.average,
    ...percentiles(times),
    requests: result.requests.total + IN_PROCESS_CALLS,
    bad,
  };
  console.log(
    `  ${probe.name.padEnd(40)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.requests} requests, ${row.bad} not 2xx)`,
  );
  if (firstFailure) console.log(`    first failure: ${firstFailure}`);
  return row;
}

function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2));
  return { p50: at(0.5), p99: at(0.99) };
}

type Handler = (req: Request, context?: unknown) => Promise<Response> | Response;

async function inProcess(name: string, handler: Handler, make: () => Request): Promise<Row> {
  for (let i = 0; i < 50; i++) await (await handler(make(), { ip: '127.0.0.1' })).arrayBuffer(); // warm up
  const times: number[] = [];
  let bad = 0;
  const started = performance.now();
  for (let i = 0; i < IN_PROCESS_CALLS; i++) {
    const t = performance.now();
    const res = await handler(make(), { ip: '127.0.0.1' });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status < 200 || res.status > 299) bad++;
  }
  const elapsed = (performance.now() - started) / 1000;
  const row = { name, rps: IN_PROCESS_CALLS / elapsed, ...percentiles(times), requests: IN_PROCESS_CALLS, bad };
  console.log(
    `  ${name.padEnd(40)} ${row.rps.toFixed(0).padStart(7)} calls/s p50 ${row.p50} ms  p99 ${row.p99} ms  (${bad} not 2xx)`,
  );
  return row;
}

let httpRows: Row[] = [];
let inProcessRows: Row[] = [];
try {
  console.log('\nThrough the local server (autocannon):');
  httpRows = [await throughServer({ name: 'GET /robots.txt (static file, baseline)', path: '/robots.txt' })];
  for (const probe of probes) httpRows.push(await throughServer(probe));

  console.log(`\nIn process, as a warm instance runs them (${IN_PROCESS_CALLS} sequential calls each):`);
  const { endpoint, json } = await import('../src/server/http.ts');
  inProcessRows = [
    await inProcess(
      'constant JSON through endpoint() (baseline)',
      endpoint(['GET'], () => json({ ok: true })),
      () => new Request('http://localhost/x'),
    ),
  ];
  for (const probe of probes) {
    const { default: handler } = (await import(`../netlify/functions/${probe.module}.ts`)) as { default: Handler };
    inProcessRows.push(
      await inProcess(
        probe.name,
        handler,
        () =>
          new Request(`http://localhost${probe.path}`, {
            method: probe.method ?? 'GET',
            ...(probe.body ? { body: probe.body } : {}),
            headers: { ...(probe.body ? { 'content-type': 'application/json' } : {}), ...probe.headers },
          }),
      ),
    );
  }
} finally {
  await site.stop();
}

const sideBySide = [
  '| | through the local server p50 / p99 ms | in process p50 / p99 ms | ratio (p50) | req/s through the server | not 2xx |',
  '|---|---:|---:|---:|---:|---:|',
  ...httpRows.map((http, i) => {
    const local = inProcessRows[i]!;
    const ratio = local.p50 > 0 ? (http.p50 / local.p50).toFixed(1) : '–';
    return `| ${i === 0 ? 'baseline: static file / constant handler' : http.name} | ${http.p50} / ${http.p99} | ${local.p50} / ${local.p99} | ${ratio}× | ${http.rps.toFixed(0)} | ${http.bad + local.bad} |`;
  }),
].join('\n');
console.log(`\n${sideBySide}`);

const report = `# API benchmark

\`npm run bench:api\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Node ${process.version}, ${os.cpus().length} CPU cores
(${os.cpus()[0]?.model ?? 'unknown'}), shared with other work, so compare rows of one run rather than runs.

Through the local server: autocannon, ${CONNECTIONS} connection(s), ${SECONDS} s per row, loopback; the server is \`startSiteServer\`
(the one \`npm start\` runs, functions in process) with a seeded in-memory database and the /magic rate limit lifted.
Latencies both ways: ${IN_PROCESS_CALLS} sequential calls (through the server with \`fetch\` on a kept-alive connection; in process
with \`new Request(...)\` against the same database, after 50 warm-up calls); req/s is autocannon's. The ratio is p50 through the server over p50 in
process: what HTTP, the router and the server add (goal ≤ 3×).

${sideBySide}
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
