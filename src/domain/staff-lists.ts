import { z } from 'zod';

/**
 * Shapes every staff-records endpoint shares: the opaque cursor of a paginated list, and the empty
 * JSON body of an action whose path says it all (remove, erase): still JSON, so a form on another
 * site cannot send it (docs/decisions/049).
 */
export const CursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,600}$/, 'must be a cursor from the previous page');

/** Rows a page of a staff list holds: 25 by default, 100 at most. */
export const PageLimitSchema = z.coerce.number().int().min(1).max(100);
export const DEFAULT_PAGE_LIMIT = 25;

export const EmptyRequestSchema = z.object({}).strict();
