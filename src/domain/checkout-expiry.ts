/**
 * How long a booking with a deposit holds its time, and when its Stripe Checkout page expires.
 * Stripe refuses a session whose `expires_at` is less than 30 minutes or more than 24 hours after it
 * creates the session (by its clock, a moment after ours), so the hold is kept inside that window,
 * a minute in from each edge, and the page expires when the hold does (docs/decisions/027, 064).
 */
const MINUTE = 60_000;
export const STRIPE_CHECKOUT_MIN_MS = 30 * MINUTE;
export const STRIPE_CHECKOUT_MAX_MS = 24 * 60 * MINUTE;
/** Room for the time the request takes to reach Stripe and for clocks a little apart. */
export const STRIPE_CLOCK_MARGIN_MS = MINUTE;

const EARLIEST_MS = STRIPE_CHECKOUT_MIN_MS + STRIPE_CLOCK_MARGIN_MS;
const LATEST_MS = STRIPE_CHECKOUT_MAX_MS - STRIPE_CLOCK_MARGIN_MS;

const clamp = (ms: number, now: Date) => new Date(now.getTime() + Math.min(Math.max(ms, EARLIEST_MS), LATEST_MS));

/**
 * The end of a new hold: the setting's minutes plus the margin, within Stripe's window. A setting of
 * 1,440 minutes (the most the settings allow) holds 23 hours 59 minutes: one Checkout page cannot
 * live longer, and a hold that outlived its page would keep a time nobody can pay for.
 */
export function holdExpiresAt(now: Date, holdMinutes: number): Date {
  return clamp(holdMinutes * MINUTE + STRIPE_CLOCK_MARGIN_MS, now);
}

/**
 * The `expires_at` of a Checkout page opened at `now` for a hold ending at `holdEnd`: the hold's end,
 * unless Stripe would refuse it. A page opened late for a hold (the same request repeated after its
 * process stopped) may outlive the hold by up to half an hour: the reconciler expires it when the
 * hold lapses, and a payment made meanwhile confirms the booking if its time is still free, or is
 * refunded (decision 051).
 */
export function checkoutExpiresAt(now: Date, holdEnd: Date): Date {
  return clamp(holdEnd.getTime() - now.getTime(), now);
}

/** Whether Stripe accepts `expiresAt` for a session it creates at `createdAt`: the rule the fake Stripe applies. */
export function stripeAcceptsExpiry(createdAt: Date, expiresAt: Date): boolean {
  const ms = expiresAt.getTime() - createdAt.getTime();
  return ms >= STRIPE_CHECKOUT_MIN_MS && ms <= STRIPE_CHECKOUT_MAX_MS;
}
