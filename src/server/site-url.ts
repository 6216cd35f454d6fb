import { env } from './env.ts';

/**
 * The public address links in messages and payment pages point at: `URL`, which Netlify sets on
 * every deploy and the local servers set to their own address (`npm start`, `npm run dev`, tests),
 * else the address the request came to. Never a guessed default that points somewhere else.
 */
export function siteUrl(req?: Request): string {
  const configured = env().URL;
  if (configured) return configured.replace(/\/+$/, '');
  if (req) return new URL(req.url).origin;
  throw new Error('URL is not set: the site does not know its own address (set URL, as Netlify does)');
}
