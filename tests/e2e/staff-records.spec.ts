import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { freePort } from '../../scripts/lib/free-port.ts';
import { CSV_COLUMNS } from '../../src/domain/finances.ts';
import { signedEvent, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.ts';
import { axeViolations } from './axe.ts';
import { SMS_PROVIDER_URL } from './ports.ts';
import { inbox, nextCode, proveFreshByApi, shot, test, watchPolicy } from './staff-helpers.ts';

/**
 * Issue 12's day at the counter, the records' share (docs/decisions/061-staff-records.md), at 1280
 * and 390 px: sign in by a texted code, refund a deposit paid online through the local Stripe
 * stand-in, export the accountant's CSV and open it, find a customer and erase one, add a breed
 * with a picture, change a setting and see it on the public API; axe on every screen.
 *
 * Deposits need Stripe, which the shared end-to-end server runs without (its booking tests expect
 * no deposit). This file starts its own site server, the same `scripts/serve-test.ts`, with the
 * Stripe stand-in of tests/helpers/fake-stripe.ts and a webhook secret, so its settings (a £10
 * deposit) touch no other test. Its tests run one after the other on that server.
 */
test.describe.configure({ mode: 'serial' });

const WEBHOOK_SECRET = 'whsec_e2e_staff_records';
const DEMO_STAFF = { phone: '07700 900000', e164: '+447700900000' };
let server: ChildProcess | undefined;
let stripe: FakeStripe;
let base = '';
/** The demo staff member's key, signed in once for the file (a number may be sent only so many codes). */
let key: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stripe = await startFakeStripe();
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = spawn(process.execPath, ['scripts/serve-test.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      URL: base,
      SMS_PROVIDER_URL,
      MAGIC_RATE_LIMIT_PER_MINUTE: '1000000',
      BOOKING_RATE_LIMIT_PER_HOUR: '1000000',
      STRIPE_SECRET_KEY: 'sk_test_e2e_staff_records',
      STRIPE_API_BASE: stripe.base,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('e2e server ready')) resolve();
    });
    server!.once('exit', (code) => reject(new Error(`the records server stopped (${code}): ${out}`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  await stripe?.close();
});

const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 900 },
  { name: '390 px', width: 390, height: 844 },
];

