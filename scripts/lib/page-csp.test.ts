import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineContent, pagePolicy, writePageCsp } from './page-csp.ts';

// MDN's example: the hash of the script text `alert(1)`, as a browser computes it.
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? null;

describe('inline content of a built page', () => {
  it('hashes the exact text of inline scripts, classic and module, and of style elements', () => {
    const html = '<head><script>alert(1)</script><script type="module">alert(1)</script><style>a{}</style></head>';
    const content = inlineContent(html);
    expect(content.scripts).toEqual([ALERT_HASH, ALERT_HASH]);
    expect(content.styles).toHaveLength(1);
    expect(content.styles[0]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('leaves out what the policy does not concern: external scripts and JSON-LD data blocks', () => {
    const html =
      '<script src="/_astro/a.js" type="module"></script><script type="application/ld+json">{"@type":"Thing"}</script>';
    expect(inlineContent(html).scripts).toEqual([]);
  });

  it('finds inline event handler attributes, but not the same words inside a script', () => {
    expect(inlineContent('<a href="/x" onclick="go()">x</a><img src=x onerror=alert(1)>').handlers).toEqual([
      'onclick',
      'onerror',
    ]);
    expect(
      inlineContent('<script>el.onclick = go; var x = a <b && c onload=1</script><p>Tap on the button</p>').handlers,
    ).toEqual([]);
  });

  it('notices a fingerprint key on the page', () => {
    expect(
      inlineContent('<section id="privacy-banner" data-fingerprint-key="abc123" hidden></section>').fingerprint,
    ).toBe(true);
    expect(inlineContent('<section id="privacy-banner" hidden></section>').fingerprint).toBe(false);
  });
});

describe('the page policy', () => {
  const policy = pagePolicy({ scripts: [ALERT_HASH, ALERT_HASH], styles: ["'sha256-style='"], fingerprint: false });

  it('allows scripts only from the site and by hash: no unsafe-inline, no eval', () => {
    expect(directive(policy, 'script-src')).toEqual(["'self'", ALERT_HASH]);
    expect(policy).not.toMatch(/unsafe-eval|strict-dynamic|\*/);
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'sha256-style='"]);
  });

  it('refuses framing, plugins, <base> and forms to elsewhere', () => {
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
  });

  it("allows pictures from the site and inline placeholders, and DatoCMS's image CDN only for a build from DatoCMS", () => {
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:']);
    const fromCms = pagePolicy(
      { scripts: [], styles: [], fingerprint: false },
      { imageOrigins: ['https://www.datocms-assets.com'] },
    );
    expect(directive(fromCms, 'img-src')).toEqual(["'self'", 'data:', 'https://www.datocms-assets.com']);
    expect(directive(fromCms, 'connect-src')).toEqual(["'self'"]);
  });

  it('allows the fingerprint service only when a page carries its key', () => {
    expect(policy).not.toContain('fpjs');
    const withKey = pagePolicy({ scripts: [], styles: [], fingerprint: true });
    expect(directive(withKey, 'script-src')).toEqual(["'self'", 'https://fpjscdn.net']);
    expect(directive(withKey, 'connect-src')).toEqual([
      "'self'",
      'https://fpjscdn.net',
      'https://api.fpjs.io',
      'https://*.api.fpjs.io',
    ]);
  });
});

describe('writing dist/_headers', () => {
  let dist: string;
  afterEach(() => rm(dist, { recursive: true, force: true }));

  async function site(pages: Record<string, string>) {
    dist = await mkdtemp(path.join(os.tmpdir(), 'page-csp-'));
    for (const [file, html] of Object.entries(pages)) {
      await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
      await writeFile(path.join(dist, file), html);
    }
  }

  it("writes one policy with every page's hashes for every path, in a file Netlify's own parser reads", async () => {
    await site({
      'index.html': '<script>alert(1)</script>',
      'b/index.html': '<script>alert(2)</script>',
      '404.html': '<style>p{}</style>',
    });
    await writeFile(path.join(dist, '_headers'), '/rss.xml\n  Content-Type: application/rss+xml\n');
    const { policy, pages } = writePageCsp(dist);
    expect(pages).toBe(3);
    expect(directive(policy, 'script-src')).toHaveLength(3);

    const { headers, errors } = await parseAllHeaders({
      headersFiles: [path.join(dist, '_headers')],
      configHeaders: [],
      minimal: false,
    });
    expect(errors).toEqual([]);
    expect(headers.find((h) => h.for === '/*')?.values).toEqual({ 'Content-Security-Policy': policy });
    // A _headers that public/ put there keeps its rules.
    expect(headers.find((h) => h.for === '/rss.xml')?.values).toEqual({ 'Content-Type': 'application/rss+xml' });
    expect(await readFile(path.join(dist, '_headers'), 'utf8')).toContain('Written by the build');
  });

  it('fails the build on an inline event handler, naming the page', async () => {
    await site({ 'index.html': '<p>ok</p>', 'dev/page/index.html': '<a href="/" onclick="go()">Go</a>' });
    expect(() => writePageCsp(dist)).toThrow(/dev\/page\/index\.html: onclick/);
  });
});
