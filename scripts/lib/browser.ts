import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/**
 * The Chromium the tests and benchmarks drive. Playwright cannot download its own browsers on these
 * machines, so we use `CHROMIUM_PATH`, Debian's `/usr/bin/chromium`, or Playwright's own if present.
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

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

/** Finds Chromium, installing Debian's package when we are root with apt; else explains and exits. */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("No Chromium found: installing Debian's chromium package…");
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
            stdio: 'inherit',
            env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          })
        : update;
    const after = findChromium();
    if (install.status === 0 && after) return after;
  }
  console.error(
    'No Chromium browser found: install it (Debian: `apt-get install chromium`) or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}
