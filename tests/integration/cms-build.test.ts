import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient } from '@datocms/cma-client-node';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import previewLinksHandler from '../../netlify/functions/cms-preview-links.ts';
import * as preview from '../../netlify/functions/cms-preview.ts';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/lib/browser.ts';
import { importContent } from '../../src/cms/import.ts';
import { setupCms } from '../../src/cms/setup.ts';
import { buildSite } from '../helpers/build-site.ts';
import { assetsMappedEnv, DATOCMS_ASSETS, routeAssetsToFake } from '../helpers/datocms-assets.ts';
import { startFakeDatoCms, type FakeDatoCms } from '../helpers/fake-datocms.ts';
import { routed } from '../helpers/netlify-context.ts';

const previewHandler = routed(preview);

/**
 * The site built from DatoCMS against the site built from content/, for the same content:
 * content/ is imported into a local server that answers like DatoCMS (`npm run cms:import`), then the
 * site is built twice, without and with DATOCMS_API_TOKEN. The same pages come out, the same words and
 * markup; only where the pictures live differs (our build's /_astro/ files, or DatoCMS's image CDN).
 * A draft, and the draft edit of a published post, stay out of the public build; the editor's preview
 * shows them in the built post markup.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const PREVIEW_SECRET = 'editor-preview-secret-123';
let dato: FakeDatoCms;
let work: string;
let files: string;
let cms: string;

const withoutCms = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('DATOCMS_') && k !== 'NETLIFY_BUILD_HOOK_URL'),
  );

beforeAll(async () => {
  // The pictures' URLs are production's (DatoCMS's image CDN), mapped onto the fake for the build's
  // downloads and the browser below.
  dato = await startFakeDatoCms({ assetsOrigin: DATOCMS_ASSETS });
  work = await mkdtemp(path.join(os.tmpdir(), 'cms-build-'));
  await setupCms({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl, log: () => undefined });
  await importContent({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl, root, log: () => undefined });
  const client = buildClient({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl });
  const blog = (await client.itemTypes.list()).find((t) => t.api_key === 'blog_post')!;
  const howOften = (await client.items.list({ filter: { type: 'blog_post' } })).find(
    (i) => i.slug === 'how-often-should-you-groom-your-dog',
  )!;
  // A published post edited since (its draft must not show), and a post never published.
  await client.items.update(howOften.id, { title: 'An edit still in draft' });
  await client.items.create({
    item_type: { type: 'item_type', id: blog.id },
    title: 'A post <em>not</em> public yet',
    slug: 'a-draft-post',
    seo: {
      title: null,
      description: 'Drafts stay out of the public build.',
      image: null,
      twitter_card: null,
      no_index: false,
    },
    pub_date: '2026-11-20',
    updated_date: null,
    author: 'The Leyton Dog Grooming team',
    cover: howOften.cover as never,
    tags: 'drafts, previews',
    body: '## A draft\n\nWritten, *not yet* published.',
  });
  files = await buildSite(root, work, 'files', withoutCms());
  cms = await buildSite(
    root,
    work,
    'datocms',
    assetsMappedEnv(dato.base, { ...withoutCms(), DATOCMS_API_TOKEN: dato.tokens.read, DATOCMS_BASE_URL: dato.base }),
  );
}, 600_000);
afterAll(async () => {
  await dato?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('_astro/'))
    .sort();
}

/** Where a picture lives is all that may differ: our build's files or DatoCMS's image CDN. */
function normalise(html: string): string {
  return (
    html
      .replace(/ (srcset|sizes)="[^"]*"/g, '')
      .replace(/&quot;srcSet&quot;:\[0,&quot;.*?&quot;\]/g, 'SRCSET')
      .replace(/data:image\/webp;base64,[A-Za-z0-9+/=]+/g, 'PLACEHOLDER')
      .replace(/https:\/\/www\.datocms-assets\.com\/[^"\s,]*?(?=&quot;|"|\s|,)/g, 'IMAGE')
      .replace(/\/_astro\/[\w.-]+\.(svg|webp|png|avif|jpe?g)/g, 'IMAGE')
      .replace(/ uid="[^"]*"/g, '')
      // astro:assets marks its own <img> for its layout styles, which these pages do not use.
      .replace(/ data-image-component="true"/g, '')
  );
}

