import { z } from 'zod/mini';

/**
 * Shapes every staff-records endpoint shares: the opaque cursor of a paginated list, and the empty
 * JSON body of an action whose path says it all (remove, erase): still JSON, so a form on another
 * site cannot send it (docs/decisions/049). Written in zod/mini so a page that shows a list loads no
 * classic zod (docs/decisions/054); the functions parse the empty body through staff-lists-for-server.ts.
 */
export const CursorSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,600}$/, 'must be a cursor from the previous page'));

/** Rows a page of a staff list holds: 25 by default, 100 at most. */
export const PageLimitSchema = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100));
export const DEFAULT_PAGE_LIMIT = 25;

export const EmptyRequestSchema = z.strictObject({});
