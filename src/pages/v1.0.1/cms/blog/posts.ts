import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { getImage } from 'astro:assets';
import type { RemoteImage } from '../../../../cms/queries.ts';
import type { BlogPosts } from '../../../../domain/api.ts';

/**
 * `GET /v1.0.1/cms/blog/posts` (contract §7, stored by the client as `blog_posts`): the published
 * posts keyed by slug, newest first. Built with the site from the same `blog` collection as the
 * blog pages (from content/ or DatoCMS, src/content.config.ts), so the list can never disagree with them, and served as a static file: no function
 * runs and nothing is queried. netlify.toml gives it its JSON content type and a short cache; the
 * build that publishes a post refreshes it. See docs/decisions/015-blog-posts-as-a-static-endpoint.md.
 */
export const prerender = true;

const COVER_WIDTH = 1200;

export const GET: APIRoute = async () => {
  const posts = (await getCollection('blog', ({ data }) => !data.draft)).sort(
    (a, b) => b.data.pubDate.getTime() - a.data.pubDate.getTime() || a.id.localeCompare(b.id),
  );
  const answer: BlogPosts = {};
  for (const post of posts) {
    answer[post.id] = {
      slug: post.id,
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.pubDate.toISOString(),
      url: `/blog/post/${post.id}`,
      cover: await coverUrl(post.data.cover),
      coverAlt: post.data.coverAlt,
    };
  }
  return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};

/**
 * The built URL of the cover: vector art as it is, a photo as a WebP no wider than the page needs
 * (a DatoCMS cover is already that WebP on its image CDN).
 */
async function coverUrl(cover: ImageMetadata | RemoteImage | undefined): Promise<string | null> {
  if (!cover) return null;
  if ('kind' in cover) return cover.src;
  if (cover.format === 'svg') return cover.src;
  const image = await getImage({ src: cover, width: Math.min(COVER_WIDTH, cover.width), format: 'webp' });
  return image.src;
}