describe('a build from DatoCMS', () => {
  it('makes the same files as a build from content/', async () => {
    const [a, b] = [await listFiles(files), await listFiles(cms)];
    expect(b).toEqual(a);
    expect(a).toContain('blog/post/how-often-should-you-groom-your-dog/index.html');
  });

  it('makes the same pages: the same words and markup, pictures from the image CDN', async () => {
    const pages = (await listFiles(files)).filter((f) => f.endsWith('.html') || f.endsWith('.xml'));
    let cdnPictures = 0;
    for (const page of pages) {
      const [a, b] = [await readFile(path.join(files, page), 'utf8'), await readFile(path.join(cms, page), 'utf8')];
      cdnPictures += (b.match(/https:\/\/www\.datocms-assets\.com\//g) ?? []).length;
      expect(normalise(b), page).toBe(normalise(a));
    }
    expect(cdnPictures).toBeGreaterThan(10);
    const home = await readFile(path.join(cms, 'index.html'), 'utf8');
    // The slideshow's pictures are WebP from the image CDN with DatoCMS's base64 placeholder first.
    expect(home).toMatch(
      /&quot;src&quot;:\[0,&quot;https:\/\/www\.datocms-assets\.com\/[^&]+poodle\.svg\?auto=format&amp;fit=max&amp;fm=webp&amp;w=\d+&quot;/,
    );
    expect(home).toMatch(/&quot;lowRes&quot;:\[0,&quot;data:image\/webp;base64,/);
  });

  it('keeps the order editors give: showcase pictures, and questions by topic in order of first appearance', async () => {
    const faq = JSON.parse(await readFile(path.join(root, 'content/faq.json'), 'utf8')) as Array<{ topic: string }>;
    const topics = [...new Set(faq.map((q) => q.topic))].map(
      (t) =>
        `topic-${t
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}`,
    );
    for (const dir of [files, cms]) {
      const page = await readFile(path.join(dir, 'frequently-asked-questions/index.html'), 'utf8');
      expect([...page.matchAll(/<section class="faq-topic"[^>]*aria-labelledby="([^"]+)"/g)].map((m) => m[1])).toEqual(
        topics,
      );
      const home = await readFile(path.join(dir, 'index.html'), 'utf8');
      expect([...home.matchAll(/&quot;id&quot;:\[0,&quot;([a-z-]+)&quot;\]/g)].map((m) => m[1])).toEqual([
        'poodle',
        'westie',
        'cockapoo',
        'dachshund',
        'spaniel',
        'golden-retriever',
      ]);
    }
  });

  it('serves the same posts at /v1.0.1/cms/blog/posts', async () => {
    const read = async (dir: string) =>
      JSON.parse(await readFile(path.join(dir, 'v1.0.1/cms/blog/posts'), 'utf8')) as Record<string, { cover: string }>;
    const [a, b] = [await read(files), await read(cms)];
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const slug of Object.keys(a)) {
      expect(b[slug]!.cover).toMatch(/^https:\/\/www\.datocms-assets\.com\/.+fm=webp.+w=1200$/);
      expect({ ...b[slug], cover: 'IMAGE' }).toEqual({ ...a[slug], cover: 'IMAGE' });
    }
  });

  it('makes the same social picture of each post', async () => {
    const png = 'blog/post/matted-coats-why-we-sometimes-shave.png';
    expect((await readFile(path.join(cms, png))).equals(await readFile(path.join(files, png)))).toBe(true);
  });

  it('never shows a draft: neither a new post nor the draft edit of a published one', async () => {
    const all = await listFiles(cms);
    expect(all.some((f) => f.includes('a-draft-post'))).toBe(false);
    for (const file of ['blog/index.html', 'index.html', 'rss.xml', 'sitemap-0.xml', 'v1.0.1/cms/blog/posts']) {
      const text = await readFile(path.join(cms, file), 'utf8');
      expect(text, file).not.toContain('a-draft-post');
      expect(text, file).not.toContain('An edit still in draft');
    }
    expect(
      await readFile(path.join(cms, 'blog/post/how-often-should-you-groom-your-dog/index.html'), 'utf8'),
    ).toContain('>How often should you groom your dog?</h1>');
  });
});

/**
 * The CMS build in a real browser, with the Content-Security-Policy the build wrote into _headers:
 * the pages that show DatoCMS's pictures (the home page's showcase, the blog and a post) load them
 * from DatoCMS's image CDN, and Chromium reports no violation of the policy on the way.
 */
describe('the CMS build in Chromium', () => {
  let site: Server;
  let origin: string;
  let browser: Browser;
  let policy: string;
  const TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.webp': 'image/webp',
    '.png': 'image/png',
    '.woff2': 'font/woff2',
    '.json': 'application/json',
  };
  beforeAll(async () => {
    policy = /^\s*Content-Security-Policy:\s*(.+)$/m.exec(await readFile(path.join(cms, '_headers'), 'utf8'))![1]!;
    // The built files as Netlify serves them, with the one policy the build wrote for every path.
    site = createServer(async (req, res) => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = path.join(cms, pathname, pathname.endsWith('/') ? 'index.html' : '');
      try {
        const body = await readFile(file).catch(() => readFile(path.join(file, 'index.html')));
        const type = TYPES[path.extname(file)] ?? (path.extname(file) ? 'application/octet-stream' : TYPES['.html']!);
        res.writeHead(200, { 'content-type': type, 'content-security-policy': policy }).end(body);
      } catch {
        res.writeHead(404, { 'content-security-policy': policy }).end('not found');
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    browser = await chromium.launch({ executablePath: findChromium('tests'), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  });

  /** Opens `page`, brings every island into view, and reports what the browser saw. */
  async function visit(page: string) {
    const context = await browser.newContext();
    const served = await routeAssetsToFake(context, dato.base);
    const tab = await context.newPage();
    const violations: string[] = [];
    tab.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await tab.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const w = window as unknown as { cspViolations?: number };
        w.cspViolations = (w.cspViolations ?? 0) + 1;
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await tab.goto(`${origin}${page}`, { waitUntil: 'load' });
    // Islands hydrate when they come into view (the slideshow then asks for its pictures).
    await tab.evaluate(async () => {
      for (let y = 0; y <= document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    // Until a CDN picture is shown, or the policy has blocked one.
    await tab.waitForFunction(
      (cdn) =>
        (window as unknown as { cspViolations?: number }).cspViolations ||
        [...document.images].some((i) => i.currentSrc.startsWith(cdn) && i.complete && i.naturalWidth > 0),
      DATOCMS_ASSETS,
      { timeout: 15_000 },
    );
    await tab.waitForLoadState('networkidle');
    const shown = await tab.evaluate(
      (cdn) => [...document.images].filter((i) => i.currentSrc.startsWith(cdn) && i.naturalWidth > 0).length,
      DATOCMS_ASSETS,
    );
    await context.close();
    return { violations, shown, served: served() };
  }

  it.each([
    ['/', 'the showcase slideshow'],
    ['/blog/', 'the blog list'],
    ['/blog/post/matted-coats-why-we-sometimes-shave/', 'a post'],
  ])(
    '%s (%s) shows its DatoCMS pictures with no CSP violation',
    async (page) => {
      const seen = await visit(page);
      expect(seen.violations).toEqual([]);
      expect(seen.shown).toBeGreaterThan(0);
      expect(seen.served).toBeGreaterThan(0);
    },
    30_000,
  );

  it("sees the violations of a policy that leaves DatoCMS's image CDN out (the check can fail)", async () => {
    const built = policy;
    policy = policy.replace(/img-src [^;]*/, "img-src 'self' data:");
    try {
      const seen = await visit('/blog/');
      expect(seen.violations.length).toBeGreaterThan(0);
      expect(seen.violations.join('\n')).toContain(DATOCMS_ASSETS);
      expect(seen.served).toBe(0);
    } finally {
      policy = built;
    }
  }, 30_000);
});

describe("the editor's draft preview", () => {
  let site: Server;
  let origin: string;
  let policy: string;
  beforeAll(async () => {
    policy = /^\s*Content-Security-Policy:\s*(.+)$/m.exec(await readFile(path.join(cms, '_headers'), 'utf8'))![1]!;
    // The CMS build, served as Netlify serves it (with the policy of its _headers): the preview reads
    // its template from there.
    site = createServer(async (req, res) => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = path.join(cms, pathname, pathname.endsWith('/') ? 'index.html' : '');
      try {
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': policy })
          .end(await readFile(file));
      } catch {
        res.writeHead(404).end('not found');
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    process.env.DATOCMS_BASE_URL = dato.base;
    process.env.DATOCMS_PREVIEW_TOKEN = dato.tokens.preview;
    process.env.DATOCMS_PREVIEW_SECRET = PREVIEW_SECRET;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  const preview = (slug: string, secret: string | null = PREVIEW_SECRET) =>
    (previewHandler as (r: Request, c: unknown) => Promise<Response>)(
      new Request(`${origin}/preview/blog/${slug}${secret === null ? '' : `?secret=${encodeURIComponent(secret)}`}`),
      { params: { slug } },
    );
  const article = (html: string) =>
    /<article class="post"[\s\S]*?<\/section><\/article>/
      .exec(html)![0]
      .replace(
        /<div class="prose post__body"[^>]*>[\s\S]*?<\/div><(ul|aside)/,
        '<div class="prose post__body">BODY</div><$1',
      );

  it("shows a draft to the editor, in the post's own markup, never indexed or cached", async () => {
    const res = await preview('a-draft-post');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store, private');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('A post &lt;em&gt;not&lt;/em&gt; public yet');
    expect(html).toContain('<h2>A draft</h2>');
    expect(html).toContain('Written, <em>not yet</em> published.');
    expect(html).toContain('>drafts</li>');
    expect(html).toContain('Draft preview');
    expect(html).not.toContain('__PREVIEW_');
    const sent = dato.requests.filter((r) => r.api === 'graphql').at(-1)!;
    expect(sent.headers).toMatchObject({ 'x-include-drafts': 'true', authorization: `Bearer ${dato.tokens.preview}` });
  });

  it("carries the policy the template page was served with, which allows the preview's every inline script and style, and the site's security headers", async () => {
    const res = await preview('a-draft-post');
    expect(res.headers.get('content-security-policy')).toBe(policy);
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    const allowed = (directive: string) => new RegExp(`(?:^|; )${directive} ([^;]*)`).exec(policy)![1]!.split(' ');
    const hashes = (tag: string) =>
      [...html.matchAll(new RegExp(`<${tag}(?![^>]*\\ssrc=)(?![^>]*ld\\+json)[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map(
        ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
      );
    expect(hashes('script').length).toBeGreaterThan(0);
    for (const hash of hashes('script')) expect(allowed('script-src')).toContain(hash);
    for (const hash of hashes('style')) expect(allowed('style-src')).toContain(hash);
    // The editor's notices (a wrong secret here) carry the smallest policy.
    const refused = await preview('a-draft-post', 'wrong-secret-0000');
    expect(refused.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    expect(refused.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });

  it('shows a published post exactly as its page, but for the text DatoCMS renders', async () => {
    const slug = 'matted-coats-why-we-sometimes-shave';
    const html = await (await preview(slug)).text();
    const page = await readFile(path.join(cms, `blog/post/${slug}/index.html`), 'utf8');
    expect(article(html)).toBe(article(page));
  });

  it('shows the latest version of a published post, the draft edit included', async () => {
    expect(await (await preview('how-often-should-you-groom-your-dog')).text()).toContain('An edit still in draft');
  });

  it.each([
    ['no secret', null],
    ['a wrong secret', 'editor-preview-secret-124'],
    ['an empty secret', ''],
  ])('refuses %s without asking DatoCMS', async (_, secret) => {
    const before = dato.requests.length;
    const res = await preview('a-draft-post', secret);
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store, private');
    expect(await res.text()).not.toContain('not public yet');
    expect(dato.requests.length).toBe(before);
  });

  it('answers 404 for a post that does not exist, even as a draft', async () => {
    expect((await preview('no-such-post')).status).toBe(404);
    expect((await preview('Not_A_Slug')).status).toBe(404);
  });

  describe("links for DatoCMS's Web Previews plugin", () => {
    const ask = (secret: string, body: unknown, method = 'POST') =>
      previewLinksHandler(
        new Request(`${origin}/preview/links?secret=${secret}`, {
          method,
          headers: { 'content-type': 'application/json', origin: 'https://plugins-cdn.datocms.com' },
          ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
        }),
      );
    const record = (status: string) => ({
      item: { id: '1', type: 'item', attributes: { slug: 'a-draft-post', title: 'x' }, meta: { status } },
      itemType: { id: '2', type: 'item_type', attributes: { api_key: 'blog_post' } },
      environmentId: 'main',
      locale: 'en',
    });

    it('gives the draft preview link of a post, and its page once published', async () => {
      const draft = await ask(PREVIEW_SECRET, record('draft'));
      expect(draft.headers.get('access-control-allow-origin')).toBe('*');
      expect(await draft.json()).toEqual({
        previewLinks: [{ label: 'Draft preview', url: `${origin}/preview/blog/a-draft-post?secret=${PREVIEW_SECRET}` }],
      });
      const live = (await (await ask(PREVIEW_SECRET, record('updated'))).json()) as {
        previewLinks: { label: string }[];
      };
      expect(live.previewLinks.map((l) => l.label)).toEqual(['Draft preview', 'Published page']);
      const faq = await ask(PREVIEW_SECRET, { ...record('draft'), itemType: { attributes: { api_key: 'faq_entry' } } });
      expect(await faq.json()).toEqual({ previewLinks: [] });
    });

    it("answers the browser's CORS check, and refuses a wrong secret", async () => {
      const options = await ask(PREVIEW_SECRET, null, 'OPTIONS');
      expect(options.status).toBe(204);
      expect(options.headers.get('access-control-allow-methods')).toContain('POST');
      const wrong = await ask('wrong-secret', record('draft'));
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).not.toContain(PREVIEW_SECRET);
    });
  });
});
