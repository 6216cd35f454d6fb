import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import { transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import type { FakeStripe } from '../helpers/fake-stripe.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * A deploy preview as Netlify configures it: `URL` is production's address, `CONTEXT` and
 * `DEPLOY_PRIME_URL` say this deploy is a preview and where it lives. A customer paying on the preview
 * comes back to the preview, where their booking is (docs/decisions/064).
 */
const PREVIEW = 'https://deploy-preview-17--leyton-dogs.netlify.app';
process.env.URL = 'https://www.leytondoggrooming.co.uk';
process.env.CONTEXT = 'deploy-preview';
process.env.DEPLOY_PRIME_URL = PREVIEW;
process.env.STRIPE_SECRET_KEY = 'sk_test_preview_links';
process.env.STRIPE_WEBHOOK_SECRET = 'whsec_test_preview_links';

let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));
useTestDatabase({ seed: true });
beforeAll(() => transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } })));

describe('payment return links on a deploy preview', () => {
  it("send the customer back to the preview's address, not production's", async () => {
    // Called on another address, so the link can only have come from DEPLOY_PRIME_URL.
    const API = 'http://localhost/v1.0.1';
    const { days } = AvailabilityResponseSchema.parse(
      await (await availabilityHandler(new Request(`${API}/availability?service=full`))).json(),
    );
    const start = days.find((d) => d.open && d.slots.length > 0)!.slots[0]!.start;
    const res = await bookingsHandler(
      new Request(`${API}/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          serviceId: 'full',
          start,
          dog: { name: 'Pip', breedId: 'whippet', weightKg: 12, coat: 'short' },
          owner: {
            name: 'Ria Preview',
            phone: '07700 900777',
            email: 'ria@example.com',
            marketingConsent: false,
            acceptTerms: true,
          },
          idempotencyKey: randomUUID(),
        }),
      }),
    );
    expect(res.status).toBe(201);
    expect(CreateBookingResponseSchema.parse(await res.json()).status).toBe('pending_payment');
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.params.get('success_url')).toBe(`${PREVIEW}/booking-success/{CHECKOUT_SESSION_ID}`);
    expect(created.params.get('cancel_url')).toBe(`${PREVIEW}/booking-payment-cancelled/{CHECKOUT_SESSION_ID}`);
  });
});
