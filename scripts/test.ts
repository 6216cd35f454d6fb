/**
 * `npm test`: every test. The gates, then Netlify's own build (`netlify build --offline`: the site
 * and the function bundles a deploy uploads), unit and integration tests (vitest, each file on its
 * own embedded database; the bundle test reads that build's zips), then the end-to-end tests in real
 * Chromium against the server `npm start` runs, serving that build's dist/, on a free port with a
 * fresh in-memory database. Last, the suites that read the calendar again under each named clock
 * (scripts/lib/clocks.ts, docs/decisions/097-tests-under-named-clocks.md).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './lib/browser.ts';
import { NETLIFY_BIN, NETLIFY_BUILD_ARGS, netlifyBuildEnv } from './lib/netlify-build.ts';
import { PROJECT_ROOT } from './lib/site-server.ts';
import { freePort } from './lib/free-port.ts';
import { clockByName, clockEnv, clockRun, CLOCKS, ensureLibfaketime } from './lib/clocks.ts';

const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules/.bin', name);
const run = (label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `  ${label}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
};

const reports = path.join(PROJECT_ROOT, 'test-results');
mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
for (const report of [vitestReport, playwrightReport]) rmSync(report, { force: true });

/** Passed/failed/skipped, summed over the runners, for the closing line CI reads. */
const total = { passed: 0, failed: 0, skipped: 0 };

/**
 * Adds a runner's counts from its JSON report, read as soon as the runner ends: Playwright empties
 * test-results/ when it starts, so vitest's report would be gone by the end of the run.
 */
function count(runner: 'vitest' | 'playwright', report: string): void {
  try {
    if (runner === 'vitest') {
      const v = JSON.parse(readFileSync(report, 'utf8'));
      total.passed += v.numPassedTests ?? 0;
      total.failed += v.numFailedTests ?? 0;
      total.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
    } else {
      const p = JSON.parse(readFileSync(report, 'utf8'));
      // A test that passed only on a retry is a failure with a cause to find, not a pass.
      total.passed += p.stats?.expected ?? 0;
      total.failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
      total.skipped += p.stats?.skipped ?? 0;
    }
  } catch {
    /* the runner did not run, or wrote no report */
  }
}

/** Vitest over `files` (all of vitest.config.ts's when none), its counts added to the total. */
function vitest(label: string, report: string, files: readonly string[] = [], env: NodeJS.ProcessEnv = {}): boolean {
  rmSync(report, { force: true });
  const ok = run(
    label,
    bin('vitest'),
    [
      'run',
      `--reporter=${process.env.CI ? 'dot' : 'default'}`,
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...files,
    ],
    env,
  );
  count('vitest', report);
  return ok;
}

/** Playwright on the built site (its own server, SMS provider and ports), its counts added to the total. */
async function playwright(
  label: string,
  report: string,
  chromium: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<boolean> {
  const ok = run(label, bin('playwright'), ['test', `--reporter=${process.env.CI ? 'dot' : 'list'},json`, ...args], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    CHROMIUM_PATH: chromium,
    E2E_PORT: String(await freePort()),
    // The fake SMS provider the site texts during the run (tests/e2e/ports.ts).
    E2E_SMS_PORT: String(await freePort()),
    // The site on a migrations-only database that tests/e2e/first-deploy.spec.ts starts.
    E2E_MIGRATIONS_ONLY_PORT: String(await freePort()),
  });
  count('playwright', report);
  return ok;
}

// `npm test -- checks`, `-- unit`, `-- e2e` or `-- clocks [name …] [--whole]`
const only = process.argv[2];
const results: Record<string, boolean> = {};

// The gates first (docs/decisions/058-gates.md): a type error, a lint error or a page that Astro
// cannot check fails the run before any test starts.
if (!only || only === 'checks') {
  // Astro check first: it writes the `astro:content` and `astro:assets` types into .astro/, which a
  // fresh clone does not have and without which tsc cannot read the content modules.
  results.astro = run('Astro check (pages and components)', bin('astro'), [
    'check',
    '--minimumFailingSeverity',
    'warning',
  ]);
  results.types = run('type check (tsc)', bin('tsc'), ['--noEmit', '-p', '.']);
  results.lint = run('lint (ESLint: hooks rules, layer boundaries)', bin('eslint'), ['.', '--max-warnings', '0']);
  results.format = run('format (Prettier: `npx prettier --write .` mends it)', bin('prettier'), [
    '--check',
    '.',
    '--log-level',
    'warn',
  ]);
}

