import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/**
 * The Chromium the tests and benchmarks drive. Playwright cannot download its own browsers on these
 * machines, so we use `CHROMIUM_PATH` or Debian's packages.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Two builds of the same Debian Chromium: the whole browser for Lighthouse (scripts/bench-pages.ts),
 * and, for the end-to-end tests, its headless shell: the same Blink, V8 and network stack without the
 * browser's own interface and compositor, which took the suite's browser CPU from 624 to 322 seconds
 * (docs/decisions/035-e2e-on-the-local-emulation.md).
 */
const BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const HEADLESS_SHELLS = ['/usr/bin/chromium-headless-shell'];
type Kind = 'browser' | 'tests';
const PACKAGE: Record<Kind, string> = { browser: 'chromium', tests: 'chromium-headless-shell' };

export function findChromium(kind: Kind = 'browser'): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return (kind === 'tests' ? [...HEADLESS_SHELLS, ...BROWSERS] : BROWSERS).find((p) => existsSync(p));
}

/** Installs Debian's package `name` when we are root with apt; does nothing otherwise (the caller explains). */
export function installDebianPackage(name: string): void {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  console.log(`Installing Debian's ${name} package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' }).status === 0)
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', name], { stdio: 'inherit', env });
}

/**
 * The whole browser, whatever CHROMIUM_PATH says: the tests of the back button need its back-forward
 * cache, which the headless shell has not (tests/e2e/booking-forgets-answers.spec.ts).
 */
export function wholeChromium(): string | undefined {
  return BROWSERS.find((p) => existsSync(p));
}

/**
 * The Chromium for `kind`, installing Debian's package when it is missing and we are root with apt;
 * the tests fall back to the whole browser when the headless shell cannot be had. Else explains and exits.
 */
export function ensureChromium(kind: Kind = 'browser'): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const own = () => (kind === 'tests' ? HEADLESS_SHELLS : BROWSERS).find((p) => existsSync(p));
  if (own()) return own()!;
  installDebianPackage(PACKAGE[kind]);
  const found = own() ?? findChromium(kind);
  if (found) return found;
  console.error(
    `No Chromium found: install it (Debian: \`apt-get install ${PACKAGE[kind]}\`) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
