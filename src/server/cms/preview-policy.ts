import { DATOCMS_ASSETS_ORIGIN } from '../../cms/config.ts';

/**
 * The Content-Security-Policy of the editor's draft preview (docs/decisions/044, 048). The preview is a
 * function's answer, and Netlify's header rules reach files, not functions: without this it had no
 * policy at all. It is the policy the template page was served with: the site's one policy, with the
 * hashes of the very inline scripts and styles the preview repeats and DatoCMS's image CDN, where a
 * draft's pictures still are. Pure: the template's header in, the policy out.
 */

/** The smallest policy for the editor's notice pages: text, an inline style attribute, nothing else. */
export const NOTICE_POLICY =
  "default-src 'none'; style-src-attr 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The template served without a policy (a server that does not apply the build's `_headers`): the
 * page's own files and DatoCMS's pictures, no inline script at all. The preview still shows; its small
 * inline scripts (the privacy banner) do not run, which fails closed.
 */
const FALLBACK_POLICY = `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: ${DATOCMS_ASSETS_ORIGIN}; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

export function previewPolicy(templatePolicy: string | null): string {
  return templatePolicy?.trim() || FALLBACK_POLICY;
}
