import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import * as waitlistOffers from '../../netlify/functions/waitlist-offers.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import type { BookingSettings } from '../../src/domain/booking-settings.ts';
import { DashboardResponseSchema } from '../../src/domain/dashboard.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { runOfferJob } from '../../src/server/waitlist/offers.ts';
import { fromTomorrow } from '../helpers/days.ts';
import { signedEvent } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call, staffKey } from '../helpers/staff-schedule.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useSmsProvider } from '../helpers/use-sms-provider.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { waitingRequest, bookFullGroom } from '../helpers/waitlist.ts';

/**
 * The dashboard's "Refilled from the waitlist" (docs/decisions/088) from bookings made the real way:
 * plain bookings paid at Checkout, an owner's cancel that offers the time, an offer accepted and its
 * deposit paid through the webhook, a staff cancel that keeps the deposit. Only the bookings made
 * from an offer count, and they count what they brought.
 */
const WEBHOOK_SECRET = 'whsec_test_dashboard_refilled';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_dashboard_refilled';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

useFakeStripe(() => undefined);
useSmsProvider(() => undefined);
useTestDatabase();

const API = 'http://localhost/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
const DEPOSIT = 1000;
const changes = routed(bookingChanges);
const answers = routed(waitlistOffers);
let staff: { id: string; key: string };

const settings = async (changes: Partial<BookingSettings>) => {
  await transaction((tx) => updateBookingSettings(tx, changes));
  await query(`UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL AND cause = 'settings'`);
};

beforeAll(async () => {
  staff = await staffKey();
  await settings({
    deposit: { kind: 'fixed', pence: DEPOSIT },
    waitlist: { offersAtOnce: 1, offerMinutes: 60, wakingHours: { from: '00:00', to: '23:59' } },
  });
});

/** An open day at least two days away (beyond the notice) and its first start. */
async function firstStartAway() {
  const res = await availabilityHandler(new Request(`${API}/availability?service=full`));
  const away = Date.now() + 48 * 3_600_000;
  const day = fromTomorrow(AvailabilityResponseSchema.parse(await res.json()).days).find(
    (d) => d.open && d.slots.length >= 12 && Date.parse(d.slots[0]!.start) > away,
  )!;
  return { date: day.date, start: day.slots[0]!.start };
}

let phone = 600;
async function book(start: string): Promise<string> {
  return (await bookFullGroom(start, `07700 900${phone++}`)).bookingId;
}

/** The deposit paid at Stripe's page: the webhook confirms the booking as it does live. */
async function pay(bookingId: string) {
  const [row] = await query<{ stripe_session_id: string }>('SELECT stripe_session_id FROM bookings WHERE id = $1', [
    bookingId,
  ]);
  const { body, signature } = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
    id: row!.stripe_session_id,
    status: 'complete',
    payment_status: 'paid',
    amount_total: DEPOSIT,
    currency: 'gbp',
    payment_intent: `pi_refilled_${bookingId.slice(0, 8)}`,
    client_reference_id: bookingId,
    metadata: { booking_id: bookingId },
  });
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signature }, body }),
  );
  expect(res.status).toBe(200);
}

/** The request's open offer, accepted with one tap: a hold until its deposit is paid. */
async function accept(requestId: string): Promise<string> {
  const [offer] = await query<{ id: string }>(
    `SELECT id FROM waitlist_offers WHERE request_id = $1 AND status = 'open'`,
    [requestId],
  );
  expect(offer, 'an open offer').toBeDefined();
  const res = await answers(
    new Request(`${API}/waitlist/${requestId}/offers/${offer!.id}/accept`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ idempotencyKey: randomUUID() }),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const made = CreateBookingResponseSchema.parse(await res.json());
  expect(made.status).toBe('pending_payment');
  return made.bookingId;
}

async function refilled() {
  const res = await call('GET', '/v1.0.1/management/dashboard', { key: staff.key });
  expect(res.status).toBe(200);
  return DashboardResponseSchema.parse(res.body).refilled;
}

describe('GET /management/dashboard: tables refilled from the waitlist', () => {
  it('counts bookings made from an offer and what they brought, a plain booking never, a kept deposit after a cancel', async () => {
    const nothing = { tables: 0, pence: 0 };
    expect(await refilled()).toEqual({ thisWeek: nothing, lastWeek: nothing, last28Days: nothing });

    // Both tables of a start booked and paid the ordinary way: takings, but nothing refilled.
    const day = await firstStartAway();
    const [plain, freed] = [await book(day.start), await book(day.start)];
    await pay(plain!);
    await pay(freed!);
    const first = await waitingRequest({
      createdAt: new Date(Date.now() - 60_000),
      date: day.date,
      phone: '+447700901701',
    });
    const second = await waitingRequest({ createdAt: new Date(), date: day.date, phone: '+447700901702' });
    expect(await refilled()).toEqual({ thisWeek: nothing, lastWeek: nothing, last28Days: nothing });

    // The owner cancels: the first asked is offered the table, takes it and pays the deposit.
    const cancelled = await changes(
      new Request(`${API}/bookings/${freed}/cancel`, { method: 'POST', headers: JSON_TYPE, body: '{}' }),
    );
    expect(cancelled.status).toBe(200);
    const refill = await accept(first);
    // A hold not yet paid is not a booking: nothing refilled yet.
    expect(await refilled()).toEqual({ thisWeek: nothing, lastWeek: nothing, last28Days: nothing });
    await pay(refill);
    const one = { tables: 1, pence: DEPOSIT };
    expect(await refilled()).toEqual({ thisWeek: one, lastWeek: nothing, last28Days: one });

    // Staff cancel the refilled booking keeping its deposit: no table held, the deposit still brought.
    const kept = await call('POST', `/v1.0.1/management/bookings/${refill}/cancel`, {
      key: staff.key,
      body: { reason: 'Owner phoned, dog poorly', refundDeposit: false },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const keptOnly = { tables: 0, pence: DEPOSIT };
    expect(await refilled()).toEqual({ thisWeek: keptOnly, lastWeek: nothing, last28Days: keptOnly });

    // That table frees again, and the next asked refills it.
    await runOfferJob({ send: false });
    await pay(await accept(second));
    const two = { tables: 1, pence: 2 * DEPOSIT };
    expect(await refilled()).toEqual({ thisWeek: two, lastWeek: nothing, last28Days: two });
  });
});
