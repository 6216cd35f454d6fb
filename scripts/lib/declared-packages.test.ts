import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every package the code imports is declared in package.json (docs/decisions/058-gates.md). One that
 * only arrives as another package's dependency works until that package drops it, on some future
 * install, on a machine that is not this one.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: object;
  devDependencies?: object;
};
const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
const SKIP = new Set([
  'node_modules',
  'dist',
  '.astro',
  '.netlify',
  '.git',
  'test-results',
  'playwright-report',
  'bench-results',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (SKIP.has(entry)) return [];
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs|astro)$/.test(entry) ? [full] : [];
  });
}

/** The package a bare specifier names: `zod/mini` → `zod`, `@netlify/dev/x` → `@netlify/dev`. */
function packageOf(specifier: string): string | null {
  if (/^(\.|\/|node:|astro:|virtual:|#)/.test(specifier) || specifier.includes('://')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? null : name;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

describe('packages', () => {
  it('every imported package is declared in package.json', () => {
    const missing = new Map<string, string>();
    for (const file of sourceFiles(ROOT)) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const name = packageOf(match[1] ?? match[2] ?? match[3]!);
        if (name && !declared.has(name) && !missing.has(name)) missing.set(name, path.relative(ROOT, file));
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('the lockfile lists every optional dependency, so `npm ci` accepts it on any machine', () => {
    // This registry mirrors only the platform it serves, so `npm install` here leaves other platforms'
    // native bindings out of the lockfile, and `npm ci` then refuses it. They are written in by hand
    // (version, os and cpu); decision 058.
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const absent: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = `${where ? `${where}/` : ''}node_modules/${name}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`])
          absent.push(`${name} (for ${where || 'the project'})`);
      }
    }
    expect(absent).toEqual([]);
  });
});
