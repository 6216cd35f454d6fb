import { publicSiteUrl } from '../domain/site-address.ts';
import { env } from './env.ts';

/** Netlify's deploy context at run time, where functions are not given `CONTEXT` (docs/decisions/064). */
function runtimeDeployContext(): string | undefined {
  const netlify = (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } }).Netlify;
  return netlify?.context?.deploy?.context;
}

/**
 * The public address links in messages and payment pages point at (src/domain/site-address.ts):
 * production's `URL`, a deploy preview's own address, else the address the request came to. Never a
 * guessed default that points somewhere else.
 */
export function siteUrl(req?: Request): string {
  const { URL: url, CONTEXT, DEPLOY_PRIME_URL } = env();
  const address = publicSiteUrl({
    url,
    context: CONTEXT ?? runtimeDeployContext(),
    deployPrimeUrl: DEPLOY_PRIME_URL,
    requestOrigin: req ? new URL(req.url).origin : undefined,
  });
  if (address) return address;
  throw new Error('URL is not set: the site does not know its own address (set URL, as Netlify does)');
}
