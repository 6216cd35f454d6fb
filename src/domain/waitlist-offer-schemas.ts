import { z } from 'zod/mini';

/**
 * The waitlist's offers over the API (docs/decisions/084): one schema each, shared by the request
 * page's OfferCard and the functions.
 */

/** A request's or an offer's id: its owner's key, random. */
export const WaitlistKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{22,64}$/));

// POST /v1.0.1/waitlist/:id/offers/:offer/accept: a fresh uuid per tap; a repeat gets the same answer.
export const AcceptOfferRequestSchema = z.strictObject({ idempotencyKey: z.uuid() });
export type AcceptOfferRequest = z.infer<typeof AcceptOfferRequestSchema>;

// POST /v1.0.1/waitlist/:id/offers/:offer/decline
export const DeclineOfferRequestSchema = z.strictObject({});

export const OFFER_STATUSES = ['open', 'taken', 'declined', 'gone', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** An offer as its owner sees it on the request page (GET /waitlist/:id carries it). */
export const WaitlistOfferViewSchema = z.object({
  id: z.string(),
  status: z.enum(OFFER_STATUSES),
  start: z.string(),
  end: z.string(),
  expiresAt: z.string(),
  timeZone: z.string(),
  dogName: z.string(),
  serviceTitle: z.string(),
  totalFromPence: z.number(),
  depositPence: z.number(),
  /** The booking it turned into ('taken'). */
  bookingId: z.nullable(z.string()),
});
export type WaitlistOfferView = z.infer<typeof WaitlistOfferViewSchema>;

export const DeclineOfferResponseSchema = z.object({ status: z.literal('declined') });
