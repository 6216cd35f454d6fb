import { BlogPostsResponseSchema, type BlogPosts } from '../domain/api-answers.ts';
import { api } from './api.ts';
import { blogPosts } from './store.ts';

/**
 * Spec §7 `GET /cms/blog/posts`: the answer is kept in the store as `blog_posts` (spec §3). Only a 200
 * replaces what is kept, so a failed call leaves the last good copy in place. The blog pages are built
 * from the same content, so no page needs this to render; it is for islands that list posts.
 */
export async function loadBlogPosts(signal?: AbortSignal): Promise<BlogPosts | null> {
  const result = await api('/cms/blog/posts', { schema: BlogPostsResponseSchema, signal });
  if (result.status === 200 && result.data) blogPosts.set(result.data);
  return blogPosts.get();
}
