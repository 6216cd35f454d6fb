import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { MODULE_PRELOAD_SLOT } from '../../src/client/guard-head.ts';

/**
 * Modulepreload for every module a staff page's island and guard import statically
 * (docs/decisions/077-the-staff-shell.md). A `client:only` island's imports are found one level at
 * a time, each level a round trip after the last (the page chunk, then the API client, then its
 * stores…), before React can draw anything; asked for from the head, they download at once. The
 * list goes into the guard's head script (src/client/guard-head.ts), which adds the links only when
 * a key is there: as `<link>` tags the browser's preload scanner would fetch them for a signed-out
 * visitor too, who is on the way to the login page. Dynamic imports (the dashboard's charts,
 * passkeys) stay on demand. Only under /management: the public pages' islands load late on purpose
 * (decisions 020, 055).
 */

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g;

/** The `/_astro/…` scripts a page loads first: its islands, their renderer, its module scripts. */
export function entryScripts(html: string): string[] {
  const found = [
    ...html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g),
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="(\/_astro\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  return [...new Set(found)];
}

/** Every module `entries` import statically, directly or not, entries included; `read` gives a module's text. */
export function staticClosure(entries: string[], read: (url: string) => string | null): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    const text = read(url);
    if (text === null) return;
    seen.add(url);
    for (const m of text.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(url), m[1]!));
  };
  entries.forEach(visit);
  return [...seen];
}

/** The page with its modules listed in the guard's head script; a page without the script is left as it is. */
export function withModulePreloads(html: string, read: (url: string) => string | null): string {
  if (!html.includes(MODULE_PRELOAD_SLOT)) return html;
  return html.replace(MODULE_PRELOAD_SLOT, JSON.stringify(staticClosure(entryScripts(html), read)));
}

function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
}

export function staffPreload(): AstroIntegration {
  return {
    name: 'staff-preload',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const root = fileURLToPath(dir);
        const read = (url: string) => {
          const file = path.join(root, url);
          return existsSync(file) ? readFileSync(file, 'utf8') : null;
        };
        for (const file of htmlFiles(path.join(root, 'management'))) {
          const html = readFileSync(file, 'utf8');
          const next = withModulePreloads(html, read);
          if (next !== html) writeFileSync(file, next);
        }
      },
    },
  };
}
