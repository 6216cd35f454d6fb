import { campaignSourceFor } from '../domain/api.ts';
import { findKeyHolder } from './access-keys.ts';
import { query } from './db.ts';
import { randomId } from './ids.ts';
import type { VisitHeaders } from './request-headers.ts';

/**
 * First-party statistics (design.md "Privacy"): a visit session per browser tab session, the page
 * views and the events within it. Each call is one SQL statement with bounded inputs, so abuse costs
 * a row at most (and the rate limit caps the rows). See docs/decisions/013-visit-statistics.md.
 */

/** Starts a visit; answers its id (128 random bits), which the browser keeps as `a_sid`. */
export async function startVisit(
  headers: VisitHeaders,
  clickIds: { gclid?: string | undefined; fbclid?: string | undefined },
): Promise<{ sessionId: string }> {
  const gclid = clickIds.gclid ?? headers.gclid ?? null;
  const fbclid = clickIds.fbclid ?? null;
  // A known key links the visit to its customer; an unknown one is simply not linked.
  const holder = headers.accessKey ? await findKeyHolder(headers.accessKey) : null;
  const sessionId = randomId(16);
  await query(
    `INSERT INTO visit_sessions
       (id, visitor_id, landing_url, landing_path, gclid, fbclid, campaign_source, customer_id, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      sessionId,
      headers.visitorId,
      headers.landingPage?.url ?? null,
      headers.landingPage?.path ?? null,
      gclid,
      fbclid,
      campaignSourceFor({ gclid, fbclid }),
      holder?.customerId ?? null,
      headers.userAgent,
    ],
  );
  return { sessionId };
}

/**
 * Records a page view. A missing or unknown session still counts the view, with no session: the
 * identify call may have timed out (1000 ms) and the view is real all the same; a forged id links
 * to nothing. The session's last_seen_at moves in the same statement.
 */
export async function recordPageView(headers: VisitHeaders, page: { url: string; path: string }): Promise<void> {
  await query(
    `WITH visit AS (
       UPDATE visit_sessions SET last_seen_at = now() WHERE id = $1 RETURNING id
     )
     INSERT INTO page_views (session_id, url, path, visitor_id)
     VALUES ((SELECT id FROM visit), $2, $3, $4)`,
    [headers.sessionId, page.url, page.path, headers.visitorId],
  );
}

/** Records a first-party event (navigation, call, email, whatsapp_big, online_big …), same rules. */
export async function recordEvent(
  headers: VisitHeaders,
  event: { name: string; path?: string | undefined; detail?: string | undefined },
): Promise<void> {
  await query(
    `WITH visit AS (
       UPDATE visit_sessions SET last_seen_at = now() WHERE id = $1 RETURNING id
     )
     INSERT INTO analytics_events (session_id, name, path, detail)
     VALUES ((SELECT id FROM visit), $2, $3, $4)`,
    [headers.sessionId, event.name, event.path ?? null, event.detail ?? null],
  );
}
