import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BlogPostsResponseSchema } from '../../src/domain/api.ts';

const BLOG_DIR = path.resolve(import.meta.dirname, '../../content/blog');

/** The published posts in content/blog, by slug (the file name), read independently of Astro. */
function publishedSlugs(): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(BLOG_DIR).filter((f) => f.endsWith('.md'));
  } catch {
    return [];
  }
  return files
    .filter(
      (f) => !/^draft:\s*true\s*$/m.test(readFileSync(path.join(BLOG_DIR, f), 'utf8').split(/^---\s*$/m)[1] ?? ''),
    )
    .map((f) => f.slice(0, -3))
    .sort();
}

test('GET /v1.0.1/cms/blog/posts answers every published post keyed by slug, as JSON, through the real server', async ({
  request,
}) => {
  const response = await request.get('/v1.0.1/cms/blog/posts');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers()['cache-control']).toMatch(/max-age=300/);
  const posts = BlogPostsResponseSchema.parse(await response.json());
  expect(Object.keys(posts).sort()).toEqual(publishedSlugs());

  const dates = Object.values(posts).map((p) => p.pubDate);
  expect(dates).toEqual([...dates].sort().reverse()); // newest first
  for (const [slug, post] of Object.entries(posts)) {
    expect(post.slug).toBe(slug);
    expect(post.url).toBe(`/blog/post/${slug}`);
    expect(post.title.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(post.pubDate))).toBe(false);
    // The cover is a built asset the same server serves.
    expect(post.cover).toMatch(/^\/_astro\/[^/]+\.(webp|svg|avif|png|jpe?g)$/);
    const cover = await request.get(post.cover!);
    expect(cover.status()).toBe(200);
    expect(cover.headers()['content-type']).toMatch(/^image\//);
  }
});

test('the blog post list answers GET and HEAD from the file, and refuses every other method as the other endpoints do', async ({
  request,
}) => {
  const head = await request.head('/v1.0.1/cms/blog/posts');
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toBe('application/json; charset=utf-8');
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    const response = await request.fetch('/v1.0.1/cms/blog/posts', { method, data: {} });
    expect(response.status(), method).toBe(405);
    expect(response.headers()['allow'], method).toBe('GET, HEAD, OPTIONS');
    expect(await response.json(), method).toEqual({ error: `Method ${method} not allowed` });
  }
  const options = await request.fetch('/v1.0.1/cms/blog/posts', { method: 'OPTIONS' });
  expect(options.status()).toBe(204);
  expect(options.headers()['allow']).toBe('GET, HEAD, OPTIONS');
});
