import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { draftContentClient } from '../../cms/config.ts';
import { ContentError } from '../../cms/content-client.ts';
import { BlogPostPreview, remoteImage, type BlogPostPreviewRecord } from '../../cms/queries.ts';
import { env } from '../env.ts';
import { SECURITY_HEADERS } from '../http.ts';
import { NOTICE_POLICY, previewPolicy } from './preview-policy.ts';
import { PREVIEW, PREVIEW_TEMPLATE_PATH } from './preview-template.ts';
import { SHOP_TIME_ZONE } from '../../domain/shop.ts';
import { writtenDay } from '../../domain/written-dates.ts';

/**
 * The editor's draft preview of a blog post (docs/decisions/044): `/preview/blog/<slug>?secret=…`
 * fetches the post's latest version, drafts included (`X-Include-Drafts` with DATOCMS_PREVIEW_TOKEN),
 * and shows it in the site's own blog post markup: the built template page
 * (src/pages/preview-template/blog-post.astro) with its placeholders filled in. Only with the editor's
 * secret (DATOCMS_PREVIEW_SECRET, compared in constant time); never indexed, never cached, and the
 * secret in the address is never sent on as a referrer.
 */

/**
 * Every answer of the preview: the site's security headers (a function's answer gets none of the
 * `/*` rule's), never cached or indexed, no referrer (the secret is in the address), and the notice
 * pages' policy; the preview itself carries the template's (preview-policy.ts).
 */
export const PREVIEW_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'content-security-policy': NOTICE_POLICY,
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store, private',
  'x-robots-tag': 'noindex, nofollow, noarchive',
  'referrer-policy': 'no-referrer',
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const when = (day: string) => {
  const date = new Date(day);
  return { iso: date.toISOString().slice(0, 10), text: writtenDay(date, SHOP_TIME_ZONE, { year: true }) };
};

