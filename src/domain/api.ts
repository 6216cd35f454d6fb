import { z } from 'zod';
import { plainText } from './text.ts';

/**
 * The request and response shapes of the visitor API of contract §7, shared by the functions and the
 * browser code. Bounds are part of the contract: anything longer is refused with a 400.
 */

/** The `page` of a page view: a JSON string holding the full url and the path (contract §7). */
export const PagePayloadSchema = z.object({ url: plainText(0, 2048), path: plainText(0, 1024) });

export const MagicRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('identify'), gclid: plainText(1, 256).optional(), fbclid: plainText(1, 256).optional() }).strict(),
  z.object({ type: z.literal('page_view'), page: z.string().min(2).max(3200) }).strict(),
  z.object({
    type: z.literal('event'),
    name: z.string().regex(/^[a-z][a-z0-9_]{0,47}$/, 'name must be lower_snake_case, at most 48 characters'),
    path: plainText(0, 1024).optional(),
    detail: plainText(0, 256).optional(),
  }).strict(),
]);
export type MagicRequest = z.infer<typeof MagicRequestSchema>;

export const IdentifyResponseSchema = z.object({ session_id: z.string() });
export const RecordedResponseSchema = z.object({ ok: z.literal(true) });

/** Contract §3 "User (from device auth)": _id, phone, auth[0].key. */
export const DeviceUserSchema = z.object({
  _id: z.string(),
  phone: z.string().nullable(),
  name: z.string().nullable().optional(),
  /** `kind` 'staff': a staff member's sign-in (docs/decisions/056), which public pages leave alone. */
  auth: z.array(z.object({ key: z.string(), kind: z.enum(['device', 'staff']).optional() })).min(1),
});
export type DeviceUser = z.infer<typeof DeviceUserSchema>;

/** Contract §4 reads `status`, `error` and `data.privileges`. */
export const CustomerAuthResponseSchema = z.object({
  status: z.number().int(),
  error: z.string().nullable(),
  data: z.object({ _id: z.string(), privileges: z.number().int() }).nullable(),
});
export type CustomerAuthResponse = z.infer<typeof CustomerAuthResponseSchema>;

/** Contract §3 "blog_posts": a keyed collection, by slug. */
export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  pubDate: z.string(),
  url: z.string(),
  cover: z.string().nullable(),
  coverAlt: z.string(),
});
export const BlogPostsResponseSchema = z.record(z.string(), BlogPostSummarySchema);
export type BlogPosts = z.infer<typeof BlogPostsResponseSchema>;

/** The request headers of contract §7. */
export const API_HEADERS = {
  sessionId: 'x-session-id',
  landingPage: 'x-landing-page',
  visitorId: 'x-visitor-id',
  accessKey: 'x-access-key',
  gclid: 'x-gclid',
} as const;

/** Contract §7 "Ad tagging": the campaign source a click id implies. */
export function campaignSourceFor(ids: { gclid?: string | null; fbclid?: string | null }): string | null {
  if (ids.gclid) return 'google ads';
  if (ids.fbclid) return 'facebook ads';
  return null;
}
