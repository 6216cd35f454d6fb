import { API_HEADERS } from '../../domain/api.ts';
import { afterAnswer } from '../http.ts';
import { siteUrl } from '../site-url.ts';
import type { BookingContext } from './create-booking.ts';

const SESSION_ID = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Who is booking, from the contract §7 headers: the device key, the statistics session, and the
 * `source` query of the landing page (e.g. `bookLink` from /book-appointment). Malformed values are
 * ignored, never an error: attribution must not stop a booking.
 */
export function bookingContextFrom(
  req: Request,
  context?: { waitUntil?: (work: Promise<unknown>) => void },
): BookingContext {
  const sessionId = req.headers.get(API_HEADERS.sessionId);
  let source: string | null = null;
  const landing = req.headers.get(API_HEADERS.landingPage);
  if (landing && landing.length <= 3200) {
    try {
      const page = JSON.parse(landing) as { url?: unknown };
      if (typeof page.url === 'string') source = new URL(page.url, 'http://x').searchParams.get('source');
    } catch {
      source = null;
    }
  }
  const later = afterAnswer(context);
  return {
    accessKey: req.headers.get(API_HEADERS.accessKey),
    sessionId: sessionId && SESSION_ID.test(sessionId) ? sessionId : null,
    source: source && /^[A-Za-z0-9_-]{1,64}$/.test(source) ? source : null,
    siteUrl: siteUrl(req),
    ...(later ? { waitUntil: later } : {}),
  };
}