function sameSecret(given: string | null, secret: string): boolean {
  if (!given) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** A small page for the editor when there is nothing to preview. */
function notice(status: number, title: string, text: string): Response {
  const html =
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
  return new Response(html, { status, headers: PREVIEW_HEADERS });
}

/** The template with the draft's values in place of its placeholders. */
export function renderPreview(template: string, post: BlogPostPreviewRecord): string {
  const cover = remoteImage(post.cover, `blog post ${post.slug}`);
  const width = Math.min(960, cover.width);
  const height = Math.round((width * cover.height) / cover.width);
  const text: Record<string, string> = {
    [PREVIEW.pageTitle]: post.seo?.title || post.title,
    [PREVIEW.title]: post.title,
    [PREVIEW.description]: post.seo?.description ?? '',
    [PREVIEW.author]: post.author || 'The Leyton Dog Grooming team',
    [PREVIEW.published]: when(post.pubDate).text,
    [PREVIEW.publishedIso]: when(post.pubDate).iso,
    [PREVIEW.coverAlt]: post.cover.alt ?? '',
  };
  let html = template;
  // The optional parts first, while their placeholders are still there to be found.
  html = post.updatedDate
    ? html
        .replaceAll(PREVIEW.updatedIso, when(post.updatedDate).iso)
        .replaceAll(PREVIEW.updated, escapeHtml(when(post.updatedDate).text))
    : html.replace(new RegExp(` · updated <time[^>]*>${PREVIEW.updated}</time>`), '');
  const tags = (post.tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  html = tags.length
    ? html.replace(new RegExp(`(<li\\b[^>]*>)${PREVIEW.tag}(</li>)`), (_, open: string, close: string) =>
        tags.map((t) => `${open}${escapeHtml(t)}${close}`).join(''),
      )
    : html.replace(new RegExp(`<ul class="post__tags"[^>]*>.*?${PREVIEW.tag}.*?</ul>`, 's'), '');
  html = html.replace(new RegExp(`<img[^>]*${PREVIEW.coverSrc}[^>]*>`), (tag) =>
    tag
      .replace(PREVIEW.coverSrc, escapeHtml(cover.src))
      .replace(` srcset="${PREVIEW.coverSrcSet}"`, cover.srcSet ? ` srcset="${escapeHtml(cover.srcSet)}"` : '')
      .replace(/ width="\d+" height="\d+"/, ` width="${width}" height="${height}"`),
  );
  for (const [placeholder, value] of Object.entries(text)) html = html.replaceAll(placeholder, escapeHtml(value));
  // DatoCMS's HTML of the editor's own Markdown, as the published page renders it at build time.
  html = html.replace(PREVIEW.body, () => post.bodyHtml ?? '');
  const banner =
    '<p role="status" style="margin:0;max-width:none;padding:.6rem 1rem;background:#b8431c;color:#fff;text-align:center;font-weight:700">' +
    'Draft preview: only people with the preview link see this. Publish the post in DatoCMS to put it on the site.</p>';
  return html.replace(/<body([^>]*)>/, (tag) => `${tag}${banner}`);
}

export async function previewBlogPost(req: Request, slug: string | undefined): Promise<Response> {
  const config = env();
  const client = draftContentClient(config);
  if (!client || !config.DATOCMS_PREVIEW_SECRET)
    return notice(404, 'Previews are not set up', 'This site has no DatoCMS preview token and secret configured.');
  const url = new URL(req.url);
  if (!sameSecret(url.searchParams.get('secret'), config.DATOCMS_PREVIEW_SECRET)) {
    return notice(
      401,
      'This preview link is not valid',
      'Open the preview from the post in DatoCMS: its link carries the secret this page needs.',
    );
  }
  if (!slug || !SLUG.test(slug))
    return notice(404, 'No such post', 'A post address is lower-case words joined by hyphens.');
  let post: BlogPostPreviewRecord | null;
  try {
    post = await client.request(BlogPostPreview, { slug });
  } catch (error) {
    console.error('preview:', error instanceof ContentError ? `${error.status} ${error.body.slice(0, 500)}` : error);
    return notice(
      502,
      'DatoCMS did not answer',
      'The preview could not read the post from DatoCMS. Try again in a minute.',
    );
  }
  if (!post)
    return notice(
      404,
      'No such post',
      `There is no post at /blog/post/${slug}, not even a draft. Check its address in DatoCMS.`,
    );
  const template = await fetch(new URL(PREVIEW_TEMPLATE_PATH, url.origin), {
    signal: AbortSignal.timeout(8_000),
  }).catch(() => null);
  if (!template?.ok)
    return notice(
      502,
      'The preview page is missing',
      'The site has no preview template: it is made by the build. Rebuild the site.',
    );
  return new Response(renderPreview(await template.text(), post), {
    status: 200,
    headers: {
      ...PREVIEW_HEADERS,
      'content-security-policy': previewPolicy(template.headers.get('content-security-policy')),
    },
  });
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
};

const PreviewLinksRequest = z
  .object({
    item: z
      .object({
        attributes: z.record(z.string(), z.unknown()).optional(),
        meta: z.object({ status: z.string().optional() }).loose().optional(),
      })
      .loose(),
    itemType: z.object({ attributes: z.object({ api_key: z.string() }).loose() }).loose(),
  })
  .loose();

/**
 * The "previews webhook" of DatoCMS's Web Previews plugin: given the record an editor has open,
 * the links to preview it (and to see it live, once published). Called from the editor's browser,
 * so it answers CORS; it needs the preview secret in its own address, and only then hands out links
 * that carry it.
 */
export async function previewLinks(req: Request): Promise<Response> {
  const headers = {
    ...CORS,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
  };
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST')
    return new Response(JSON.stringify({ error: 'Use POST' }), {
      status: 405,
      headers: { ...headers, allow: 'POST, OPTIONS' },
    });
  const secret = env().DATOCMS_PREVIEW_SECRET;
  const url = new URL(req.url);
  if (!secret || !sameSecret(url.searchParams.get('secret'), secret)) {
    return new Response(JSON.stringify({ error: 'Missing or wrong preview secret' }), { status: 401, headers });
  }
  let body: z.infer<typeof PreviewLinksRequest>;
  try {
    body = PreviewLinksRequest.parse(await req.json());
  } catch {
    return new Response(JSON.stringify({ error: 'The body is not a Web Previews request' }), { status: 400, headers });
  }
  const links: { label: string; url: string }[] = [];
  const slug = body.item.attributes?.slug;
  if (body.itemType.attributes.api_key === 'blog_post' && typeof slug === 'string' && SLUG.test(slug)) {
    links.push({
      label: 'Draft preview',
      url: `${url.origin}/preview/blog/${slug}?secret=${encodeURIComponent(secret)}`,
    });
    const status = body.item.meta?.status;
    if (status === 'published' || status === 'updated')
      links.push({ label: 'Published page', url: `${url.origin}/blog/post/${slug}` });
  }
  return new Response(JSON.stringify({ previewLinks: links }), { status: 200, headers });
}
