import { FairTermsSchema, noShowFeeCap } from '../../domain/no-show-rules.ts';
import { feeLinkMessages } from '../../domain/no-show-messages.ts';
import type { NoShowFeeRequest, NoShowFeeResponse } from '../../domain/no-show-staff.ts';
import { formatPence } from '../../domain/money.ts';
import { audit } from '../audit.ts';
import { db, query, transaction, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { enqueueMessages, sendNow } from '../messages/outbox.ts';
import { recordMoney } from '../money/ledger.ts';
import { linkSessionSchema, paymentIntentOf } from '../payments/link-sessions.ts';
import { stripeClient, type Stripe } from '../payments/stripe.ts';
import { loadBookingSettings } from '../settings.ts';
import type { StaffMember } from '../staff.ts';

/**
 * A no-show fee, charged by staff in one tap to the card the customer saved with their consent
 * (decision 081). The fee row is claimed in a short transaction (one charge per booking, whoever taps
 * twice), Stripe is asked after it commits, never while locks are held, with an idempotency key per
 * attempt, and the answer recorded: paid (money in, on Finances), a payment link to the owner when the
 * bank wants authentication (SCA), or failed, shown to staff and never retried unless a person asks.
 */
export const FEE_PURPOSE = 'no_show_fee';
/** A charge still "charging" after this is one whose answer was lost: a tap asks Stripe again, same key. */
const STALE_MS = 60_000;

interface FeeBooking {
  id: string;
  attendance: string | null;
  status: string;
  start_at: Date;
  price_from_pence: number;
  quote: { totalFromPence?: number };
  deposit_paid_pence: number;
  deposit_refunded_pence: number;
  fair_terms: unknown;
  stripe_payment_intent: string | null;
  stripe_customer: string | null;
  stripe_payment_method: string | null;
  contact_name: string;
  contact_email: string | null;
  phone: string | null;
  dog_name: string;
}

interface FeeRow {
  pence: number;
  status: 'charging' | 'paid' | 'link_sent' | 'failed' | 'refunded';
  attempt: number;
  failure_code: string | null;
  failure_message: string | null;
  link_url: string | null;
  updated_at: Date;
  payment_intent: string | null;
  refunded_pence: number;
  refund_status: 'refunding' | 'failed' | null;
  refund_failure: string | null;
  dispute_status: string | null;
}

const notFound = () => new HttpError(404, 'We could not find that booking.', { code: 'not_found' });
const refuse = (message: string) => new HttpError(409, message, { code: 'policy' });

async function loadFeeBooking(
  tx: Tx,
  id: string,
  lock: boolean,
): Promise<{ b: FeeBooking; fee: FeeRow | null } | null> {
  const {
    rows: [b],
  } = await tx.query<FeeBooking>(
    `SELECT b.id, b.attendance, b.status, b.start_at, b.price_from_pence, b.quote, b.deposit_paid_pence, b.deposit_refunded_pence,
            b.fair_terms, b.stripe_payment_intent, b.stripe_customer, b.stripe_payment_method, b.contact_name, b.contact_email,
            COALESCE(b.contact_phone, c.phone) AS phone, d.name AS dog_name
       FROM bookings b JOIN dogs d ON d.id = b.dog_id JOIN customers c ON c.id = b.customer_id
      WHERE b.id = $1${lock ? ' FOR UPDATE OF b' : ''}`,
    [id],
  );
  if (!b) return null;
  const {
    rows: [fee],
  } = await tx.query<FeeRow>(
    `SELECT pence, status, attempt, failure_code, failure_message, link_url, updated_at, payment_intent,
            refunded_pence, refund_status, refund_failure, dispute_status
       FROM no_show_fees WHERE booking_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return { b, fee: fee ?? null };
}

/** What may be charged: the rule the customer was told, less the deposit the shop keeps. */
function capOf(b: FeeBooking): { cap: number; card: boolean; why: string | null } {
  const terms = FairTermsSchema.safeParse(b.fair_terms);
  const card = terms.success && terms.data.saveCard && Boolean(b.stripe_payment_method || b.stripe_payment_intent);
  if (b.status !== 'confirmed' || b.attendance !== 'no_show')
    return { cap: 0, card, why: 'Only a booking marked as a no-show can be charged a fee.' };
  if (!terms.success)
    return { cap: 0, card, why: 'This booking was made before the no-show rules, so no fee was agreed.' };
  const total = b.quote.totalFromPence ?? b.price_from_pence;
  const cap = noShowFeeCap(terms.data.noShowFee, total, b.deposit_paid_pence - b.deposit_refunded_pence);
  if (cap === 0)
    return { cap, card, why: 'The deposit already covers what the rule allows: there is nothing more to charge.' };
  if (!card) return { cap, card, why: 'No card was saved with this booking: ask for the fee in person.' };
  return { cap, card, why: null };
}

function failureWords(code: string | null, message: string | null): string {
  switch (code) {
    case 'card_declined':
      return 'The bank declined the card. Nothing was taken; talk to the owner.';
    case 'expired_card':
      return 'The card has expired. Nothing was taken; talk to the owner.';
    case 'insufficient_funds':
      return 'The bank declined it for lack of funds. Nothing was taken; talk to the owner.';
    case 'no_card':
      return 'Stripe has no card saved for this booking. Nothing was taken.';
    default:
      return `The charge failed${message ? `: ${message.replace(/\.$/, '')}` : ''}. Nothing was taken.`;
  }
}

function refundFailureWords(message: string | null): string {
  return `Stripe did not refund it${message ? `: ${message.replace(/\.$/, '')}` : ''}. Nothing was given back.`;
}

function answer(b: FeeBooking, fee: FeeRow | null, online: boolean): NoShowFeeResponse {
  const { cap, card, why } = capOf(b);
  const done = fee && fee.status !== 'failed';
  const reason = !online ? 'Online payments are not set up: ask for the fee in person.' : done ? null : why;
  return {
    bookingId: b.id,
    capPence: cap,
    card,
    chargeable: online && !done && why === null,
    reason,
    refundable:
      online &&
      fee?.status === 'paid' &&
      fee.payment_intent !== null &&
      fee.refunded_pence < fee.pence &&
      fee.refund_status !== 'refunding',
    fee: fee
      ? {
          pence: fee.pence,
          status: fee.status,
          failure: fee.status === 'failed' ? failureWords(fee.failure_code, fee.failure_message) : null,
          linkUrl: fee.link_url,
          at: fee.updated_at.toISOString(),
          refundedPence: fee.refunded_pence,
          refund: fee.refund_status
            ? {
                status: fee.refund_status,
                failure: fee.refund_status === 'failed' ? refundFailureWords(fee.refund_failure) : null,
              }
            : null,
          dispute: fee.dispute_status,
        }
      : null,
  };
}

export async function noShowFeeState(id: string, tx: Tx = db()): Promise<NoShowFeeResponse> {
  const found = await loadFeeBooking(tx, id, false);
  if (!found) throw notFound();
  return answer(found.b, found.fee, stripeClient() !== null);
}

/**
 * One tap: claims the fee (or finds it claimed: a double tap charges once), then asks Stripe. A failed
 * fee is tried again only by this explicit call, under a new attempt and key.
 */
export async function chargeNoShowFee(
  id: string,
  request: NoShowFeeRequest,
  staff: StaffMember,
  siteUrl: string,
  now = new Date(),
): Promise<NoShowFeeResponse> {
  const stripe = stripeClient();
  if (!stripe) throw refuse('Online payments are not set up: ask for the fee in person.');
  const claimed = await transaction(async (tx) => {
    const found = await loadFeeBooking(tx, id, true);
    if (!found) throw notFound();
    const { b, fee } = found;
    // A fee refunded is history: never charged again for the same no-show.
    if (fee && (fee.status === 'paid' || fee.status === 'link_sent' || fee.status === 'refunded'))
      return { go: false as const };
    if (fee && fee.status === 'charging' && now.getTime() - fee.updated_at.getTime() < STALE_MS)
      return { go: false as const };
    const { cap, why } = capOf(b);
    if (why) throw refuse(why);
    if (request.pence > cap)
      throw refuse(`The most this booking's rule allows is ${formatPence(cap)}. Please charge that or less.`);
    // A lost answer is asked again under the same key (Stripe answers as before); a failure is a new attempt.
    const resume = fee?.status === 'charging';
    const attempt = !fee ? 1 : resume ? fee.attempt : fee.attempt + 1;
    const pence = resume ? fee.pence : request.pence;
    await tx.query(
      `INSERT INTO no_show_fees (booking_id, pence, status, attempt, staff_id, created_at, updated_at)
       VALUES ($1, $2, 'charging', $3, $4, $5, $5)
       ON CONFLICT (booking_id) DO UPDATE SET pence = $2, status = 'charging', attempt = $3, staff_id = $4,
         failure_code = NULL, failure_message = NULL, updated_at = $5`,
      [id, pence, attempt, staff.customerId, now],
    );
    await audit(tx, staff, 'booking.no_show_fee', 'booking', id, {
      before: fee ? { status: fee.status, pence: fee.pence } : null,
      after: { status: 'charging', pence, attempt },
    });
    return { go: true as const, attempt, pence, b };
  });
  if (claimed.go) await charge(stripe, claimed.b, claimed.pence, claimed.attempt, siteUrl, now);
  return noShowFeeState(id);
}

