import { createHash } from 'node:crypto';
import { json } from '../http.ts';
import { visitStatus } from './stages.ts';

// The page revalidates on every poll; a proxy never keeps it (the dog's name is the owner's).
const CACHE = 'private, no-cache';

/** Whether If-None-Match names the ETag (a list, weak or strong: RFC 9110 §13.1.2 compares weakly). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The owner's live status as an answer the page can poll cheaply (decision 092): a strong ETag of
 * the body, and 304 with no body while nothing has changed.
 */
export async function visitStatusAnswer(id: string, ifNoneMatch: string | null): Promise<Response> {
  const body = JSON.stringify(await visitStatus(id));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  if (matches(ifNoneMatch, etag)) {
    return new Response(null, { status: 304, headers: { etag, 'cache-control': CACHE } });
  }
  return json(JSON.parse(body), { cache: CACHE, headers: { etag } });
}
