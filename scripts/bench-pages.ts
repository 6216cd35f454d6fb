/**
 * `npm run bench:pages`: Lighthouse (mobile, default simulated throttling) over every public page,
 * served by the same local server as `npm start` behind a proxy that compresses text as Netlify's
 * CDN does (scripts/lib/bench-serving.ts), plus the gzip size of each page's HTML, CSS and
 * JavaScript. Prints a Markdown table and writes it to bench-results/pages.md.
 *
 * Builds first when dist/ is missing or older than the sources. Chromium: CHROME_PATH, CHROMIUM_PATH
 * or Debian's. Each page is measured BENCH_RUNS times (default 3) and the median run is reported, as
 * Lighthouse recommends: on a shared machine single runs vary by hundreds of milliseconds of TBT.
 *
 * Arguments (after `npm run bench:pages --`):
 * - paths, e.g. `/book /prices`: only those pages (default: every public page, /book and the 404 page);
 * - `--staff` (`npm run bench:staff-pages`): the staff pages instead, over the living demo shop
 *   (decision 074): the login page and /management signed out (the guard's way to the login page),
 *   then every staff page signed in as a sign-in leaves a browser (decision 071: an HttpOnly
 *   auth_key for a staff key issued here, and the staff_signed_in marker); written to
 *   bench-results/staff-pages.md;
 * - `--baseline=<dir>`: another built checkout of the project (e.g. `git archive main` built in /tmp)
 *   started with its own `scripts/start.ts --no-build` on a free port, and measured in the same run,
 *   page by page and run by run in turn with this one, so a before/after table shares the machine's
 *   load rather than comparing runs made at different times.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_ARGS, ensureChromium } from './lib/browser.ts';
import { PROJECT_ROOT, startSiteServer } from './lib/site-server.ts';
import { publicPages } from '../tests/e2e/site-pages.ts';
import { freePort } from './lib/free-port.ts';
import { setBrowserCookies, startCompressingProxy, type BrowserCookie } from './lib/bench-serving.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo', 'agentic-browsing'] as const;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** Lighthouse refuses to audit an error response, so the 404 page is weighed but not scored. */
const NOT_FOUND = '/no-such-page';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const built = path.join(PROJECT_ROOT, 'dist/index.html');
  const sources = ['src', 'content', 'public'].map((d) => newestMtime(path.join(PROJECT_ROOT, d)));
  const config = statSync(path.join(PROJECT_ROOT, 'astro.config.mjs')).mtimeMs;
  if (existsSync(built) && statSync(built).mtimeMs > Math.max(config, ...sources)) return;
  console.log('Building the site…');
  const result = spawnSync(path.join(PROJECT_ROOT, 'node_modules/.bin/astro'), ['build', '--silent'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

interface Weights {
  html: number;
  css: number;
  js: number;
  jsRaw: number;
  frameworkJs: boolean;
}

/** Gzip bytes of the document, of its CSS (inline and files) and of its JavaScript (inline and files, islands included). */
async function weigh(
  base: string,
  pagePath: string,
  requested: Array<{ url: string; resourceType?: string }>,
): Promise<Weights> {
  const html = await (await fetch(new URL(pagePath, base))).text();
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('');
  const inlineJs = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .join('');
  let css = inlineCss ? gz(inlineCss) : 0;
  let js = inlineJs ? gz(inlineJs) : 0;
  let jsRaw = Buffer.byteLength(inlineJs);
  const origin = new URL(base).origin;
  for (const r of requested) {
    if (!r.url.startsWith(origin)) continue;
    if (r.resourceType !== 'Script' && r.resourceType !== 'Stylesheet') continue;
    const body = Buffer.from(await (await fetch(r.url)).arrayBuffer());
    if (r.resourceType === 'Script') {
      js += gz(body);
      jsRaw += body.length;
    } else css += gz(body);
  }
  return { html: gz(html), css, js, jsRaw, frameworkJs: /<astro-island/.test(html) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;

function longestTask(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const items = (lhr.audits['long-tasks']?.details as { items?: Array<{ duration: number }> } | undefined)?.items ?? [];
  return Math.max(0, ...items.map((t) => t.duration));
}

/** Starts another checkout's own local server (`scripts/start.ts --no-build`) and waits until it says it is ready. */
async function startBaseline(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, 'dist/index.html')))
    throw new Error(`--baseline=${dir}: no dist/ there; build it first (astro build)`);
  const basePort = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.ts'), '--no-build'], {
    cwd: root,
    env: { ...process.env, PORT: String(basePort), URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const ready = /is ready at (http:\/\/\S+)/.exec(seen);
      if (ready) resolve(ready[1]!);
    });
    child.once('exit', (code) =>
      reject(new Error(`the baseline server in ${dir} stopped (exit ${code}) before it was ready:\n${seen}`)),
    );
  });
  child.stdout!.resume();
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A page to measure: its address, how it is named in the table, and whether staff is signed in. */
interface BenchPage {
  path: string;
  name: string;
  signedIn: boolean;
}