async function cardOf(stripe: Stripe, b: FeeBooking): Promise<{ customer: string; paymentMethod: string } | null> {
  if (b.stripe_customer && b.stripe_payment_method)
    return { customer: b.stripe_customer, paymentMethod: b.stripe_payment_method };
  return b.stripe_payment_intent ? saveCardOf(stripe, b.id, b.stripe_payment_intent) : null;
}

/** The card the deposit was paid with, as Stripe saved it (customer and payment method), kept on the booking. */
export async function saveCardOf(
  stripe: Stripe,
  bookingId: string,
  paymentIntent: string,
): Promise<{ customer: string; paymentMethod: string } | null> {
  const pi = await stripe.paymentIntents.retrieve(paymentIntent);
  const customer = typeof pi.customer === 'string' ? pi.customer : (pi.customer?.id ?? null);
  const paymentMethod = typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? null);
  if (!customer || !paymentMethod) return null;
  await query('UPDATE bookings SET stripe_customer = $2, stripe_payment_method = $3 WHERE id = $1', [
    bookingId,
    customer,
    paymentMethod,
  ]);
  return { customer, paymentMethod };
}

/**
 * After a deposit's Checkout session is paid (the webhook, after its commit): keep the saved card of a
 * booking whose terms asked for it. Best effort: a charge later reads it from Stripe if this failed.
 */
