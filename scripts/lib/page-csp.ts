import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DATOCMS_ASSETS_ORIGIN } from '../../src/cms/config.ts';
import { env } from '../../src/server/env.ts';

/**
 * The Content-Security-Policy of the pages, written by the build into `dist/_headers` for every path
 * (docs/decisions/048-security-headers-and-csp.md). Scripts and styles written inline into the HTML
 * are allowed by their SHA-256 hashes, read from the built files themselves, so the policy always
 * matches what is served; nothing inline is allowed by `'unsafe-inline'` except `style` attributes.
 */

/** Where the fingerprint loader of contract §7 comes from and calls (src/client/visit.ts), with consent only. */
export const FINGERPRINT_SCRIPT_ORIGIN = 'https://fpjscdn.net';
export const FINGERPRINT_CONNECT_ORIGINS = ['https://fpjscdn.net', 'https://api.fpjs.io', 'https://*.api.fpjs.io'];

export interface InlineContent {
  scripts: string[];
  styles: string[];
  /** Inline event handler attributes (`onclick=…`): the policy blocks them, so the build refuses them. */
  handlers: string[];
  /** The page carries a fingerprint key (SiteScripts renders one only when FINGERPRINT_PUBLIC_KEY is set). */
  fingerprint: boolean;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Inline scripts and styles of one built page, hashed as the browser hashes them: the exact text
 * between the tags (script and style contents are raw text in HTML, never entity-decoded). Data
 * blocks (`application/ld+json`) are not run, so the policy does not concern them.
 */
export function inlineContent(html: string): InlineContent {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = m[1]!;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    scripts.push(sha256(m[2]!));
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) styles.push(sha256(m[1]!));
  // Tags only: script and style contents could mention `onclick=` without being markup.
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  const handlers = [...markup.matchAll(/<[a-z][^>]*?\s(on[a-z]+)\s*=/gi)].map((m) => m[1]!.toLowerCase());
  return { scripts, styles, handlers, fingerprint: /\sdata-fingerprint-key\s*=\s*"[^"]+"/.test(markup) };
}

export interface PolicyOptions {
  /** Where pictures come from besides the site: DatoCMS's image CDN for a build from DatoCMS. */
  imageOrigins?: string[];
}

/** The policy for pages that together carry `content`. */
export function pagePolicy(
  content: Pick<InlineContent, 'scripts' | 'styles' | 'fingerprint'>,
  { imageOrigins = [] }: PolicyOptions = {},
): string {
  const unique = (list: string[]) => [...new Set(list)].sort();
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...unique(content.scripts), ...(content.fingerprint ? [FINGERPRINT_SCRIPT_ORIGIN] : [])]],
    ['style-src', ["'self'", ...unique(content.styles)]],
    // Style attributes (CSS custom properties of the splash and the quality cards, React's SSR
    // output) cannot be hashed without 'unsafe-hashes' for each value; they cannot run script.
    ['style-src-attr', ["'unsafe-inline'"]],
    // data: for the tiny blurred placeholders inlined by the build (decision 019); DatoCMS's image
    // CDN when the content comes from DatoCMS (decision 067).
    ['img-src', ["'self'", 'data:', ...unique(imageOrigins)]],
    ['connect-src', ["'self'", ...(content.fingerprint ? FINGERPRINT_CONNECT_ORIGINS : [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export const HEADERS_FILE_NOTE =
  '# Written by the build (scripts/lib/page-csp.ts, docs/decisions/048): edit the source, not this file.';

/**
 * Reads every built page and writes one policy for every path into `<dist>/_headers`. One policy for
 * the whole site, not one per page: rewritten paths (/b/{id}) and the 404 page get it whatever path
 * Netlify matches headers against, and every hash in it is of the site's own inline code.
 */
export function writePageCsp(dist: string, options: PolicyOptions = {}): { policy: string; pages: number } {
  const files = htmlFiles(dist);
  const all: InlineContent = { scripts: [], styles: [], handlers: [], fingerprint: false };
  const refused: string[] = [];
  for (const file of files) {
    const content = inlineContent(readFileSync(file, 'utf8'));
    all.scripts.push(...content.scripts);
    all.styles.push(...content.styles);
    all.fingerprint ||= content.fingerprint;
    if (content.handlers.length)
      refused.push(`${path.relative(dist, file)}: ${[...new Set(content.handlers)].join(', ')}`);
  }
  if (refused.length) {
    throw new Error(
      `Inline event handler attributes would be blocked by the Content-Security-Policy (use a <script> or data-event instead): ${refused.join('; ')}`,
    );
  }
  const policy = pagePolicy(all, options);
  const file = path.join(dist, '_headers');
  // A _headers from public/ keeps its rules; ours come after them.
  const before = existsSync(file) ? `${readFileSync(file, 'utf8').trimEnd()}\n\n` : '';
  writeFileSync(file, `${before}${HEADERS_FILE_NOTE}\n/*\n  Content-Security-Policy: ${policy}\n`);
  return { policy, pages: files.length };
}

/** The Astro integration: after a build, the policy of what was built. */
export function pageCsp(): AstroIntegration {
  return {
    name: 'page-csp',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // The build reads DatoCMS exactly when it has a token (src/cms/config.ts), and then its
        // pictures are on DatoCMS's image CDN.
        const imageOrigins = env().DATOCMS_API_TOKEN ? [DATOCMS_ASSETS_ORIGIN] : [];
        const { policy, pages } = writePageCsp(fileURLToPath(dir), { imageOrigins });
        const hashes = policy.match(/'sha256-/g)?.length ?? 0;
        logger.info(
          `Content-Security-Policy for ${pages} pages (${hashes} inline script and style hashes) in _headers`,
        );
      },
    },
  };
}
