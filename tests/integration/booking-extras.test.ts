import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as booking from '../../netlify/functions/booking.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import * as finances from '../../netlify/functions/management-finances.ts';
import quoteHandler from '../../netlify/functions/quote.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  BookingViewSchema,
  CreateBookingResponseSchema,
  QuoteResponseSchema,
  type CreateBookingRequestInput,
} from '../../src/domain/booking-schemas.ts';
import { CSV_COLUMNS } from '../../src/domain/finances.ts';
import { todayIn } from '../../src/domain/london-time.ts';
import { ScheduleResponseSchema } from '../../src/domain/schedule.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { signedEvent, type FakeStripe } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call as staffCall, staffKey } from '../helpers/staff-schedule.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { fromTomorrow } from '../helpers/days.ts';
// A booking id may start with '-' (base64url, 1 in 64): the CSV writes it formula-safe, as "'-…".
import { formulaSafeCell } from '../../src/domain/spreadsheet-cells.ts';

/**
 * Extras from the booking form to everything downstream (issue 20, decision 080): a dog's two extras
 * change the quote, the deposit, the times offered and the booking's length, are kept with the
 * booking, and show on its page, in its e-mails and calendar file, on the staff schedule and in the
 * accountant's CSV. An extra the service does not offer, too many, or an unknown one is a 400 that
 * writes nothing.
 */

const bookingHandler = routed(booking);
const financesHandler = routed(finances);

const WEBHOOK_SECRET = 'whsec_test_booking_extras';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_booking_extras';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
// Every request here comes from one address; the limits have their own tests (booking-abuse.test.ts).
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));
useTestDatabase({ seed: true });

beforeAll(async () => {
  // A 20 % deposit, so what the extras add shows in what is paid now.
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'percent', percent: 20 } }));
});

const API = 'http://localhost/v1.0.1';
const TWO_EXTRAS = ['deshed-boost', 'nail-grind'];

async function dayOf(qs: string) {
  const res = await availabilityHandler(new Request(`${API}/availability?${qs}`));
  expect(res.status).toBe(200);
  return AvailabilityResponseSchema.parse(await res.json()).days;
}

