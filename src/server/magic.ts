import { PagePayloadSchema, type MagicRequest } from '../domain/api.ts';
import { env } from './env.ts';
import { describeIssues, HttpError } from './http.ts';
import { clientBucket, hitRateLimit } from './rate-limit.ts';
import { clientIp, readVisitHeaders } from './request-headers.ts';
import { recordEvent, recordPageView, startVisit } from './visits.ts';

/**
 * `POST /v1.0.1/magic`: the visitor statistics calls of contract §7 (identify, page_view) and the
 * first-party events of contract §2 (event: navigation and contact clicks). The function file parses the body with
 * MagicRequestSchema; this module applies the per-client limit and records the call.
 */
export type MagicAnswer = { session_id: string } | { ok: true };

/**
 * Counts the call against the client's budget for this minute; answers the seconds to wait when the
 * budget is spent (the function then answers 429 with Retry-After), or null to go ahead.
 */
export async function magicCallsExceeded(req: Request, context: unknown, now = new Date()): Promise<number | null> {
  const limit = env().MAGIC_RATE_LIMIT_PER_MINUTE;
  const result = await hitRateLimit(clientBucket('magic', clientIp(req, context)), limit, 60, now);
  return result.allowed ? null : result.retryAfter;
}

export const TOO_MANY_REQUESTS = 'Too many requests: please wait a minute and try again.';

export async function handleMagic(req: Request, body: MagicRequest): Promise<MagicAnswer> {
  const headers = readVisitHeaders(req);
  switch (body.type) {
    case 'identify': {
      const { sessionId } = await startVisit(headers, { gclid: body.gclid, fbclid: body.fbclid });
      return { session_id: sessionId };
    }
    case 'page_view':
      await recordPageView(headers, parsePage(body.page));
      return { ok: true };
    case 'event':
      await recordEvent(headers, body);
      return { ok: true };
  }
}

/** `page` is a JSON string of `{ url, path }` (contract §7); anything else is the caller's mistake. */
export function parsePage(page: string): { url: string; path: string } {
  let value: unknown;
  try {
    value = JSON.parse(page);
  } catch {
    throw new HttpError(400, 'page must be a JSON string of { url, path }');
  }
  const parsed = PagePayloadSchema.safeParse(value);
  if (!parsed.success) {
    // The shape is one message; the text rule (the schema's only custom check) says which field.
    const unusual = parsed.error.issues.some((issue) => issue.code === 'custom');
    throw new HttpError(400, unusual ? describeIssues(parsed.error) : 'page must be a JSON string of { url, path }');
  }
  return parsed.data;
}
