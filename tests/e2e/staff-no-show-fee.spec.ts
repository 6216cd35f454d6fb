import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { BALANCE_LINK_ROW, NO_SHOW_FEE_ROWS, workerStaffPhone } from '../../scripts/lib/e2e-fixtures.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripe-stand-in.ts';
import { axeViolations } from './axe.ts';
import { SMS_PROVIDER_URL } from './ports.ts';
import { inbox, shot, signInByApi, test, watchPolicy, yesterdaysSchedule } from './staff-helpers.ts';

/**
 * The fair no-show rules at the counter (issue 20, decision 081), at 390 px (a phone: the day as a
 * list) and 1280 px (the grid): yesterday's no-shows whose owners saved a card are charged from the
 * schedule, up to the cap of the terms stored with the booking. A card that pays, a card the bank
 * declines (shown, tried again only when a person asks) and a bank that wants the owner to approve
 * (SCA: a payment link texted to them, which they pay on the Stripe stand-in's page); the fee on the
 * accountant's CSV, and the strike on the customer's record waived with a reason.
 *
 * Charging needs Stripe, which the shared end-to-end server runs without. This file starts its own
 * site server (the same `scripts/serve-test.ts`, so the same seeded rows, scripts/lib/e2e-fixtures.ts)
 * pointed at a Stripe stand-in started here: its hosted page takes the payment link, and its fake's
 * record of PaymentIntents shows what was asked of the bank. Its tests run one after the other.
 */
test.describe.configure({ mode: 'serial' });

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;
const SERVICE = 'Bath & Brush (Shower)';

let server: ChildProcess | undefined;
let stripe: StripeStandIn | undefined;
let base = '';
let key = '';

test.beforeAll(async ({ playwright }) => {
  // Migrating a fresh database and importing every function while the shared server's tests run.
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://localhost:${port}`;
  stripe = await startStripeStandIn({ webhookUrl: `${base}/v1.0.1/payments/stripe-webhook`, log: console.error });
  server = spawn(process.execPath, ['scripts/serve-test.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      URL: base,
      SMS_PROVIDER_URL,
      MAGIC_RATE_LIMIT_PER_MINUTE: '1000000',
      TEXT_BUDGET_PER_DAY: '1000000',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_BASE: stripe.base,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('e2e server ready')) resolve();
    });
    server!.once('exit', (code) => reject(new Error(`the no-show fee server stopped (${code}): ${out}`)));
  });
  // The worker's own staff member (seeded on every e2e server), signed in once for the file.
  const api = await playwright.request.newContext({ baseURL: base });
  key = (await signInByApi(api, workerStaffPhone(test.info().parallelIndex))).accessKey;
  await api.dispose();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  await stripe?.close();
});

type Row = (typeof NO_SHOW_FEE_ROWS)[number];

/** What the bank was asked for a booking's no-show fee, as the stand-in's fake recorded it. */
const chargesOf = (row: Row) =>
  stripe!.fake.paymentIntents.filter((pi) => (pi.metadata as Record<string, string>).booking_id === row.id);

