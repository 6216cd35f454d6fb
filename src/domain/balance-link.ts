import { z } from 'zod/mini';

/**
 * The balance by a payment link (decision 096), shared by the booking dialog and
 * netlify/functions/management-balance-links.ts: the link staff sent for what is left to pay, how it
 * went, and whether one may be sent now. The sum is always the server's balance due, never typed.
 */

const pence = () => z.number().check(z.int(), z.nonnegative());

export const BALANCE_LINK_STATUSES = ['creating', 'sent', 'paid', 'expired', 'cancelled', 'failed'] as const;
export type BalanceLinkStatus = (typeof BALANCE_LINK_STATUSES)[number];

export const BalanceLinkSchema = z.object({
  pence: pence(),
  status: z.enum(BALANCE_LINK_STATUSES),
  url: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  /** Paid online after the balance had been taken at the counter: staff were told to refund one. */
  paidTwice: z.boolean(),
});
export type BalanceLink = z.infer<typeof BalanceLinkSchema>;

/** GET and POST /management/bookings/{id}/balance-link. */
export const BalanceLinkResponseSchema = z.object({
  bookingId: z.string(),
  /** What is left to pay now, as the server counts it (decision 091's surcharge in). */
  duePence: pence(),
  /** Whether a link may be sent now, and if not, why (in words for staff). */
  sendable: z.boolean(),
  reason: z.nullable(z.string()),
  /** The latest link of this booking, or null when none was sent. */
  link: z.nullable(BalanceLinkSchema),
});
export type BalanceLinkResponse = z.infer<typeof BalanceLinkResponseSchema>;

/** POST: nothing to say; the sum is the server's. */
export const BalanceLinkRequestSchema = z.strictObject({});