/**
 * A staff key for the demo staff member, issued straight into the database as a sign-in would
 * (this process runs the site), and a customer with visits for /management/customer/{id}.
 */
async function staffFixture(): Promise<{ key: string; customerId: string }> {
  const { transaction } = await import('../src/server/db.ts');
  const { issueAccessKey } = await import('../src/server/access-keys.ts');
  const { DEFAULT_STAFF_SETTINGS, staffKeyExpiry } = await import('../src/domain/staff-settings.ts');
  return transaction(async (tx) => {
    const staff = await tx.query<{ id: string }>('SELECT id FROM customers WHERE privileges = 2 ORDER BY id LIMIT 1');
    const customer = await tx.query<{ id: string }>(
      `SELECT customer_id AS id FROM bookings WHERE customer_id IS NOT NULL GROUP BY customer_id ORDER BY count(*) DESC, customer_id LIMIT 1`,
    );
    const expiresAt = staffKeyExpiry(new Date(), DEFAULT_STAFF_SETTINGS);
    const key = await issueAccessKey(tx, staff.rows[0]!.id, 'staff', { label: 'bench:pages', expiresAt });
    return { key, customerId: customer.rows[0]!.id };
  });
}

const staffPages = (customerId: string): BenchPage[] => [
  { path: '/management/login', name: '/management/login', signedIn: false },
  { path: '/management', name: '/management (signed out)', signedIn: false },
  ...[
    '/management',
    '/management/schedule',
    '/management/finances',
    '/management/customers',
    `/management/customer/${customerId}`,
    '/management/settings',
    '/management/cms/breeds',
  ].map((p) => ({ path: p, name: p.replace(customerId, '{id}'), signedIn: true })),
];

const args = process.argv.slice(2);
const baselineDir = args.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length);
const staffMode = args.includes('--staff');
const chosenPaths = args.filter((a) => a.startsWith('/'));
if (staffMode && baselineDir) {
  console.error('--staff measures one build: the baseline server would not know the staff key issued here.');
  process.exit(2);
}

buildIfNeeded();
const chromePath = process.env.CHROME_PATH ?? ensureChromium();
const port = await freePort();
const site = await startSiteServer({ port, quiet: true, ...(staffMode ? { demo: 'living' as const } : {}) });
const baseline = baselineDir ? await startBaseline(baselineDir) : null;
const fixture = staffMode ? await staffFixture() : null;
const served = await startCompressingProxy(site.url);
const servedBaseline = baseline ? await startCompressingProxy(baseline.url) : null;
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
const pages: BenchPage[] = fixture
  ? staffPages(fixture.customerId).filter((p) => !chosenPaths.length || chosenPaths.includes(p.name))
  : (chosenPaths.length ? chosenPaths : [...publicPages().map((p) => p.path), '/book', NOT_FOUND]).map((p) => ({
      path: p,
      name: p,
      signedIn: false,
    }));
/** The cookies a staff sign-in leaves (decision 071). */
const staffCookies: BrowserCookie[] = fixture
  ? [
      { name: 'auth_key', value: fixture.key, httpOnly: true, sameSite: 'Strict' },
      { name: 'staff_signed_in', value: '1', sameSite: 'Strict' },
    ]
  : [];
