import type { BalanceLinkResponse, BalanceLinkStatus } from '../../domain/balance-link.ts';
import { balanceLinkMessages } from '../../domain/balance-link-messages.ts';
import { checkoutExpiresAt } from '../../domain/checkout-expiry.ts';
import { mayMarkAttendance } from '../../domain/staff-rules.ts';
import { audit } from '../audit.ts';
import { mark } from '../bookings/booking-life.ts';
import { db, transaction, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { enqueueMessages, sendNow } from '../messages/outbox.ts';
import { recordMoney } from '../money/ledger.ts';
import { expireCheckout } from '../payments/checkout.ts';
import { linkSessionSchema, paymentIntentOf } from '../payments/link-sessions.ts';
import { staffCustomerLink, tellStaff } from '../payments/staff-alerts.ts';
import { stripeClient, type Stripe } from '../payments/stripe.ts';
import { loadBookingSettings } from '../settings.ts';
import type { StaffMember } from '../staff.ts';
import { bookingNotFound, scheduleBooking } from './schedule.ts';

/**
 * The balance by a payment link (decision 096), as the no-show fee's link works (decision 081): the
 * link is claimed in a short transaction (one open link per booking, whoever taps twice), Stripe is
 * asked after it commits with an idempotency key per attempt, and the answer recorded; the owner is
 * texted (and e-mailed) through the outbox at once. The webhook marks the balance paid, online, once
 * however often Stripe repeats itself; card or cash taken after a link closes its Checkout page.
 */
export const BALANCE_PURPOSE = 'balance';
/** A link still "creating" after this is one whose answer was lost: a tap asks Stripe again, same key. */
const STALE_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;
const NO_STRIPE = 'Online payments are not set up: take the balance by card or cash.';

interface LinkRow {
  id: string;
  attempt: number;
  pence: number;
  status: BalanceLinkStatus;
  session_id: string | null;
  url: string | null;
  paid_twice: boolean;
  created_at: Date;
  sent_at: Date | null;
  paid_at: Date | null;
}

const LINK_COLUMNS = 'id, attempt, pence, status, session_id, url, paid_twice, created_at, sent_at, paid_at';

async function latestLink(tx: Tx, bookingId: string, lock = false): Promise<LinkRow | null> {
  const { rows } = await tx.query<LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM balance_links WHERE booking_id = $1 ORDER BY attempt DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [bookingId],
  );
  return rows[0] ?? null;
}

interface Counter {
  status: string;
  start_at: Date;
  attendance: string | null;
  balance_paid_pence: number;
  balance_method: string | null;
}

/** Why no link may be sent now, in words for staff; null when one may. */
async function whyNot(tx: Tx, id: string, b: Counter, now: Date): Promise<{ why: string | null; due: number }> {
  const { timeZone } = await loadBookingSettings(tx);
  const view = await scheduleBooking(tx, id);
  const due = view?.balanceDuePence ?? 0;
  if (b.attendance === 'no_show') return { why: 'A no-show has no balance to pay by link.', due };
  const may = mayMarkAttendance({
    status: b.status as 'confirmed',
    start: b.start_at,
    now,
    timeZone,
    to: 'completed',
  });
  if (!may.allowed) return { why: may.message, due };
  if (b.balance_paid_pence > 0)
    return {
      why:
        b.balance_method === 'online'
          ? 'The balance was paid online.'
          : 'The balance was already taken at the counter: take anything more by card or cash.',
      due,
    };
  if (due === 0) return { why: 'Nothing is left to pay on this booking.', due };
  return { why: null, due };
}

function answer(id: string, due: number, why: string | null, link: LinkRow | null, online: boolean) {
  const making = link?.status === 'creating';
  const reason = !online ? NO_STRIPE : making ? 'The link is being made: wait a moment.' : why;
  return {
    bookingId: id,
    duePence: due,
    sendable: reason === null,
    reason,
    link: link
      ? {
          pence: link.pence,
          status: link.status,
          url: link.url,
          createdAt: link.created_at.toISOString(),
          sentAt: link.sent_at?.toISOString() ?? null,
          paidAt: link.paid_at?.toISOString() ?? null,
          paidTwice: link.paid_twice,
        }
      : null,
  } satisfies BalanceLinkResponse;
}

