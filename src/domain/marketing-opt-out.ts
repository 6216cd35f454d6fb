import { z } from 'zod/mini';

/**
 * The one-tap opt-out over the API (docs/decisions/090): POST /v1.0.1/marketing/opt-out, from the
 * /stop/{token} page or a mail client's RFC 8058 one-click POST. One schema each, shared by the page
 * and the function.
 */

/** A token as the links carry it. Anything else is answered as an unknown token (404), not a 400. */
export const OPT_OUT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const OptOutRequestSchema = z.strictObject({ token: z.string().check(z.maxLength(200)) });
export type OptOutRequest = z.infer<typeof OptOutRequestSchema>;

export const OptOutResponseSchema = z.object({ status: z.literal('opted_out') });
export type OptOutResponse = z.infer<typeof OptOutResponseSchema>;

/** The form body RFC 8058 says a one-click POST carries. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';
