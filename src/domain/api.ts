import { z } from 'zod';
import { plainText } from './text.ts';

/**
 * The request and response shapes of the visitor API of contract §7, shared by the functions and the
 * browser code. Bounds are part of the contract: anything longer is refused with a 400.
 */

// The answers the pages read (device auth, blog posts) are in api-answers.ts, in zod/mini, so no page
// loads classic zod (docs/decisions/054); they are exported from here too.
export {
  BlogPostSummarySchema,
  BlogPostsResponseSchema,
  DeviceUserSchema,
  type BlogPosts,
  type DeviceUser,
} from './api-answers.ts';

/** The `page` of a page view: a JSON string holding the full url and the path (contract §7). */
export const PagePayloadSchema = z.object({ url: plainText(0, 2048), path: plainText(0, 1024) });

export const MagicRequestSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('identify'),
      gclid: z.optional(plainText(1, 256)),
      fbclid: z.optional(plainText(1, 256)),
    })
    .strict(),
  z.object({ type: z.literal('page_view'), page: z.string().min(2).max(3200) }).strict(),
  z
    .object({
      type: z.literal('event'),
      name: z.string().regex(/^[a-z][a-z0-9_]{0,47}$/, 'name must be lower_snake_case, at most 48 characters'),
      path: z.optional(plainText(0, 1024)),
      detail: z.optional(plainText(0, 256)),
    })
    .strict(),
]);
export type MagicRequest = z.infer<typeof MagicRequestSchema>;

export const IdentifyResponseSchema = z.object({ session_id: z.string() });
export const RecordedResponseSchema = z.object({ ok: z.literal(true) });

/** Contract §4 reads `status`, `error` and `data.privileges`. */
export const CustomerAuthResponseSchema = z.object({
  status: z.number().int(),
  error: z.string().nullable(),
  data: z.object({ _id: z.string(), privileges: z.number().int() }).nullable(),
});
export type CustomerAuthResponse = z.infer<typeof CustomerAuthResponseSchema>;

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
