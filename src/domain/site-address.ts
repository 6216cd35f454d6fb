/**
 * The public address links are made with (payment return links, links in messages) on each kind of
 * Netlify deploy. Netlify sets `URL` (production's address) on every deploy, and on a deploy preview
 * or branch deploy `CONTEXT` and `DEPLOY_PRIME_URL` (that deploy's own address) at build time. A
 * customer paying on a preview must come back to the preview: its bookings live in its database, and
 * production has never heard of them (docs/decisions/064).
 */
export interface DeployAddress {
  /** Netlify's `URL`: the production address. */
  url?: string | undefined;
  /** Netlify's `CONTEXT` (or the runtime's `context.deploy.context`): production, deploy-preview, branch-deploy, dev. */
  context?: string | undefined;
  /** Netlify's `DEPLOY_PRIME_URL`: this deploy's address. */
  deployPrimeUrl?: string | undefined;
  /** Where the request being answered came to, when there is one. */
  requestOrigin?: string | undefined;
}

const trim = (address: string) => address.replace(/\/+$/, '');

/**
 * Production (or no context at all, as under `npm start`): `URL`, else the request's address. Any
 * other context: the deploy's own address, `DEPLOY_PRIME_URL`; functions are not given it at run time,
 * so there the address the request came to, which on a preview is the preview's. Null when nothing
 * says where the site is: a guessed address would put wrong links in messages.
 */
export function publicSiteUrl(d: DeployAddress): string | null {
  const preview = Boolean(d.context) && d.context !== 'production';
  const order = preview ? [d.deployPrimeUrl, d.requestOrigin, d.url] : [d.url, d.requestOrigin];
  const found = order.find((a): a is string => Boolean(a));
  return found ? trim(found) : null;
}