async function noViolations(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

/** The demo staff member signed in through the API (the login page's own test is staff-sign-in.spec.ts). */
async function staffKeyFor(request: APIRequestContext): Promise<string> {
  const seen = (await inbox(DEMO_STAFF.e164)).length;
  const asked = await request.post(`${base}/v1.0.1/management/sign-in/codes`, { data: { phone: DEMO_STAFF.phone } });
  expect(asked.status()).toBe(202);
  const { requestId } = (await asked.json()) as { requestId: string };
  const code = await nextCode(DEMO_STAFF.e164, seen);
  const signedIn = await request.post(`${base}/v1.0.1/management/sign-in/by-code`, {
    data: { phone: DEMO_STAFF.phone, requestId, code },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return ((await signedIn.json()) as { accessKey: string }).accessKey;
}

/**
 * A groomer added to the staff list, then signed in on the login page with the code read from the
 * fake provider's inbox. Numbers of this file's own (07911 15…), as the inbox is shared with the
 * other tests' server.
 */
async function signIn(page: Page, api: APIRequestContext, key: string, width: number, target: string) {
  const member = {
    phone: `07911 15${String(width).padStart(4, '0')}`,
    e164: `+44791115${String(width).padStart(4, '0')}`,
  };
  await proveFreshByApi(api, key, base);
  const added = await api.post(`${base}/v1.0.1/management/staff`, {
    data: { name: `Groomer ${width}`, phone: member.phone },
    headers: { 'x-access-key': key },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto(`${base}${target}`);
  await expect(page).toHaveURL(/\/management\/login$/);
  const seen = (await inbox(member.e164)).length;
  await page.getByLabel('Your mobile number').fill(member.phone);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  const code = await nextCode(member.e164, seen);
  await page.getByLabel('Character 1 of 6').fill(code);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[/?]/g, '\\$&')}$`));
}

/** An open slot `nth` days ahead with room, from the public availability. */
async function slot(request: APIRequestContext, nth: number): Promise<string> {
  const res = await request.get(`${base}/v1.0.1/availability?service=nails&days=28`);
  const { days } = (await res.json()) as { days: { open: boolean; slots: { start: string }[] }[] };
  return days.filter((d) => d.open && d.slots.length > 3)[nth]!.slots[1]!.start;
}

let phones = 0;
const phone = (width: number) => `07700 900${String(700 + (width % 7) * 10 + phones++).slice(-3)}`;

/** A booking made online and its deposit paid on Stripe's page (the stand-in), confirmed by the signed webhook. */
async function paidBooking(request: APIRequestContext, name: string, width: number, nth: number): Promise<string> {
  const res = await request.post(`${base}/v1.0.1/bookings`, {
    data: {
      serviceId: 'nails',
      start: await slot(request, nth),
      dog: { name: 'Biscuit', breedId: 'beagle', weightKg: 12.5, coat: 'short' },
      owner: {
        name,
        phone: phone(width),
        email: `records.${width}.${phones}@example.com`,
        marketingConsent: false,
        acceptTerms: true,
      },
      idempotencyKey: randomUUID(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const made = (await res.json()) as { bookingId: string; status: string; checkoutUrl: string };
  expect(made.status).toBe('pending_payment');
  const sessionId = /\/(cs_test_[0-9a-f]+)$/.exec(made.checkoutUrl)![1]!;
  const paymentIntent = `pi_test_records_${width}_${nth}`;
  stripe.pay(sessionId, paymentIntent);
  const { body, signature } = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
    id: sessionId,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: paymentIntent,
    amount_total: 1000,
    currency: 'gbp',
    client_reference_id: made.bookingId,
    metadata: { booking_id: made.bookingId },
  });
  const hook = await request.post(`${base}/v1.0.1/payments/stripe-webhook`, {
    data: body,
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
  });
  expect(hook.status(), await hook.text()).toBe(200);
  return made.bookingId;
}

/** A customer whose only booking they cancelled themselves: nothing ahead, so they may be erased. */
async function cancelledCustomer(request: APIRequestContext, name: string, width: number): Promise<void> {
  const res = await request.post(`${base}/v1.0.1/bookings`, {
    data: {
      serviceId: 'nails',
      start: await slot(request, 12),
      dog: { name: 'Pepper', breedId: 'beagle', weightKg: 8, coat: 'short' },
      owner: {
        name,
        phone: phone(width),
        email: `erase.${width}@example.com`,
        marketingConsent: false,
        acceptTerms: true,
      },
      idempotencyKey: randomUUID(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { bookingId, accessKey } = (await res.json()) as { bookingId: string; accessKey: string };
  const cancelled = await request.post(`${base}/v1.0.1/bookings/${bookingId}/cancel`, {
    data: {},
    headers: { 'x-access-key': accessKey },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    let violations: string[] = [];
    test.beforeEach(async ({ page }) => {
      violations = await watchPolicy(page);
    });
    test.afterEach(() => expect(violations).toEqual([]));

    test('a day at the counter: refund a deposit, the CSV, a customer found and one erased, a breed, a setting', async ({
      page,
      playwright,
    }) => {
      test.setTimeout(120_000);
      const w = viewport.width;
      const api = await playwright.request.newContext();
      key ??= await staffKeyFor(api);
      const staff = { 'x-access-key': key };
      // A £10 deposit, so an online booking pays one through the Stripe stand-in.
      const deposit = await api.post(`${base}/v1.0.1/management/settings`, {
        data: { deposit: { kind: 'fixed', pence: 1000 } },
        headers: staff,
      });
      expect(deposit.status(), await deposit.text()).toBe(200);
      // A name that a spreadsheet would run as a formula: the CSV must hand it over as text.
      const formulaName = `=HYPERLINK("x") Formula ${w}`;
      const refunded = await paidBooking(api, `Robin Refund ${w}`, w, w === 1280 ? 2 : 3);
      await paidBooking(api, formulaName, w, w === 1280 ? 4 : 5);
      await cancelledCustomer(api, `Erin Erase ${w}`, w);

      // ---- Finances: refund the deposit through Stripe ----
      await signIn(page, api, key, w, '/management/finances');
      await expect(page.getByRole('heading', { name: 'Finances', level: 1 })).toBeVisible();
      await expect(page.getByText('Deposits taken')).toBeVisible();
      const deposits = page.getByRole('list', { name: 'Deposits' });
      await expect(deposits.getByText(`£10.00 · Robin Refund ${w}`)).toBeVisible();
      await noViolations(page, 'finances');
      await shot(page, `finances-${w}`);
      await page.getByRole('button', { name: `Refund Robin Refund ${w}'s deposit of £10.00` }).click();
      const form = page.getByRole('form', { name: `Refund Robin Refund ${w}'s deposit` });
      await expect(form.getByLabel('Amount to refund (£)')).toHaveValue('10.00');
      await form.getByRole('button', { name: 'Refund now' }).click();
      await expect(form.getByText('Please say why, for the accounts')).toBeVisible();
      await form.getByLabel('Reason').fill('Groomer off sick');
      await noViolations(page, 'the refund form');
      await form.getByRole('button', { name: 'Refund now' }).click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: /refund/i })
          .first(),
      ).toBeVisible();
      await expect(
        deposits
          .getByRole('listitem')
          .filter({ hasText: `Robin Refund ${w}` })
          .getByText('Refunded', { exact: true }),
      ).toBeVisible();
      const refunds = stripe.requests.filter(
        (r) =>
          r.path === '/v1/refunds' && r.params.get('payment_intent') === `pi_test_records_${w}_${w === 1280 ? 2 : 3}`,
      );
      expect(refunds.map((r) => r.params.get('amount'))).toEqual(['1000']);
      await shot(page, `finances-refunded-${w}`);

      // ---- the accountant's CSV, opened ----
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV for the accountant' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        /^leyton-dog-grooming-takings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const rows = parse(await readFile((await file.path())!, 'utf8'), { bom: true }) as string[][];
      expect(rows[0]).toEqual([...CSV_COLUMNS]);
      // A booking id may start with '-' (base64url): csv-stringify's escape_formulas writes it with a
      // leading "'", like any cell a spreadsheet could run as a formula.
      const idCell = /^[-+=@]/.test(refunded) ? `'${refunded}` : refunded;
      const mine = rows.filter((r) => r[5] === idCell);
      expect(mine.map((r) => [r[2], r[4]])).toEqual([
        ['Deposit', '10.00'],
        ['Deposit refund', '-10.00'],
      ]);
      const formulaRows = rows.filter((r) => r[8]!.includes(`Formula ${w}`));
      expect(formulaRows.length).toBeGreaterThan(0);
      // Neutralised: the cell no longer starts with '=', so a spreadsheet shows it as text.
      for (const r of formulaRows) expect(r[8]!.startsWith('=')).toBe(false);

      // ---- Customers: find one as you type, then erase another ----
      await page.goto(`${base}/management/customers`);
      await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
      await page.getByLabel('Search customers').fill(`robin refund ${w}`);
      const found = page.getByRole('list', { name: 'Customers' }).getByRole('link');
      await expect(found).toHaveCount(1);
      await expect(found).toContainText('Biscuit');
      await noViolations(page, 'customers');
      await shot(page, `customers-${w}`);
      // By keyboard, as at the counter with a keyboard case: Tab from the search to the customer, Enter.
      await page.getByLabel('Search customers').press('Tab');
      await expect(found).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: `Robin Refund ${w}`, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Biscuit', level: 2 })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Bookings' }).getByText(/Deposit £10\.00, refunded £10\.00/),
      ).toBeVisible();
      await noViolations(page, 'one customer');
      await shot(page, `customer-${w}`);
      // Weighed again today and a note on temperament, by keyboard: the card keeps the weight history.
      await page.getByRole('button', { name: 'Edit Biscuit' }).focus();
      await page.keyboard.press('Enter');
      await page.getByLabel('Temperament').fill('Nervous of the dryer');
      await page.getByLabel('Weight today (kg)').fill('13.5');
      await page.getByLabel('Weight today (kg)').press('Enter');
      await expect(page.getByText("Biscuit's card saved.")).toBeVisible();
      await expect(page.getByText('13.5 kg', { exact: false }).first()).toBeVisible();
      await expect(page.getByText(/before: 12\.5 kg on/)).toBeVisible();
      await expect(page.getByText('Nervous of the dryer')).toBeVisible();

      await page.goto(`${base}/management/customers`);
      await page.getByLabel('Search customers').fill(`Erin Erase ${w}`);
      // Everyone is listed until the search has answered: then only Erin.
      await expect(page.getByRole('list', { name: 'Customers' }).getByRole('link')).toHaveCount(1);
      await page
        .getByRole('list', { name: 'Customers' })
        .getByRole('link', { name: new RegExp(`Erin Erase ${w}`) })
        .click();
      await expect(page.getByRole('heading', { name: `Erin Erase ${w}`, level: 1 })).toBeVisible();
      const exported = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export their data' }).click();
      const json = JSON.parse(await readFile((await (await exported).path())!, 'utf8')) as {
        customer: { name: string };
        bookings: unknown[];
      };
      expect(json.customer.name).toBe(`Erin Erase ${w}`);
      expect(json.bookings).toHaveLength(1);
      await page.getByRole('button', { name: 'Erase this customer…' }).click();
      const dialog = page.getByRole('dialog', { name: `Erase Erin Erase ${w}?` });
      await expect(dialog.getByText('Kept for the accounts:')).toBeVisible();
      await noViolations(page, 'the erase dialog');
      await shot(page, `customer-erase-${w}`);
      await dialog.getByRole('button', { name: 'Yes, erase them' }).click();
      await expect(page.getByRole('heading', { name: 'Customer erased' })).toBeVisible();
      await expect(page.getByText(/1 bookings? kept for the accounts without their name/)).toBeVisible();
      await page.goto(`${base}/management/customers`);
      await page.getByLabel('Search customers').fill(`Erin Erase ${w}`);
      await expect(page.getByText(`Nobody matches “Erin Erase ${w}”`, { exact: false })).toBeVisible();

      // ---- Breeds: add one with a picture; None/Other stays ----
      await page.goto(`${base}/management/cms/breeds`);
      await expect(page.getByRole('heading', { name: 'Breeds', level: 1 })).toBeVisible();
      const add = page.getByRole('form', { name: 'Add a breed' });
      await add.getByLabel('Name').fill(`Lagotto ${w}`);
      await add.getByLabel('Usual length (minutes)').fill('90');
      await add.getByLabel('Price from (£)').fill('55');
      await add.getByLabel('Price to (£)').fill('70');
      await add
        .getByLabel(/^Picture/)
        .setInputFiles(path.resolve(import.meta.dirname, '../../public/apple-touch-icon.png'));
      await add.getByRole('button', { name: 'Add breed' }).click();
      await expect(page.getByText(`Lagotto ${w} added with its picture.`)).toBeVisible();
      const row = page
        .getByRole('list', { name: 'Breeds' })
        .getByRole('listitem')
        .filter({ hasText: `Lagotto ${w}` });
      await expect(row.getByText('Full groom usually 1 h 30, £55–£70')).toBeVisible();
      const img = row.locator('img');
      await expect(img).toHaveAttribute('src', /^\/v1\.0\.1\/breed-images\/[0-9a-f]{64}\.webp\?w=96$/);
      // Lazy: it loads once it is on screen.
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)))
        .toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Edit None/Other' }).click();
      await expect(page.getByText('cannot be renamed or removed')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove breed…' })).toHaveCount(0);
      await noViolations(page, 'breeds');
      await shot(page, `breeds-${w}`);
      const quote = await api.get(`${base}/v1.0.1/breeds`);
      expect(JSON.stringify(await quote.json())).toContain(`Lagotto ${w}`);

      // ---- Settings: a price change shows on the public site at once ----
      await page.goto(`${base}/management/settings`);
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(page.getByText(/Last changed by/)).toBeVisible();
      await noViolations(page, 'settings');
      await shot(page, `settings-${w}`);
      const services = page.getByRole('list', { name: 'Services' });
      // A price in the description that the figure no longer is: the editor says so and offers the figure.
      await services.getByRole('button', { name: 'Edit Full Groom' }).click();
      const groom = page.getByRole('form', { name: 'Edit Full Groom' });
      await expect(groom.getByLabel('Kind')).toHaveValue('full');
      await expect(groom.getByLabel('Kind').locator('option:checked')).toHaveText('Full groom');
      // Its sizes, each with the weights the booking rules give them (decision 080).
      await expect(groom.getByLabel('Medium (over 10 kg, up to 25 kg): price (£)')).toHaveValue('55.00');
      await expect(groom.getByLabel('Large: minutes')).toHaveValue('150');
      // The first edition's description no longer repeats the sizes' prices; one typed with a price is checked.
      await groom.getByLabel('Description').fill('<p>Small dogs from £45, medium from £55.</p>');
      await groom.getByLabel('Price from (£)').fill('48');
      await expect(groom.getByText('The description says £45; the price is £48.')).toBeVisible();
      await groom.getByRole('button', { name: 'Change £45 to £48 in the description' }).click();
      await expect(groom.getByLabel('Description')).toHaveValue(/Small dogs from £48, medium from £55/);
      await expect(groom.getByText('The description says £45')).toHaveCount(0);
      await noViolations(page, 'the service editor');
      await groom.getByRole('button', { name: 'Cancel' }).click();
      const nails = services.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Edit Nail/ }) });
      await nails.getByRole('button', { name: /^Edit Nail/ }).click();
      const price = w === 1280 ? '12.50' : '13.75';
      await services.getByLabel('Price from (£)').fill(price);
      await services.getByRole('button', { name: 'Save service' }).click();
      await expect(page.getByText(new RegExp(`saved: from £${price}`))).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Recent changes' }).getByText(new RegExp(`price £[0-9.]+ → £${price}`)),
      ).toBeVisible();
      const types = (await (await api.get(`${base}/v1.0.1/cms/booking-types`)).json()) as unknown;
      expect(JSON.stringify(types)).toContain(`"price":${Math.round(Number(price) * 100)}`);
      await api.dispose();
    });
  });
}

