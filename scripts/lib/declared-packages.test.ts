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
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies?: object; devDependencies?: object };
const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
const SKIP = new Set(['node_modules', 'dist', '.astro', '.netlify', '.git', 'test-results', 'playwright-report', 'bench-results']);

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

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

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
});