let phones = 300;
function request(start: string, overrides: Partial<CreateBookingRequestInput> = {}): CreateBookingRequestInput {
  phones++;
  return {
    serviceId: 'full',
    start,
    dog: { name: 'Pepper', breedId: 'border-terrier', weightKg: 9, coat: 'wire' },
    extras: TWO_EXTRAS,
    owner: {
      name: 'Robin Extras',
      phone: `07700 900${phones}`,
      email: `robin${phones}@example.com`,
      marketingConsent: false,
      acceptTerms: true,
    },
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}
const post = (body: unknown) =>
  bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

describe('a dog with two extras', () => {
  it('is quoted, offered times, booked, kept and shown everywhere with them', async () => {
    // The quote: a 9 kg dog is small (£45, 105 min); the extras add £17 and 30 minutes.
    const quoted = await quoteHandler(
      new Request(`${API}/quote?service=full&weightKg=9&extras=${TWO_EXTRAS.join(',')}`),
    );
    expect(quoted.status).toBe(200);
    const quote = QuoteResponseSchema.parse(await quoted.json());
    expect(quote).toMatchObject({ size: 'small', durationMin: 135 });
    expect(quote.extrasOffered.map((e) => e.id)).toEqual([
      'nail-grind',
      'teeth',
      'deshed-boost',
      'flea-bath',
      'bandana',
    ]);
    expect(quote.quote).toMatchObject({
      fromPricePence: 4500,
      extrasPence: 1700,
      totalFromPence: 6200,
      depositPence: 1240,
    });
    // The extras in catalogue order, whatever order they were asked in.
    expect(quote.quote.lines).toEqual([
      { kind: 'service', label: 'Full Groom, small dog', pence: 4500 },
      { kind: 'extra', label: 'Nail grinding', pence: 500 },
      { kind: 'extra', label: 'De-shedding boost', pence: 1200 },
      { kind: 'total', label: 'Total, from', pence: 6200 },
      { kind: 'deposit', label: 'Deposit due now', pence: 1240 },
    ]);

    // A longer visit is offered fewer times: it must end by closing.
    const days = fromTomorrow(await dayOf('service=full&weightKg=9')).filter((d) => d.open && d.slots.length >= 10);
    const day = days[2]!;
    const [longer] = await dayOf(`service=full&weightKg=9&extras=${TWO_EXTRAS.join(',')}&from=${day.date}&days=1`);
    expect(longer!.slots.length).toBeLessThan(day.slots.length);
    expect(longer!.slots.every((s) => day.slots.some((t) => t.start === s.start))).toBe(true);
    // The last time that fits a 135-minute visit is free, and too late a time for it is refused.
    const tooLate = day.slots.find((s) => !longer!.slots.some((t) => t.start === s.start))!;
    const refused = await post(request(tooLate.start));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    // The booking: the deposit Stripe is asked for is 20 % of the total with the extras.
    const before = stripe.requests.length;
    const res = await post(request(longer!.slots.at(-1)!.start));
    expect(res.status).toBe(201);
    const answer = CreateBookingResponseSchema.parse(await res.json());
    expect(answer.status).toBe('pending_payment');
    expect(stripe.requests.slice(before)[0]!.params.get('line_items[0][price_data][unit_amount]')).toBe('1240');
    const [row] = await query<{ minutes: number; deposit_pence: number; total: number; session: string }>(
      `SELECT (extract(epoch FROM end_at - start_at) / 60)::int AS minutes, deposit_pence,
              (quote ->> 'totalFromPence')::int AS total, stripe_session_id AS session
         FROM bookings WHERE id = $1`,
      [answer.bookingId],
    );
    expect(row).toMatchObject({ minutes: 135, deposit_pence: 1240, total: 6200 });
    expect(
      await query(
        'SELECT extra_id, title, price_pence, duration_min FROM booking_extras WHERE booking_id = $1 ORDER BY extra_id',
        [answer.bookingId],
      ),
    ).toEqual([
      { extra_id: 'deshed-boost', title: 'De-shedding boost', price_pence: 1200, duration_min: 20 },
      { extra_id: 'nail-grind', title: 'Nail grinding', price_pence: 500, duration_min: 10 },
    ]);

    // Paid: confirmed, with its messages.
    stripe.pay(row!.session, `pi_test_${answer.bookingId.slice(0, 8)}`);
    const { body, signature } = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
      id: row!.session,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 1240,
      currency: 'gbp',
      payment_intent: `pi_test_${answer.bookingId.slice(0, 8)}`,
      client_reference_id: answer.bookingId,
      metadata: { booking_id: answer.bookingId },
    });
    const paid = await webhookHandler(
      new Request(`${API}/payments/stripe-webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': signature },
        body,
      }),
    );
    expect(((await paid.json()) as { outcome: string }).outcome).toBe('confirmed');

    // The booking's page: the extras, and each a line of its price.
    const view = BookingViewSchema.parse(
      await (await bookingHandler(new Request(`${API}/bookings/${answer.bookingId}`))).json(),
    );
    expect(view.extras).toEqual([
      { id: 'nail-grind', title: 'Nail grinding', pricePence: 500, durationMin: 10 },
      { id: 'deshed-boost', title: 'De-shedding boost', pricePence: 1200, durationMin: 20 },
    ]);
    expect(view.service.duration).toBe(135);
    expect(view.price.lines.filter((l) => l.kind === 'extra').map((l) => l.label)).toEqual([
      'Nail grinding',
      'De-shedding boost',
    ]);

    // The e-mails and the calendar file name them; the e-mail prices them.
    const mails = await query<{ kind: string; body_text: string }>(
      `SELECT kind, body_text FROM outbox WHERE booking_id = $1 AND channel = 'email' ORDER BY kind`,
      [answer.bookingId],
    );
    const confirmation = mails.find((m) => m.kind === 'booking_confirmation')!.body_text;
    for (const line of [
      'Extras: Nail grinding, De-shedding boost',
      'Nail grinding: £5.00',
      'De-shedding boost: £12.00',
      'Total, from: £62.00',
      'Deposit paid: £12.40',
    ])
      expect(confirmation).toContain(line);
    expect(mails.find((m) => m.kind === 'shop_new_booking')!.body_text).toContain(
      'Extras: Nail grinding, De-shedding boost',
    );
    const ics = await (await bookingHandler(new Request(`${API}/bookings/${answer.bookingId}/calendar.ics`))).text();
    expect(ics.replace(/\r\n /g, '')).toContain('Extras: Nail grinding\\, De-shedding boost');

    // The staff schedule: the extras on the card, their prices in what is due.
    const { key } = await staffKey('Extras Groomer');
    const schedule = await staffCall('GET', `/v1.0.1/management/schedule?from=${longer!.date}&days=1`, { key });
    expect(schedule.status).toBe(200);
    const card = ScheduleResponseSchema.parse(schedule.body).bookings.find((b) => b.id === answer.bookingId)!;
    expect(card.extras?.map((e) => e.title)).toEqual(['Nail grinding', 'De-shedding boost']);
    expect(card).toMatchObject({ totalFromPence: 6200, depositHeldPence: 1240, balanceDuePence: 4960 });

    // The accountant's CSV: the deposit's line carries the quote and the extras.
    const today = todayIn('Europe/London', new Date());
    const csv = await financesHandler(
      new Request(`${API}/management/finances/takings.csv?from=${today}&to=${longer!.date}`, {
        headers: { 'x-access-key': key },
      }),
    );
    expect(csv.status).toBe(200);
    const rows = parse(await csv.text(), { bom: true, columns: true }) as Record<
      (typeof CSV_COLUMNS)[number],
      string
    >[];
    expect(rows.find((r) => r.Booking === formulaSafeCell(answer.bookingId))).toMatchObject({
      Type: 'Deposit',
      'Amount (GBP)': '12.40',
      'Quoted (GBP)': '62.00',
      Extras: 'Nail grinding £5.00; De-shedding boost £12.00',
      'Extras (GBP)': '17.00',
    });
  });
});

describe('extras the booking cannot have', () => {
  const snapshot = async () =>
    (
      await query<{ n: string }>(
        `SELECT (SELECT count(*) FROM bookings) || '/' || (SELECT count(*) FROM customers) || '/' ||
                (SELECT count(*) FROM dogs) || '/' || (SELECT count(*) FROM booking_extras) || '/' ||
                (SELECT count(*) FROM outbox) AS n`,
      )
    )[0]!.n;

  it.each([
    ['an extra not offered with the service', { serviceId: 'nails', extras: ['deshed-boost'] }],
    ['an unknown extra', { extras: ['nail-grind', 'gold-leaf'] }],
    ['eleven extras', { extras: Array.from({ length: 11 }, (_, i) => `extra-${i}`) }],
    ['an id that is no id', { extras: ['Nail Grind'] }],
    ['extras that are not a list', { extras: 'nail-grind' }],
  ])('%s: a 400 that writes nothing', async (_, overrides) => {
    const [day] = fromTomorrow(await dayOf('service=nails'))
      .filter((d) => d.open && d.slots.length >= 10)
      .slice(4);
    const before = await snapshot();
    const res = await post(request(day!.slots[0]!.start, overrides as Partial<CreateBookingRequestInput>));
    expect(res.status).toBe(400);
    expect(BookingErrorSchema.parse(await res.json()).error).toBeTruthy();
    expect(await snapshot()).toBe(before);
  });

  it.each([
    ['quote', 'service=nails&extras=deshed-boost'],
    ['quote', 'service=full&extras=gold-leaf'],
    ['quote', `service=full&extras=${Array.from({ length: 11 }, (_, i) => `x${i}`).join(',')}`],
    ['availability', 'service=nails&extras=deshed-boost'],
    ['availability', 'service=full&extras=gold-leaf'],
    ['availability', 'service=full&extras=nail-grind,,teeth'],
  ])('GET /%s?%s is a 400', async (path, qs) => {
    const handler = path === 'quote' ? quoteHandler : availabilityHandler;
    const res = await handler(new Request(`${API}/${path}?${qs}`));
    expect(res.status).toBe(400);
  });
});
