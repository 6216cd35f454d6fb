/**
 * `npm run bench:pages`: Lighthouse (mobile, default simulated throttling) over every public page,
 * served by the same local server as `npm start`, plus the gzip size of each page's HTML, CSS and
 * JavaScript. Prints a Markdown table and writes it to bench-results/pages.md.
 *
 * Builds first when dist/ is missing or older than the sources. Chromium: CHROME_PATH, CHROMIUM_PATH
 * or Debian's. Each page is measured BENCH_RUNS times (default 3) and the median run is reported, as
 * Lighthouse recommends: on a shared machine single runs vary by hundreds of milliseconds of TBT.
 */
import { spawnSync } from 'node:child_process';
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

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
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
  const result = spawnSync(path.join(PROJECT_ROOT, 'node_modules/.bin/astro'), ['build', '--silent'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}


const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

interface Weights { html: number; css: number; js: number; frameworkJs: boolean }

/** Gzip bytes of the document, of its CSS (inline and files) and of its JavaScript (inline and files, islands included). */
async function weigh(base: string, pagePath: string, requested: Array<{ url: string; resourceType?: string }>): Promise<Weights> {
  const html = await (await fetch(new URL(pagePath, base))).text();
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('');
  const inlineJs = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('');
  let css = inlineCss ? gz(inlineCss) : 0;
  let js = inlineJs ? gz(inlineJs) : 0;
  const origin = new URL(base).origin;
  for (const r of requested) {
    if (!r.url.startsWith(origin)) continue;
    if (r.resourceType !== 'Script' && r.resourceType !== 'Stylesheet') continue;
    const body = Buffer.from(await (await fetch(r.url)).arrayBuffer());
    if (r.resourceType === 'Script') js += gz(body);
    else css += gz(body);
  }
  return { html: gz(html), css, js, frameworkJs: /<astro-island/.test(html) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;

function longestTask(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const items = (lhr.audits['long-tasks']?.details as { items?: Array<{ duration: number }> } | undefined)?.items ?? [];
  return Math.max(0, ...items.map((t) => t.duration));
}

buildIfNeeded();
const chromePath = process.env.CHROME_PATH ?? ensureChromium();
const port = await freePort();
const site = await startSiteServer({ port, quiet: true });
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
const pages = [...publicPages().map((p) => p.path), '/no-such-page'];
const rows: string[] = [];
const shortfalls: string[] = [];
try {
  console.log(`Lighthouse 13 (mobile, simulated throttling), median of ${RUNS} run(s), ${pages.length} pages at ${site.url}\n`);
  for (const pagePath of pages) {
    const url = new URL(pagePath, site.url).href;
    if (pagePath === NOT_FOUND) {
      const weights = await weigh(site.url, pagePath, []);
      rows.push(`| ${pagePath} (404) | n/a | n/a | n/a | n/a | n/a | n/a | n/a | ${kb(weights.html)} | ${kb(weights.css)} | ${kb(weights.js)} | ${weights.frameworkJs ? 'yes' : 'no'} |`);
      console.log(rows.at(-1));
      continue;
    }
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      runs.push(result!.lhr);
    }
    const lhr = (RUNS > 1 ? computeMedianRun(runs) : runs[0]) as (typeof runs)[number];
    const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
    const weights = await weigh(site.url, pagePath, requests);
    const lcp = audit('largest-contentful-paint');
    const tbt = audit('total-blocking-time');
    const cls = audit('cumulative-layout-shift');
    const scores = CATEGORIES.map(score);
    rows.push(`| ${pagePath} | ${scores.join(' | ')} | ${(lcp / 1000).toFixed(2)} s | ${Math.round(tbt)} ms | ${cls.toFixed(3)} | ${kb(weights.html)} | ${kb(weights.css)} | ${kb(weights.js)} | ${weights.frameworkJs ? 'yes' : 'no'} |`);
    console.log(rows.at(-1));
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .filter((a) => CATEGORIES.some((c) => lhr.categories[c]?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0)))
      .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
    const misses = [
      ...(lcp >= 1500 ? [`LCP ${(lcp / 1000).toFixed(2)} s`] : []),
      ...(tbt > 0 ? [`TBT ${Math.round(tbt)} ms (longest task ${Math.round(longestTask(lhr))} ms)`] : []),
      ...(cls > 0 ? [`CLS ${cls.toFixed(3)}`] : []),
    ];
    if (scores.some((s) => s < 100) || misses.length) {
      shortfalls.push(`- ${pagePath}: ${[...failing, ...misses].join('; ')}`);
    }
  }
} finally {
  await chrome.kill();
  await site.stop();
}

const table = [
  `Lighthouse 13, mobile, simulated throttling, median of ${RUNS} run(s) per page; ${new Date().toISOString()}; local server (scripts/lib/site-server.ts); load average at the end ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} CPUs.`,
  'Sizes are gzip (level 9) KB: HTML is the whole document including its inline CSS and JS; CSS and JS count inline and linked files.',
  '',
  '| page | perf | a11y | best practices | SEO | LCP | TBT | CLS | HTML gz | CSS gz | JS gz | framework JS |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  shortfalls.length ? `Short of 100/100/100/100, LCP < 1.5 s, TBT 0, CLS 0:\n${shortfalls.join('\n')}` : 'Every page meets the target: 100 in all four categories, LCP under 1.5 s, TBT 0 ms, CLS 0.',
].join('\n');
mkdirSync(path.join(PROJECT_ROOT, 'bench-results'), { recursive: true });
writeFileSync(path.join(PROJECT_ROOT, 'bench-results/pages.md'), `${table}\n`);
console.log(`\n${table}\n\nWritten to bench-results/pages.md`);
process.exit(0);
