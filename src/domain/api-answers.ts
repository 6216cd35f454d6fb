import * as z from 'zod/mini';

/**
 * The visitor API's answers that the pages read, in zod/mini (docs/decisions/054); src/domain/api.ts
 * exports them with the rest of contract §7's shapes.
 */

/** Contract §3 "User (from device auth)": _id, phone, auth[0].key. */
export const DeviceUserSchema = z.object({
  _id: z.string(),
  phone: z.nullable(z.string()),
  name: z.optional(z.nullable(z.string())),
  /** `kind` 'staff': a staff member's sign-in (docs/decisions/056), which public pages leave alone. */
  auth: z.array(z.object({ key: z.string(), kind: z.optional(z.enum(['device', 'staff'])) })).check(z.minLength(1)),
});
export type DeviceUser = z.infer<typeof DeviceUserSchema>;

/** Contract §3 "blog_posts": a keyed collection, by slug. */
export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  pubDate: z.string(),
  url: z.string(),
  cover: z.nullable(z.string()),
  coverAlt: z.string(),
});
export const BlogPostsResponseSchema = z.record(z.string(), BlogPostSummarySchema);
export type BlogPosts = z.infer<typeof BlogPostsResponseSchema>;
