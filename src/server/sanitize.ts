import sanitizeHtml from 'sanitize-html';
import { DESCRIPTION_TAGS } from '../domain/service-descriptions.ts';

/**
 * The HTML a service description may carry on the page (contract §3 "description (HTML)"): a few text
 * tags and links with safe schemes. Everything else is dropped, the content of script and style
 * included, so whatever reaches the database (the CMS, an import, a hand edit) can never run in a
 * visitor's browser.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_TAGS],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/**
 * Descriptions are few and change rarely, while every prices request reads all of them: a warm
 * instance remembers recent results. Pure function of its input, so this cache changes nothing but
 * time; it is bounded so a flood of edits cannot grow it.
 */
const MAX_CACHED = 256;
const cache = new Map<string, string>();

export function sanitizeDescription(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, OPTIONS);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(html, clean);
  return clean;
}
