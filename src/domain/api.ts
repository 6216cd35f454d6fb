import { z } from 'zod/mini';
import { plainText } from './text.ts';

/**
 * The request and response shapes of the visitor API of contract §7, shared by the functions and the
 * browser code. Bounds are part of the contract: anything longer is refused with a 400. Written in
 * zod/mini (docs/decisions/054); the magic function parses its requests through api-for-server.ts.
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
  z.strictObject({
    type: z.literal('identify'),
    gclid: z.optional(plainText(1, 256)),
    fbclid: z.optional(plainText(1, 256)),
  }),
  z.strictObject({ type: z.literal('page_view'), page: z.string().check(z.minLength(2), z.maxLength(3200)) }),
  z.strictObject({
    type: z.literal('event'),
    name: z.string().check(z.regex(/^[a-z][a-z0-9_]{0,47}$/, 'name must be lower_snake_case, at most 48 characters')),
    path: z.optional(plainText(0, 1024)),
    detail: z.optional(plainText(0, 256)),
  }),
]);
export type MagicRequest = z.infer<typeof MagicRequestSchema>;

export const IdentifyResponseSchema = z.object({ session_id: z.string() });
export const RecordedResponseSchema = z.object({ ok: z.literal(true) });

/** Contract §4 reads `status`, `error` and `data.privileges`. */
export const CustomerAuthResponseSchema = z.object({
  status: z.number().check(z.int()),
  error: z.nullable(z.string()),
  data: z.nullable(z.object({ _id: z.string(), privileges: z.number().check(z.int()) })),
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
