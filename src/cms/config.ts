import { contentClient, type ContentClient } from './content-client.ts';
import type { CmsEnv } from './env.ts';

export { cmsEnv, type CmsEnv } from './env.ts';

/**
 * Where DatoCMS is, from the settings the caller passes (src/cms/env.ts). With no
 * `DATOCMS_API_TOKEN` the site takes its content from `content/`.
 */
export const DATOCMS_GRAPHQL = 'https://graphql.datocms.com/';
export const DATOCMS_CMA = 'https://site-api.datocms.com';
/**
 * DatoCMS's image CDN: every upload's `url`, so every picture of a build from DatoCMS. The pages'
 * policy allows it in img-src when the build reads DatoCMS (scripts/lib/page-csp.ts, decision 067).
 */
export const DATOCMS_ASSETS_ORIGIN = 'https://www.datocms-assets.com';

/** Tests point both APIs at one local server: its CMA under /cma, its GraphQL at /graphql. */
export function endpoints(config: Pick<CmsEnv, 'DATOCMS_BASE_URL'>): { graphql: string; cma: string } {
  const base = config.DATOCMS_BASE_URL?.replace(/\/$/, '');
  return base ? { graphql: `${base}/graphql`, cma: `${base}/cma` } : { graphql: DATOCMS_GRAPHQL, cma: DATOCMS_CMA };
}

/** The build's client (published records only), or null when the CMS is not configured. */
export function publishedContentClient(config: CmsEnv): ContentClient | null {
  if (!config.DATOCMS_API_TOKEN) return null;
  return contentClient({
    endpoint: endpoints(config).graphql,
    token: config.DATOCMS_API_TOKEN,
    environment: config.DATOCMS_ENVIRONMENT,
  });
}

/** The preview's client (drafts included), or null when previews are not configured. */
export function draftContentClient(config: CmsEnv): ContentClient | null {
  if (!config.DATOCMS_PREVIEW_TOKEN || !config.DATOCMS_PREVIEW_SECRET) return null;
  return contentClient({
    endpoint: endpoints(config).graphql,
    token: config.DATOCMS_PREVIEW_TOKEN,
    environment: config.DATOCMS_ENVIRONMENT,
    includeDrafts: true,
    timeoutMs: 8_000,
  });
}