// Once, before the tests that use it (docs/decisions/062-netlify-build-in-ci.md): the bundle test
// reads its zips and manifest, and the end-to-end tests serve its dist/ (the same `astro build`).
if (!only || only === 'unit') {
  results.netlifyBuild = run(
    'Netlify build (netlify build --offline: the site and the function bundles)',
    NETLIFY_BIN,
    NETLIFY_BUILD_ARGS,
    netlifyBuildEnv(),
  );
  results.unit = vitest('unit and integration tests (vitest)', vitestReport);
}
let built = false;
/** The site in dist/: the Netlify build's, or `astro build` alone when this run made none (seconds, not a minute). */
const siteBuilt = () => results.netlifyBuild ?? (results.build = run('build', bin('astro'), ['build', '--silent']));
if (!only || only === 'e2e') {
  const chromium = ensureChromium('tests');
  built = siteBuilt();
  if (built) {
    results.e2e = await playwright(
      'end-to-end tests (Playwright, Chromium)',
      playwrightReport,
      chromium,
      process.argv.slice(3),
    );
  }
}
// `npm run smoke` against the same server, read only and then with a booking against the local
// Stripe stand-in (scripts/lib/smoke-local.ts); skipped when only some end-to-end specs were asked for.
if ((!only || only === 'e2e') && built && process.argv.length <= 3) {
  console.log('\n▶ smoke test (npm run smoke) against the local site');
  const { smokeLocalSite } = await import('./lib/smoke-local.ts');
  const smoke = await smokeLocalSite().catch((error: unknown) => {
    console.error(error);
    return { passed: 0, failed: 1 };
  });
  results.smoke = smoke.failed === 0;
  total.passed += smoke.passed;
  total.failed += smoke.failed;
}

// The suites that read the calendar, again under each named clock (docs/decisions/097): every
// process of a run (vitest, the site's server, the databases, Chromium) starts at the clock's moment
// and time flows from there. `npm test -- clocks monday-evening --whole` runs every test under one.
if (!only || only === 'clocks') {
  const asked = only === 'clocks' ? process.argv.slice(3).filter((a) => !a.startsWith('--')) : [];
  const whole = only === 'clocks' && process.argv.includes('--whole');
  const clocks = asked.length ? asked.map(clockByName) : CLOCKS;
  const chromium = ensureChromium('tests');
  ensureLibfaketime();
  built ||= siteBuilt();
  for (const clock of clocks) {
    const suite = clockRun(clock.name);
    results[`vitest@${clock.name}`] = vitest(
      `${whole ? 'every vitest test' : "the calendar's vitest tests"} at ${clock.at} (${clock.name})`,
      path.join(reports, `vitest-${clock.name}.json`),
      whole ? [] : suite.vitest,
      clockEnv(clock.at),
    );
    if (built && (whole || suite.playwright.length))
      results[`e2e@${clock.name}`] = await playwright(
        `${whole ? 'every end-to-end test' : "the calendar's end-to-end tests"} at ${clock.at} (${clock.name})`,
        path.join(reports, `playwright-${clock.name}.json`),
        chromium,
        whole ? [] : suite.playwright,
        clockEnv(clock.at),
      );
  }
}

const failed = Object.entries(results)
  .filter(([, ok]) => !ok)
  .map(([name]) => name);
const { passed, failed: failedTests, skipped } = total;
// A flaky end-to-end test (passed on a retry) fails the run even when its runner said it passed.
if (failedTests && !failed.length) failed.push('flaky tests');
console.log(failed.length ? `\nFailed: ${failed.join(', ')}` : '\nAll tests passed.');
console.log(`${passed} passed, ${failedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed.length ? 1 : 0);
