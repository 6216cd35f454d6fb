import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { mobile, visitor } from './booking-helpers.ts';
import { ownDay, type OwnDay } from './own-days.ts';

const site = JSON.parse(readFileSync(new URL('../../content/site.json', import.meta.url), 'utf8'));

/**
 * The pages Stripe Checkout returns to. The end-to-end server runs without Stripe (its webhook and
 * by-session lookup are covered by the integration tests against a fake Stripe), so here the
 * by-session answer is a real booking's view from this server, served through `page.route` with the
 * status the webhook would give it.
 */
test.use({ viewport: mobile });

async function realBookingView(page: Page, who: OwnDay) {
  const me = visitor('pay');
  const day = await ownDay(page.request, who, 'service=puppy');
  const response = await page.request.post('/v1.0.1/bookings', {
    data: {
      serviceId: 'puppy',
      start: day.slots[2]!.start,
      dog: { name: 'Nova', breedId: 'cockapoo', weightKg: 4, coat: 'medium' },
      owner: { name: me.name, phone: me.phone, email: me.email, marketingConsent: false, acceptTerms: true },
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.status()).toBe(201);
  const { bookingId } = (await response.json()) as { bookingId: string };
  const view = await (await page.request.get(`/v1.0.1/bookings/${bookingId}`)).json();
  return { view: view as Record<string, unknown> & { id: string }, time: day.slots[2]!.time };
}

test('the success page waits for the payment to be confirmed, then shows the booking', async ({ page }) => {
  const { view, time } = await realBookingView(page, 'booking-payment-pages: the success page');
  let calls = 0;
  await page.route('**/v1.0.1/bookings/by-session/*', (route) => {
    calls += 1;
    // The webhook lands on the third look.
    const status = calls < 3 ? 'pending_payment' : 'confirmed';
    if (calls < 3) return route.fulfill({ json: { ...view, status, depositPaidPence: 0 } });
    // Confirmed: the ledger has the deposit (decision 100), as the real view then says.
    const money = view.money as { finalPricePence: number };
    return route.fulfill({
      json: {
        ...view,
        status,
        depositPaidPence: 1000,
        money: {
          ...money,
          paidPence: 1000,
          duePence: money.finalPricePence - 1000,
          lines: [{ label: 'Deposit, paid online', pence: 1000, kind: 'deposit', method: 'online' }],
        },
      },
    });
  });
  await page.goto('/booking-success/cs_test_a1B2c3D4e5F6g7H8');
  await expect(page.getByText('Confirming your payment')).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  expect(calls).toBeGreaterThanOrEqual(3);
  await expect(page.getByText(new RegExp(`\\d{4}, ${time}$`))).toBeVisible();
  await expect(page.getByText('£10.00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'view or change your booking' })).toHaveAttribute(
    'href',
    `/b/${view.id}`,
  );
  await expect(
    page.getByText(`WhatsApp is quickest: we usually reply in about ${site.whatsapp.replyMinutes} minutes.`),
  ).toBeVisible();
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
});

test('the payment-cancelled page says the time is held and offers to pay again or in the shop', async ({ page }) => {
  const { view, time } = await realBookingView(page, 'booking-payment-pages: the payment-cancelled page');
  const holdExpiresAt = new Date(Date.now() + 25 * 60_000);
  const until = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(holdExpiresAt);
  await page.route('**/v1.0.1/bookings/by-session/*', (route) =>
    route.fulfill({
      json: {
        ...view,
        status: 'pending_payment',
        checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8',
        holdExpiresAt: holdExpiresAt.toISOString(),
      },
    }),
  );
  await page.goto('/booking-payment-cancelled/cs_test_a1B2c3D4e5F6g7H8');
  await expect(page.getByRole('heading', { name: 'Your payment was cancelled' })).toBeVisible();
  await expect(page.getByText(`, ${time}`)).toBeVisible();
  await expect(page.getByText(`for a while (until ${until})`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try paying again' })).toHaveAttribute(
    'href',
    'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8',
  );
  await expect(page.locator('.confirmation').getByRole('link', { name: 'WhatsApp us' })).toBeVisible();
  await expect(page.locator('.confirmation').getByRole('link', { name: /^Call / })).toHaveAttribute(
    'href',
    /^tel:\+44/,
  );
});