/** The code of the last text to `e164` beyond the `seen` first ones that starts with `opening`. */
async function codeTexted(e164: string, seen: number, opening: RegExp): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const texts = await inbox(e164);
      code = texts.length > seen ? opening.exec(texts.at(-1)!.text)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

test('two look-alike records: the screen says why a code is needed, texts the proved number, and merges with the code read out', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext();
  key ??= await staffKeyFor(api);
  const number = { phone: '07700 900798', e164: '+447700900798' };
  const booking = (name: string, dog: string, nth: number) => ({
    serviceId: 'nails',
    dog: { name: dog, breedId: 'beagle', weightKg: 8, coat: 'short' },
    owner: {
      name,
      phone: number.phone,
      email: `${dog.toLowerCase()}@example.com`,
      marketingConsent: false,
      acceptTerms: true,
    },
    idempotencyKey: randomUUID(),
    nth,
  });
  // The customer proves the number with a code, books, and cancels: nothing of theirs is ahead.
  let seen = (await inbox(number.e164)).length;
  const asked = await api.post(`${base}/v1.0.1/phone-codes`, { data: { phone: number.phone, purpose: 'booking' } });
  expect(asked.status()).toBe(202);
  const { requestId } = (await asked.json()) as { requestId: string };
  const bookingCode = await codeTexted(number.e164, seen, /^(\d{6}) is your Leyton Dog Grooming code to confirm/);
  const { nth: first, ...customer } = booking('Priya Proved', 'Pepper', 14);
  const made = await api.post(`${base}/v1.0.1/bookings`, {
    data: { ...customer, start: await slot(api, first), phoneProof: { requestId, code: bookingCode } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const own = (await made.json()) as { bookingId: string; accessKey: string };
  const customerId = (
    (await (await api.get(`${base}/v1.0.1/devices/auth`, { headers: { 'x-access-key': own.accessKey } })).json()) as {
      _id: string;
    }
  )._id;
  const cancelled = await api.post(`${base}/v1.0.1/bookings/${own.bookingId}/cancel`, {
    data: {},
    headers: { 'x-access-key': own.accessKey },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  // A stranger books with the customer's number, without a code, from another device.
  const { nth: second, ...stranger } = booking('Mallory Stranger', 'Rex', 15);
  const theirs = await api.post(`${base}/v1.0.1/bookings`, { data: { ...stranger, start: await slot(api, second) } });
  expect(theirs.status(), await theirs.text()).toBe(201);
  const strangerKey = ((await theirs.json()) as { accessKey: string }).accessKey;

  await signIn(page, api, key, 1279, `/management/customer/${customerId}`);
  await expect(page.getByRole('heading', { name: 'Priya Proved', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Merge Mallory Stranger into this record' }).click();
  await expect(page.getByText(/Only one of these records has proved its number/)).toBeVisible();
  await noViolations(page, 'a merge that needs a code');
  await shot(page, 'customer-merge-code');
  seen = (await inbox(number.e164)).length;
  await page.getByRole('button', { name: /^Text a code to / }).click();
  const mergeCode = await codeTexted(
    number.e164,
    seen,
    /^(\d{6}) is your Leyton Dog Grooming code to join your records/,
  );
  await page.getByLabel('Code the customer reads to you').fill(mergeCode);
  await page.getByRole('button', { name: 'Merge with this code' }).click();
  await expect(
    page.getByText('Merged: 1 bookings and 0 dogs moved onto this record; 1 device signed out.'),
  ).toBeVisible();
  // The stranger's device opens nothing now.
  const strangerDogs = await api.get(`${base}/v1.0.1/customer/dogs`, { headers: { 'x-access-key': strangerKey } });
  expect(strangerDogs.status()).toBe(401);
  await api.dispose();
});
