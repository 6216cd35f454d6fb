/** The published blog posts, newest first (drafts are never built). */
import { getCollection, type CollectionEntry } from 'astro:content';
import { SHOP_TIME_ZONE } from '../domain/shop.ts';
import { writtenDay } from '../domain/written-dates.ts';

export type Post = CollectionEntry<'blog'>;

export async function publishedPosts(): Promise<Post[]> {
  const posts = await getCollection('blog', (p) => !p.data.draft);
  return posts.sort((a, b) => b.data.pubDate.getTime() - a.data.pubDate.getTime());
}

export const postHref = (post: Post) => `/blog/post/${post.id}`;

/** "1 December 2026". */
export const formatDate = (date: Date) => writtenDay(date, SHOP_TIME_ZONE, { year: true });
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