export async function keepSavedCard(bookingId: string | null): Promise<void> {
  const stripe = stripeClient();
  if (!stripe || !bookingId) return;
  const [b] = await query<{ stripe_payment_intent: string | null; save: boolean }>(
    `SELECT stripe_payment_intent, coalesce((fair_terms ->> 'saveCard')::boolean, false) AS save
       FROM bookings WHERE id = $1 AND stripe_payment_method IS NULL`,
    [bookingId],
  );
  if (!b?.save || !b.stripe_payment_intent) return;
  try {
    await saveCardOf(stripe, bookingId, b.stripe_payment_intent);
  } catch (error) {
    console.warn(
      `Could not read the saved card of booking ${bookingId}:`,
      error instanceof Error ? error.message : error,
    );
  }
}

interface StripeFailure {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  statusCode?: number;
}

async function charge(stripe: Stripe, b: FeeBooking, pence: number, attempt: number, siteUrl: string, now: Date) {
  let card: { customer: string; paymentMethod: string } | null;
  try {
    card = await cardOf(stripe, b);
  } catch {
    return; // Stripe did not answer: the fee stays "charging", and a tap after a minute asks again.
  }
  if (!card) return settle(b.id, { status: 'failed', code: 'no_card', message: null }, now);
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: pence,
        currency: 'gbp',
        customer: card.customer,
        payment_method: card.paymentMethod,
        off_session: true,
        confirm: true,
        description: `Missed appointment fee for ${b.dog_name}`,
        metadata: { booking_id: b.id, purpose: FEE_PURPOSE },
      },
      { idempotencyKey: `no-show-fee-${b.id}-${attempt}` },
    );
    if (intent.status === 'succeeded') return settle(b.id, { status: 'paid', paymentIntent: intent.id }, now);
    if (intent.status === 'requires_action' || intent.last_payment_error?.code === 'authentication_required')
      return sendLink(stripe, b, pence, attempt, siteUrl, now, card.customer);
    if (intent.status === 'processing') return;
    return settle(
      b.id,
      {
        status: 'failed',
        code: intent.last_payment_error?.code ?? intent.status,
        message: intent.last_payment_error?.message ?? null,
      },
      now,
    );
  } catch (error) {
    const e = error as StripeFailure;
    if (e.code === 'authentication_required') return sendLink(stripe, b, pence, attempt, siteUrl, now, card.customer);
    if (e.type === 'StripeCardError' || e.statusCode === 402 || (e.statusCode && e.statusCode < 500 && e.code)) {
      return settle(
        b.id,
        {
          status: 'failed',
          // The bank's reason where it says more than "declined" (no funds, an expired card).
          code:
            e.decline_code === 'insufficient_funds' || e.code === 'expired_card'
              ? (e.decline_code ?? e.code!)
              : (e.code ?? 'card_error'),
          message: e.message?.slice(0, 400) ?? null,
        },
        now,
      );
    }
    // No answer or a 5xx: unknown whether it was taken. It stays "charging"; a later tap asks under the same key.
    console.error(`No-show fee for booking ${b.id}: Stripe did not answer:`, e.message ?? error);
  }
}

type Outcome =
  | { status: 'paid'; paymentIntent: string }
  | { status: 'failed'; code: string; message: string | null }
  | { status: 'link_sent'; sessionId: string; url: string };