async function lockCounter(tx: Tx, id: string, lock: boolean): Promise<Counter> {
  const {
    rows: [b],
  } = await tx.query<Counter>(
    `SELECT status, start_at, attendance, balance_paid_pence, balance_method FROM bookings WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  if (!b) throw bookingNotFound();
  return b;
}

export async function balanceLinkState(id: string, now = new Date(), tx: Tx = db()): Promise<BalanceLinkResponse> {
  const b = await lockCounter(tx, id, false);
  const { why, due } = await whyNot(tx, id, b, now);
  return answer(id, due, why, await latestLink(tx, id), stripeClient() !== null);
}

/**
 * "Send a payment link": the visit is marked completed (if it was not) and a link for the balance due
 * made and texted. "Send again" closes the open link first, so only the newest can be paid.
 */
export async function sendBalanceLink(
  id: string,
  staff: Pick<StaffMember, 'customerId'>,
  siteUrl: string,
  now = new Date(),
): Promise<BalanceLinkResponse> {
  const stripe = stripeClient();
  if (!stripe) throw new HttpError(409, NO_STRIPE, { code: 'policy' });
  const claimed = await transaction(async (tx) => {
    const b = await lockCounter(tx, id, true);
    const { why, due } = await whyNot(tx, id, b, now);
    if (why) throw new HttpError(409, why, { code: 'policy' });
    const open = await latestLink(tx, id, true);
    if (open?.status === 'creating' && now.getTime() - open.created_at.getTime() < STALE_MS)
      return { go: false as const };
    // A lost answer is asked again under the same key (Stripe answers as before).
    if (open?.status === 'creating') return { go: true as const, link: open, close: null };
    let close: string | null = null;
    if (open?.status === 'sent') {
      await tx.query(`UPDATE balance_links SET status = 'cancelled', closed_at = $2 WHERE id = $1`, [open.id, now]);
      close = open.session_id;
    }
    const {
      rows: [link],
    } = await tx.query<LinkRow>(
      `INSERT INTO balance_links (booking_id, attempt, pence, status, staff_id, created_at)
       VALUES ($1, $2, $3, 'creating', $4, $5) RETURNING ${LINK_COLUMNS}`,
      [id, (open?.attempt ?? 0) + 1, due, staff.customerId, now],
    );
    if (b.attendance !== 'completed') {
      await mark(tx, id, 'completed', now);
      await audit(tx, staff, 'booking.attendance', 'booking', id, {
        before: { attendance: b.attendance, balance: null },
        after: { attendance: 'completed', balance: null },
      });
    }
    await audit(tx, staff, 'booking.balance_link', 'booking', id, {
      before: open ? { status: open.status, pence: open.pence } : null,
      after: { status: 'creating', pence: due, attempt: link!.attempt },
    });
    return { go: true as const, link: link!, close };
  });
  if (claimed.go) {
    if (claimed.close) await expireCheckout(stripe, claimed.close);
    await createLink(stripe, id, claimed.link, siteUrl, now);
  }
  return balanceLinkState(id, now);
}

async function createLink(stripe: Stripe, id: string, link: LinkRow, siteUrl: string, now: Date): Promise<void> {
  const [who] = (
    await db().query<{ contact_name: string; contact_email: string | null; phone: string | null; dog_name: string }>(
      `SELECT b.contact_name, b.contact_email, COALESCE(b.contact_phone, c.phone) AS phone, d.name AS dog_name
         FROM bookings b JOIN dogs d ON d.id = b.dog_id JOIN customers c ON c.id = b.customer_id WHERE b.id = $1`,
      [id],
    )
  ).rows;
  const base = siteUrl.replace(/\/$/, '');
  const metadata = { booking_id: id, purpose: BALANCE_PURPOSE };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'gbp',
              unit_amount: link.pence,
              product_data: { name: `${who!.dog_name}'s groom: balance` },
            },
          },
        ],
        client_reference_id: id,
        metadata,
        payment_intent_data: { metadata },
        success_url: `${base}/b/${id}`,
        cancel_url: `${base}/b/${id}`,
        expires_at: Math.floor(checkoutExpiresAt(now, new Date(now.getTime() + DAY_MS)).getTime() / 1000),
      },
      { idempotencyKey: `balance-link-${id}-${link.attempt}` },
    );
  } catch (error) {
    // A 4xx is Stripe's no: the link failed and staff may send another. No answer: it stays
    // "creating", and a tap after a minute asks again under the same key.
    const e = error as { statusCode?: number; message?: string };
    if (e.statusCode && e.statusCode < 500) await fail(link.id, now);
    else console.error(`Balance link for booking ${id}: Stripe did not answer:`, e.message ?? error);
    return;
  }
  if (!session.url) return fail(link.id, now);
  const ids = await transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE balance_links SET status = 'sent', session_id = $2, url = $3, sent_at = $4 WHERE id = $1 AND status = 'creating'`,
      [link.id, session.id, session.url, now],
    );
    if (!rowCount) return [];
    const messages = balanceLinkMessages({
      ownerName: who!.contact_name,
      email: who!.contact_email,
      phone: who!.phone,
      dogName: who!.dog_name,
      pence: link.pence,
      url: session.url!,
    });
    return enqueueMessages(
      tx,
      messages.map((m) => ({
        kind: 'balance_link',
        ...m,
        bookingId: id,
        dedupeKey: `balance-link:${id}:${link.attempt}:${m.channel}`,
      })),
    );
  });
  await sendNow(ids, { now, what: 'the balance payment link' });
}

async function fail(linkId: string, now: Date): Promise<void> {
  await db().query(`UPDATE balance_links SET status = 'failed', closed_at = $2 WHERE id = $1 AND status = 'creating'`, [
    linkId,
    now,
  ]);
}

/**
 * The counter took the balance by card or cash, or the mark was taken back (markAttendance's
 * transaction): the open link is cancelled, and its session returned to expire after the commit.
 */
export async function cancelOpenBalanceLink(tx: Tx, bookingId: string, now: Date): Promise<string | null> {
  const { rows } = await tx.query<{ session_id: string | null }>(
    `UPDATE balance_links SET status = 'cancelled', closed_at = $2
      WHERE booking_id = $1 AND status IN ('creating', 'sent') RETURNING session_id`,
    [bookingId, now],
  );
  return rows[0]?.session_id ?? null;
}

/** Closes a cancelled link's Checkout page so the owner cannot pay twice (best effort, after the commit). */
export async function expireBalanceSession(sessionId: string | null): Promise<void> {
  const stripe = stripeClient();
  if (stripe && sessionId) await expireCheckout(stripe, sessionId);
}

const SessionSchema = linkSessionSchema(BALANCE_PURPOSE);

/**
 * The owner paid (or the page expired): the balance is recorded paid online once, however often
 * Stripe repeats itself. Paid after the counter took it: recorded on the link, never counted twice,
 * and staff told to give one back.
 */
export async function balanceSessionEvent(verified: unknown, now: Date, siteUrl?: string): Promise<string> {
  const event = verified as { type: string; data: { object: unknown } };
  const parsed = SessionSchema.safeParse(event.data.object);
  if (!parsed.success) throw new HttpError(400, 'Unexpected balance session');
  const session = parsed.data;
  const paid = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
  if (event.type !== 'checkout.session.expired' && !paid) return 'balance_ignored';
  if (paid && session.payment_status !== 'paid') return 'balance_awaiting_payment';
  const pi = paymentIntentOf(session);
  return transaction(async (tx) => {
    const {
      rows: [link],
    } = await tx.query<{ id: string; booking_id: string; pence: number; status: BalanceLinkStatus }>(
      'SELECT id, booking_id, pence, status FROM balance_links WHERE session_id = $1',
      [session.id],
    );
    if (!link) return 'balance_unknown';
    // The booking first, then the link: the order markAttendance and sendBalanceLink lock in.
    const b = await lockCounter(tx, link.booking_id, true);
    const {
      rows: [current],
    } = await tx.query<{ status: BalanceLinkStatus }>('SELECT status FROM balance_links WHERE id = $1 FOR UPDATE', [
      link.id,
    ]);
    if (!paid) {
      if (current!.status !== 'sent') return 'balance_known';
      await tx.query(`UPDATE balance_links SET status = 'expired', closed_at = $2 WHERE id = $1`, [link.id, now]);
      return 'balance_expired';
    }
    if (current!.status === 'paid') return 'balance_known';
    const twice = b.balance_paid_pence > 0;
    // Stripe has the money either way: takings until it is given back (src/server/money/ledger.ts).
    const ref = pi ?? session.id;
    await recordMoney(tx, {
      bookingId: link.booking_id,
      kind: 'balance',
      method: 'link',
      pence: link.pence,
      at: now,
      stripeRef: ref,
    });
    await tx.query(
      `UPDATE balance_links SET status = 'paid', paid_at = $2, payment_intent = $3, paid_twice = $4,
              closed_at = COALESCE(closed_at, $2) WHERE id = $1`,
      [link.id, now, pi, twice],
    );
    if (twice) {
      const {
        rows: [who],
      } = await tx.query<{ customer_id: string; contact_name: string }>(
        'SELECT customer_id, contact_name FROM bookings WHERE id = $1',
        [link.booking_id],
      );
      await tellStaff(
        tx,
        {
          kind: 'balance_paid_twice',
          pence: link.pence,
          method: b.balance_method ?? 'card',
          customer: who?.contact_name ?? null,
          bookingLink: who ? staffCustomerLink(who.customer_id, siteUrl) : null,
        },
        `balance-twice:${link.id}`,
        link.booking_id,
      );
      return 'balance_paid_twice';
    }
    await tx.query(
      `UPDATE bookings SET balance_paid_pence = $2, balance_method = 'online', balance_paid_at = $3, updated_at = $3
        WHERE id = $1`,
      [link.booking_id, link.pence, now],
    );
    return 'balance_paid';
  });
}
