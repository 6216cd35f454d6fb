import type { Config, Context } from '@netlify/functions';
import { PREVIEW_HEADERS, previewBlogPost } from '../../src/server/cms/preview.ts';

/**
 * The editor's draft preview of a blog post: /preview/blog/<slug>?secret=… (src/server/cms/preview.ts,
 * docs/decisions/044). Not indexed, not cached.
 */
export default async (req: Request, context: Pick<Context, 'params'>) => {
  if (req.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: { ...PREVIEW_HEADERS, allow: 'GET, HEAD, OPTIONS' } });
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return new Response('Method not allowed', {
      status: 405,
      headers: { ...PREVIEW_HEADERS, 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD, OPTIONS' },
    });
  }
  try {
    const response = await previewBlogPost(req, context.params.slug);
    return req.method === 'HEAD'
      ? new Response(null, { status: response.status, headers: response.headers })
      : response;
  } catch (error) {
    console.error('preview failed:', error);
    return new Response('The preview failed. Try again in a minute.', {
      status: 500,
      headers: { ...PREVIEW_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
    });
  }
};

export const config: Config = { path: '/preview/blog/:slug' };