async function noViolations(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

/** Opens a booking of yesterday's schedule, as staff tap its card. */
async function openBooking(page: Page, row: Row) {
  await page.getByRole('button', { name: new RegExp(`${row.dog}, Bath & Brush \\(Shower\\), ${row.name}`) }).click();
  return page.getByRole('dialog', { name: `${row.dog} · ${SERVICE}` });
}

/** Marks the booking a no-show and opens it again: its no-show fee panel. */
async function markNoShow(page: Page, row: Row) {
  const dialog = await openBooking(page, row);
  await dialog.getByRole('button', { name: 'No-show' }).click();
  await expect(page.getByText(`${row.dog} marked a no-show.`)).toBeVisible();
  return (await openBooking(page, row)).getByRole('region', { name: 'No-show fee' });
}

for (const viewport of VIEWPORTS) {
  const w = viewport.width;
  const rowOf = (kind: Row['kind']) => NO_SHOW_FEE_ROWS.find((r) => r.width === w && r.kind === kind)!;
  const [visa, declined, sca] = [rowOf('visa'), rowOf('declined'), rowOf('sca')];

  test(`at ${w} px: a no-show fee charged from the schedule, declined, sent as a link, and a strike waived`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const violations = await watchPolicy(page);
    await page.setViewportSize(viewport);
    const schedule = await yesterdaysSchedule(page, key, base);
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();

    // ---- the card pays: the cap is the booking's own terms (£25 less the £10 paid), not today's rule
    let fee = await markNoShow(page, visa);
    // The booking's money agrees with its card: the deposit kept, no balance due for a groom not given.
    await expect(
      page.getByRole('dialog').getByText('From £38.00 · deposit £10.00 kept', { exact: true }),
    ).toBeVisible();
    const offer = fee.getByRole('button', { name: 'Charge no-show fee (up to £15.00)…' });
    await expect(offer).toBeVisible();
    await noViolations(page, `the fee offered at ${w} px`);
    await shot(page, `no-show-fee-offered-${w}`);
    await offer.click();
    const amount = fee.getByLabel('Fee to charge (£)');
    await expect(amount).toHaveValue('15.00');
    await expect(amount).toHaveAccessibleDescription(/Up to £15\.00, the rule the customer agreed to/);
    await noViolations(page, `the fee's form at ${w} px`);
    await shot(page, `no-show-fee-form-${w}`);
    await fee.getByRole('button', { name: 'Charge £15.00' }).click();
    await expect(fee.getByRole('status')).toHaveText('No-show fee taken: £15.00.');
    await expect(fee.getByRole('button', { name: /Charge|Try the card again/ })).toHaveCount(0);
    await shot(page, `no-show-fee-taken-${w}`);
    expect(chargesOf(visa).map((pi) => [pi.amount, pi.status])).toEqual([[1500, 'succeeded']]);
    await page.keyboard.press('Escape');

    // ---- the bank declines: said plainly, and tried again only when a person asks -----------
    fee = await markNoShow(page, declined);
    await fee.getByRole('button', { name: 'Charge no-show fee (up to £15.00)…' }).click();
    await fee.getByRole('button', { name: 'Charge £15.00' }).click();
    const failed = fee.getByRole('status');
    await expect(failed).toContainText('The charge of £15.00 failed.');
    await expect(failed).toContainText('The bank declined the card. Nothing was taken; talk to the owner.');
    await expect(fee.getByRole('button', { name: 'Try the card again…' })).toBeVisible();
    await expect(fee.getByLabel('Fee to charge (£)')).toHaveCount(0);
    await noViolations(page, `a declined fee at ${w} px`);
    await shot(page, `no-show-fee-declined-${w}`);
    // Opened again later: still failed, still one charge asked of the bank.
    await page.keyboard.press('Escape');
    fee = (await openBooking(page, declined)).getByRole('region', { name: 'No-show fee' });
    await expect(fee.getByRole('status')).toContainText('The bank declined the card.');
    expect(chargesOf(declined)).toHaveLength(1);
    // A person asks: a second attempt, declined again.
    await fee.getByRole('button', { name: 'Try the card again…' }).click();
    await fee.getByRole('button', { name: 'Charge £15.00' }).click();
    await expect(fee.getByRole('button', { name: 'Try the card again…' })).toBeVisible();
    expect(chargesOf(declined)).toHaveLength(2);
    await page.keyboard.press('Escape');

    // ---- the bank wants the owner to approve (SCA): a payment link goes to them -------------
    const seen = (await inbox(sca.phone)).length;
    fee = await markNoShow(page, sca);
    await fee.getByRole('button', { name: 'Charge no-show fee (up to £15.00)…' }).click();
    await fee.getByRole('button', { name: 'Charge £15.00' }).click();
    await expect(fee.getByRole('status')).toHaveText(
      'Payment link sent: £15.00. The bank asked the owner to approve the fee, so they were sent a link to pay it.',
    );
    await noViolations(page, `a fee link sent at ${w} px`);
    await shot(page, `no-show-fee-link-sent-${w}`);
    const texts = (await inbox(sca.phone)).slice(seen);
    const linkText = texts.find((t) => t.text.includes(`we missed ${sca.dog} on`));
    expect(linkText?.text).toContain('The missed-appointment fee is £15.00; your bank asks you to approve it:');
    const link = /(https?:\/\/\S+\/checkout\/cs_\w+)/.exec(linkText!.text)![1]!;
    // The owner pays on the (stand-in's) payment page; its webhook brings the fee in.
    await page.goto(link);
    await page.getByRole('button', { name: 'Pay £15.00' }).click();
    await expect(page).toHaveURL(`${base}/b/${sca.id}`);
    await page.goto(schedule);
    fee = (await openBooking(page, sca)).getByRole('region', { name: 'No-show fee' });
    await expect(fee.getByRole('status')).toHaveText('No-show fee taken: £15.00.');

    // ---- Finances: the two fees taken are on the accountant's CSV, the declined one is not ---
    await page.goto(`${base}/management/finances`);
    await expect(page.getByRole('heading', { name: 'Finances', level: 1 })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV for the accountant' }).click();
    const csv = parse(await readFile((await (await download).path())!, 'utf8'), { bom: true }) as string[][];
    const feesOf = (row: Row) => csv.filter((r) => r[5] === row.id && r[2] === 'No-show fee').map((r) => [r[3], r[4]]);
    expect(feesOf(visa)).toEqual([['Online (Stripe)', '15.00']]);
    // Asked again by a link after the bank wanted the owner (decision 100: the ledger names the link).
    expect(feesOf(sca)).toEqual([['Payment link (Stripe)', '15.00']]);
    expect(feesOf(declined)).toEqual([]);

    // ---- the customer's record: the strike, waived with a reason ---------------------------
    await page.goto(`${base}/management/customer/${visa.customer}`);
    await expect(page.getByRole('heading', { name: visa.name, level: 1 })).toBeVisible();
    // What they have paid: the £10 deposit and the £15 fee.
    await expect(page.getByText('Paid in all', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
      '£25.00',
    );
    const strikes = page.getByRole('region', { name: 'Missed appointments' });
    await expect(strikes).toContainText('1 counting in the last 12 months');
    await expect(strikes.getByText('Counts', { exact: true })).toBeVisible();
    await strikes
      .getByRole('button', { name: new RegExp(`^Waive: ${visa.dog}, ${SERVICE.replace(/[()]/g, '\\$&')}`) })
      .click();
    await strikes.getByLabel('Why it should not count').fill('The owner was taken to hospital that morning.');
    await noViolations(page, `the waiver at ${w} px`);
    await shot(page, `strike-waiver-${w}`);
    await strikes.getByRole('button', { name: 'Waive this strike' }).click();
    await expect(strikes).toContainText('0 counting in the last 12 months');
    await expect(
      strikes.getByText(/^Waived by Worker Groomer \d: The owner was taken to hospital that morning\.$/),
    ).toBeVisible();
    await expect(strikes.getByRole('button', { name: /^Waive/ })).toHaveCount(0);
    await noViolations(page, `the strike waived at ${w} px`);
    await shot(page, `strike-waived-${w}`);
    expect(violations).toEqual([]);
  });
}

test('at 390 px: a paid fee refunded from the schedule, and only then the no-show undone', async ({ page }) => {
  const viewport = VIEWPORTS[0];
  // The card that paid in the 390 px test above (this file's tests run in order, on its own server).
  const visa = NO_SHOW_FEE_ROWS.find((r) => r.width === viewport.width && r.kind === 'visa')!;
  const violations = await watchPolicy(page);
  await page.setViewportSize(viewport);
  await yesterdaysSchedule(page, key, base);
  const dialog = await openBooking(page, visa);
  const fee = dialog.getByRole('region', { name: 'No-show fee' });
  await expect(fee.getByRole('status')).toHaveText('No-show fee taken: £15.00.');

  // Undoing the no-show while the fee is held: refused where the counter's buttons are.
  await dialog.getByRole('button', { name: 'Undo “a no-show”' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'This no-show fee' })).toHaveText(
    'This no-show fee of £15.00 was paid. Refund it before undoing the no-show.',
  );
  await noViolations(page, 'the undo refused at 390 px');
  await shot(page, 'no-show-fee-undo-refused-390');

  await fee.getByRole('button', { name: 'Refund fee…' }).click();
  await expect(fee.getByText('£15.00 goes back to the card it was paid with.', { exact: false })).toBeVisible();
  await noViolations(page, 'the refund asked at 390 px');
  await fee.getByRole('button', { name: 'Refund £15.00' }).click();
  await expect(fee.getByRole('status')).toHaveText('No-show fee refunded: £15.00.');
  await expect(fee.getByRole('button', { name: /Refund/ })).toHaveCount(0);
  await noViolations(page, 'the fee refunded at 390 px');
  await shot(page, 'no-show-fee-refunded-390');
  const feePi = chargesOf(visa)[0]!.id;
  expect(stripe!.fake.refunds.filter((r) => r.payment_intent === feePi).map((r) => r.amount)).toEqual([1500]);

  // Refunded: the no-show can be taken back.
  await dialog.getByRole('button', { name: 'Undo “a no-show”' }).click();
  await expect(page.getByText(`${visa.dog}'s mark taken back.`)).toBeVisible();
  expect(violations).toEqual([]);
});

// The balance by a payment link (decision 096) needs this file's Stripe: yesterday's visit completed
// with a link instead of card or cash, the link texted, paid on the stand-in's page, and seen paid.
test('at 1280 px: the balance sent as a payment link, paid on the owner’s phone, seen paid online', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const row = BALANCE_LINK_ROW;
  const violations = await watchPolicy(page);
  await page.setViewportSize(VIEWPORTS[1]);
  const open = async () => {
    await page.getByRole('button', { name: new RegExp(`${row.dog}, Full Groom, ${row.name}`) }).click();
    return page.getByRole('dialog', { name: `${row.dog} · Full Groom` });
  };
  const schedule = await yesterdaysSchedule(page, key, base);
  let dialog = await open();
  await dialog.getByRole('button', { name: 'Completed…' }).click();
  await dialog.getByRole('radio', { name: 'Payment link' }).check();
  await expect(dialog.getByLabel('Balance taken (£)')).toHaveCount(0);
  await expect(dialog.getByText(/^£45\.00 due\. The owner gets a text and an e-mail/)).toBeVisible();
  await noViolations(page, 'the payment link chosen at 1280 px');
  await shot(page, 'balance-link-chosen-1280');
  const seen = (await inbox(row.phone)).length;
  await dialog.getByRole('button', { name: 'Send a payment link' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Payment link sent at' })).toHaveText(
    /^Payment link sent at \d\d:\d\d — £45\.00, not paid yet\.$/,
  );
  await noViolations(page, 'the payment link sent at 1280 px');
  await shot(page, 'balance-link-sent-1280');

  // The owner's text carries the link; they pay on the (stand-in's) page and come back to /b/{id}.
  await expect.poll(async () => (await inbox(row.phone)).length).toBeGreaterThan(seen);
  const text = (await inbox(row.phone)).slice(seen).find((t) => t.text.includes('left to pay'))!;
  expect(text.text).toContain(`${row.dog}'s groom, £45.00 left to pay. Pay on your phone:`);
  await page.goto(/(https?:\/\/\S+\/checkout\/cs_\w+)/.exec(text.text)![1]!);
  await page.getByRole('button', { name: 'Pay £45.00' }).click();
  await expect(page).toHaveURL(`${base}/b/${row.id}`);
  await expect(page.getByText('Paid — thank you.')).toBeVisible();
  await shot(page, 'balance-link-owner-paid-1280');

  // Staff see it paid online, and no way to take it again.
  await page.goto(schedule);
  await expect(page.getByText(/Loading the schedule/)).toHaveCount(0);
  dialog = await open();
  await expect(dialog.getByRole('status').filter({ hasText: 'Paid online' })).toHaveText(
    /^Paid online at \d\d:\d\d — £45\.00\.$/,
  );
  await expect(dialog.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  await noViolations(page, 'the balance paid online at 1280 px');
  await shot(page, 'balance-link-paid-1280');
  await page.setViewportSize(VIEWPORTS[0]);
  await shot(page, 'balance-link-paid-390');
  expect(violations).toEqual([]);
});