/** What is measured: this build, and the baseline's build before it when there is one. */
const targets = [
  ...(servedBaseline ? [{ label: 'before', url: servedBaseline.url }] : []),
  { label: servedBaseline ? 'after' : '', url: served.url },
];
const rows: string[] = [];
const shortfalls: string[] = [];
const name = (pagePath: string, label: string) => (label ? `${pagePath} (${label})` : pagePath);
try {
  console.log(
    `Lighthouse 13 (mobile, simulated throttling), median of ${RUNS} run(s), ${pages.length} pages at ${targets.map((t) => t.url).join(' and ')}\n`,
  );
  for (const { path: pagePath, name: pageName, signedIn } of pages) {
    if (pagePath === NOT_FOUND) {
      for (const target of targets) {
        const weights = await weigh(target.url, pagePath, []);
        rows.push(
          `| ${name(`${pageName} (404)`, target.label)} | ${CATEGORIES.map(() => 'n/a').join(' | ')} | n/a | n/a | n/a | ${kb(weights.html)} | ${kb(weights.css)} | ${kb(weights.js)} | ${kb(weights.jsRaw)} | ${weights.frameworkJs ? 'yes' : 'no'} |`,
        );
        console.log(rows.at(-1));
      }
      continue;
    }
    // Run by run in turn, so both builds see the same moments of the machine's load.
    const runs = new Map(targets.map((t) => [t.label, [] as Array<Awaited<ReturnType<typeof lighthouse>>>]));
    for (let i = 0; i < RUNS; i++) {
      for (const target of targets) {
        const url = new URL(pagePath, target.url).href;
        await setBrowserCookies(chrome.port, url, signedIn ? staffCookies : []);
        runs.get(target.label)!.push(
          await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          }),
        );
      }
    }
    for (const target of targets) {
      // A run that painted nothing (the page failed to load) has no FCP, and the median needs one.
      const results = runs
        .get(target.label)!
        .map((r) => r!.lhr)
        .filter((r) => r.audits['first-contentful-paint']?.numericValue !== undefined);
      if (!results.length) {
        shortfalls.push(`- ${name(pageName, target.label)}: no run painted anything`);
        continue;
      }
      const lhr = (results.length > 1 ? computeMedianRun(results) : results[0]) as (typeof results)[number];
      // The whole report, to look into what a figure is made of (bench-results/ is not committed).
      const reports = path.join(PROJECT_ROOT, 'bench-results/lighthouse');
      mkdirSync(reports, { recursive: true });
      const slug = `${pageName.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}${target.label ? `-${target.label}` : ''}`;
      writeFileSync(path.join(reports, `${slug}.json`), JSON.stringify(lhr));
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const requests =
        (
          lhr.audits['network-requests']?.details as
            { items?: Array<{ url: string; resourceType?: string }> } | undefined
        )?.items ?? [];
      const weights = await weigh(target.url, pagePath, requests);
      const lcp = audit('largest-contentful-paint');
      const tbt = audit('total-blocking-time');
      const cls = audit('cumulative-layout-shift');
      const scores = CATEGORIES.map(score);
      rows.push(
        `| ${name(pageName, target.label)} | ${scores.join(' | ')} | ${(lcp / 1000).toFixed(2)} s | ${Math.round(tbt)} ms | ${cls.toFixed(3)} | ${kb(weights.html)} | ${kb(weights.css)} | ${kb(weights.js)} | ${kb(weights.jsRaw)} | ${weights.frameworkJs ? 'yes' : 'no'} |`,
      );
      console.log(rows.at(-1));
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'manual' &&
            a.scoreDisplayMode !== 'notApplicable',
        )
        .filter((a) =>
          CATEGORIES.some((c) =>
            lhr.categories[c]?.auditRefs.some((ref) => ref.id === a.id && (ref.weight > 0 || c === 'agentic-browsing')),
          ),
        )
        .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
      const misses = [
        ...(lcp >= 1500 ? [`LCP ${(lcp / 1000).toFixed(2)} s`] : []),
        ...(Math.round(tbt) > 0 ? [`TBT ${Math.round(tbt)} ms (longest task ${Math.round(longestTask(lhr))} ms)`] : []),
        ...(cls > 0 ? [`CLS ${cls.toFixed(3)}`] : []),
      ];
      if (scores.some((s) => s < 100) || misses.length) {
        shortfalls.push(`- ${name(pageName, target.label)}: ${[...new Set([...failing, ...misses])].join('; ')}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await served.stop();
  await servedBaseline?.stop();
  await baseline?.stop();
  await site.stop();
}

const table = [
  `Lighthouse 13, mobile, simulated throttling, median of ${RUNS} run(s) per page; ${new Date().toISOString()}; local server (scripts/lib/site-server.ts); text compressed as Netlify serves it; load average at the end ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs.`,
  ...(baselineDir
    ? [
        `"before" is the build in ${baselineDir}, served by its own scripts/start.ts and measured in turn with "after" (this checkout).`,
      ]
    : []),
  'Sizes are gzip (level 9) KB, except "JS raw" (uncompressed KB): HTML is the whole document including its inline CSS and JS; CSS and JS count inline and linked files.',
  '',
  '| page | perf | a11y | best practices | SEO | agentic | LCP | TBT | CLS | HTML gz | CSS gz | JS gz | JS raw | framework JS |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  shortfalls.length
    ? `Short of 100 in every category, LCP < 1.5 s, TBT 0, CLS 0:\n${shortfalls.join('\n')}`
    : 'Every page meets the target: 100 in all five categories, LCP under 1.5 s, TBT 0 ms, CLS 0.',
].join('\n');
const written = `bench-results/${staffMode ? 'staff-pages' : 'pages'}.md`;
mkdirSync(path.join(PROJECT_ROOT, 'bench-results'), { recursive: true });
writeFileSync(path.join(PROJECT_ROOT, written), `${table}\n`);
console.log(`\n${table}\n\nWritten to ${written}, each page's Lighthouse report to bench-results/lighthouse/`);
process.exit(0);