async function settle(id: string, outcome: Outcome, now: Date): Promise<void> {
  await transaction(async (tx) => {
    if (outcome.status === 'paid') await markPaid(tx, id, outcome.paymentIntent, now, 'charging');
    else if (outcome.status === 'failed')
      await tx.query(
        `UPDATE no_show_fees SET status = 'failed', failure_code = $2, failure_message = $3, updated_at = $4
          WHERE booking_id = $1 AND status = 'charging'`,
        [id, outcome.code.slice(0, 64), outcome.message, now],
      );
    else
      await tx.query(
        `UPDATE no_show_fees SET status = 'link_sent', link_session_id = $2, link_url = $3, updated_at = $4
          WHERE booking_id = $1 AND status = 'charging'`,
        [id, outcome.sessionId, outcome.url, now],
      );
  });
}

/** The fee is in: once, whichever of the charge's answer or the payment link's webhook says so. */
async function markPaid(tx: Tx, id: string, paymentIntent: string | null, now: Date, from: string): Promise<boolean> {
  const { rows } = await tx.query<{ pence: number }>(
    `UPDATE no_show_fees SET status = 'paid', payment_intent = COALESCE($2, payment_intent), paid_at = $3, updated_at = $3
      WHERE booking_id = $1 AND status = $4 RETURNING pence`,
    [id, paymentIntent, now, from],
  );
  if (!rows[0]) return false;
  const method = from === 'link_sent' ? 'link' : 'online';
  await recordMoney(tx, {
    bookingId: id,
    kind: 'fee',
    method,
    pence: rows[0].pence,
    at: now,
    stripeRef: paymentIntent,
  });
  return true;
}

/** The bank wants the owner to approve: a payment page for the fee, sent to them through the outbox. */
async function sendLink(
  stripe: Stripe,
  b: FeeBooking,
  pence: number,
  attempt: number,
  siteUrl: string,
  now: Date,
  customer: string,
): Promise<void> {
  const base = siteUrl.replace(/\/$/, '');
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'gbp',
              unit_amount: pence,
              product_data: { name: `Missed appointment fee for ${b.dog_name}` },
            },
          },
        ],
        client_reference_id: b.id,
        metadata: { booking_id: b.id, purpose: FEE_PURPOSE },
        payment_intent_data: { metadata: { booking_id: b.id, purpose: FEE_PURPOSE } },
        success_url: `${base}/b/${b.id}`,
        cancel_url: `${base}/b/${b.id}`,
      },
      { idempotencyKey: `no-show-link-${b.id}-${attempt}` },
    );
  } catch (error) {
    const e = error as StripeFailure;
    return settle(b.id, { status: 'failed', code: 'link_failed', message: e.message?.slice(0, 400) ?? null }, now);
  }
  if (!session.url) return settle(b.id, { status: 'failed', code: 'link_failed', message: null }, now);
  const { timeZone } = await loadBookingSettings();
  const ids = await transaction(async (tx) => {
    await tx.query(
      `UPDATE no_show_fees SET status = 'link_sent', link_session_id = $2, link_url = $3, updated_at = $4
        WHERE booking_id = $1 AND status = 'charging'`,
      [b.id, session.id, session.url, now],
    );
    const messages = feeLinkMessages({
      ownerName: b.contact_name,
      email: b.contact_email,
      phone: b.phone,
      dogName: b.dog_name,
      start: b.start_at,
      timeZone,
      pence,
      url: session.url!,
    });
    return enqueueMessages(
      tx,
      messages.map((m) => ({
        kind: 'no_show_fee_link',
        ...m,
        bookingId: b.id,
        dedupeKey: `no-show-link:${b.id}:${attempt}:${m.channel}`,
      })),
    );
  });
  await sendNow(ids, { now, what: 'the no-show fee link' });
}

const FeeSessionSchema = linkSessionSchema(FEE_PURPOSE);

/** The owner paid the fee on the link: the fee is in, once, however often Stripe repeats itself. */
export async function feeSessionEvent(verified: unknown, now: Date): Promise<string> {
  const event = verified as { type: string; data: { object: unknown } };
  const parsed = FeeSessionSchema.safeParse(event.data.object);
  if (!parsed.success) throw new HttpError(400, 'Unexpected no-show fee session');
  const session = parsed.data;
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded')
    return 'fee_ignored';
  if (session.payment_status !== 'paid') return 'fee_awaiting_payment';
  const pi = paymentIntentOf(session);
  return transaction(async (tx) => {
    const {
      rows: [fee],
    } = await tx.query<{ booking_id: string }>(
      'SELECT booking_id FROM no_show_fees WHERE link_session_id = $1 FOR UPDATE',
      [session.id],
    );
    if (!fee) return 'fee_unknown';
    return (await markPaid(tx, fee.booking_id, pi, now, 'link_sent')) ? 'fee_paid' : 'fee_known';
  });
}
