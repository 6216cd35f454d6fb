import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './site-server.ts';

/**
 * `netlify build --offline`: Netlify's own CLI (a dev dependency) builds the site into dist/ and
 * packages every function into .netlify/functions/<name>.zip with the manifest a deploy uploads.
 * `npm test` runs it once; the e2e tests serve its dist/ and the bundle test reads its zips
 * (docs/decisions/062-netlify-build-in-ci.md).
 */
export const NETLIFY_BIN = path.join(PROJECT_ROOT, 'node_modules/.bin/netlify');
export const NETLIFY_BUILD_ARGS = ['build', '--offline'];
export const FUNCTION_BUNDLES_DIR = path.join(PROJECT_ROOT, '.netlify/functions');
export const FUNCTION_MANIFEST = path.join(FUNCTION_BUNDLES_DIR, 'manifest.json');

/**
 * The CLI runs on the Node first on PATH: node_modules/.bin first, so it is the project's Node 24
 * (the `node` dev dependency) as under `npm test`, whatever Node started this process.
 */
export const netlifyBuildEnv = (): NodeJS.ProcessEnv => ({
  PATH: [path.join(PROJECT_ROOT, 'node_modules/.bin'), process.env.PATH].join(path.delimiter),
});

/** What the build reads; a file changed after the manifest was written makes the bundles stale. */
const INPUTS = [
  'netlify',
  'src',
  'content',
  'public',
  'scripts',
  'netlify.toml',
  'package-lock.json',
  'astro.config.mjs',
];

function newestChange(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return entry.endsWith('.test.ts') ? 0 : stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** True when .netlify/functions holds a build newer than every file it was built from. */
export function netlifyBuildIsCurrent(): boolean {
  const manifest = statSync(FUNCTION_MANIFEST, { throwIfNoEntry: false });
  if (!manifest) return false;
  return INPUTS.every((input) => newestChange(path.join(PROJECT_ROOT, input)) <= manifest.mtimeMs);
}

/**
 * For a test run on its own (`vitest run …`, `npm test -- unit`): builds unless the bundles of a
 * build are there and current. `npm test` has just built, so this builds nothing there.
 */
export function ensureNetlifyBuild(): void {
  if (netlifyBuildIsCurrent()) return;
  // Not vitest's NODE_ENV=test: Vite then bundles React's development build into dist/, which the
  // end-to-end tests serve next (the booking page's first step weighed 152 kB against 90 kB).
  const { NODE_ENV: _test, ...env } = process.env;
  const result = spawnSync(NETLIFY_BIN, NETLIFY_BUILD_ARGS, {
    cwd: PROJECT_ROOT,
    env: { ...env, ...netlifyBuildEnv() },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(
      `netlify build --offline failed (${result.status}):\n${(result.stdout + result.stderr).slice(-4000)}`,
    );
}
