import { z } from 'zod/mini';
import { freeText } from './text.ts';

/**
 * The staff API of the no-show rules (decision 081), shared by the islands and
 * netlify/functions/management-no-shows.ts (through no-show-staff-for-server.ts): a booking's no-show
 * fee (what may be charged, and how the charge went) and a customer's strikes with their waivers.
 */

const pence = () => z.number().check(z.int(), z.nonnegative());
const instant = () => z.string();

export const FEE_STATUSES = ['charging', 'paid', 'link_sent', 'failed', 'refunded'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

export const NoShowFeeSchema = z.object({
  pence: pence(),
  status: z.enum(FEE_STATUSES),
  /** Why the charge failed, in the bank's words made plain; null unless failed. */
  failure: z.nullable(z.string()),
  /** The payment link sent to the owner when their bank asked for authentication. */
  linkUrl: z.nullable(z.string()),
  at: instant(),
  /** What of it has been given back, by staff here or in Stripe's Dashboard. */
  refundedPence: pence(),
  /** A staff refund on its way, or one Stripe refused or reported failed (with why); null otherwise. */
  refund: z.nullable(z.object({ status: z.enum(['refunding', 'failed']), failure: z.nullable(z.string()) })),
  /** A chargeback on the fee's payment: Stripe's dispute status; null when none. */
  dispute: z.nullable(z.string()),
});
export type NoShowFee = z.infer<typeof NoShowFeeSchema>;

/** GET and POST /management/bookings/{id}/no-show-fee. */
export const NoShowFeeResponseSchema = z.object({
  bookingId: z.string(),
  /** The most that may be charged now: the rule the customer agreed to, less the deposit kept. */
  capPence: pence(),
  /** Whether a card was saved with the customer's consent. */
  card: z.boolean(),
  /** Whether a charge may be made now, and if not, why (in words for staff). */
  chargeable: z.boolean(),
  reason: z.nullable(z.string()),
  /** Whether staff may refund the fee now (paid online, not all given back, no refund on its way). */
  refundable: z.boolean(),
  fee: z.nullable(NoShowFeeSchema),
});
export type NoShowFeeResponse = z.infer<typeof NoShowFeeResponseSchema>;

export const NoShowFeeRequestSchema = z.strictObject({
  pence: z.number().check(z.int(), z.positive('Please charge at least 1p'), z.maximum(100_000)),
});
export type NoShowFeeRequest = z.infer<typeof NoShowFeeRequestSchema>;

/** POST /management/bookings/{id}/no-show-fee/refund: the whole fee still held goes back to the card. */
export const NoShowFeeRefundRequestSchema = z.strictObject({});
export type NoShowFeeRefundRequest = z.infer<typeof NoShowFeeRefundRequestSchema>;

export const StrikeSchema = z.object({
  bookingId: z.string(),
  at: instant(),
  service: z.string(),
  dog: z.string(),
  /** Counts now: not waived and within the last 12 months. */
  live: z.boolean(),
  waiver: z.nullable(z.object({ reason: z.string(), at: instant(), by: z.nullable(z.string()) })),
});
export type StrikeView = z.infer<typeof StrikeSchema>;

/** GET /management/customers/{id}/strikes. */
export const StrikesResponseSchema = z.object({
  customerId: z.string(),
  standing: z.enum(['new', 'regular', 'pay_in_full']),
  live: pence(),
  /** Live strikes that ask for the full price when booking; null: never. */
  payInFullAfter: z.nullable(z.number()),
  strikes: z.array(StrikeSchema),
});
export type StrikesResponse = z.infer<typeof StrikesResponseSchema>;

/** POST /management/customers/{id}/strikes/{booking}/waive. */
export const WaiveRequestSchema = z.strictObject({
  reason: freeText(300, { label: 'the reason' }).check(z.minLength(1, 'Please say why the strike is waived')),
});
export type WaiveRequest = z.infer<typeof WaiveRequestSchema>;
