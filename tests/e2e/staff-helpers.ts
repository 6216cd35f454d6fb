import path from 'node:path';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { pastVisitsDay, workerStaffPhone } from '../../scripts/lib/e2e-fixtures.ts';
import { SoftAuthenticator } from '../helpers/soft-authenticator.ts';
import { SMS_PROVIDER_URL } from './ports.ts';

/**
 * The staff area's end-to-end helpers: texts read from the fake provider's inbox (the phone), staff
 * members made through the staff API, and Chromium's virtual authenticator for passkeys.
 */
export const DEMO_STAFF = { phone: '07700 900000', e164: '+447700900000' };

let members = 0;
/** A valid UK mobile no other test of this run uses (not a drama number: those belong to bookings). */
export function staffPhone(): { phone: string; e164: string } {
  members++;
  const n = `${Number(process.env.TEST_WORKER_INDEX ?? 0) % 10}${String(members % 1000).padStart(3, '0')}`;
  return { phone: `07911 13${n}`, e164: `+44791113${n}` };
}

interface Text {
  to: string;
  text: string;
  reference: string;
}

/** Every text the site has sent to `e164` so far, oldest first. */
export async function inbox(e164: string): Promise<Text[]> {
  const res = await fetch(`${SMS_PROVIDER_URL}?to=${encodeURIComponent(e164)}`);
  return (await res.json()) as Text[];
}

const STAFF_CODE =
  /^(\d{6}) is your Leyton Dog Grooming code to (?:sign in to the staff area|confirm a change to the staff list)/;

/**
 * Waits for a text to `e164` beyond the `seen` first ones that opens with `opening` (a staff code by
 * default), and returns the code it carries.
 */
export async function nextCode(e164: string, seen: number, opening: RegExp = STAFF_CODE): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const texts = await inbox(e164);
        // The newest code after the first `seen` texts: staff-change notices to every member arrive
        // between codes (docs/decisions/070), so the very last text need not be the code.
        code = texts
          .slice(seen)
          .map((t) => opening.exec(t.text)?.[1])
          .filter((c) => c !== undefined)
          .at(-1);
        return code;
      },
      { message: `a code texted to ${e164}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Signs a staff member in through the API, reading the code from the inbox. */
export async function signInByApi(
  request: APIRequestContext,
  phone: { phone: string; e164: string },
): Promise<{ accessKey: string; expiresAt: string }> {
  const seen = (await inbox(phone.e164)).length;
  const asked = await request.post('/v1.0.1/management/sign-in/codes', { data: { phone: phone.phone } });
  expect(asked.status()).toBe(202);
  const { requestId } = (await asked.json()) as { requestId: string };
  const code = await nextCode(phone.e164, seen);
  const signedIn = await request.post('/v1.0.1/management/sign-in/by-code', {
    data: { phone: phone.phone, requestId, code },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return (await signedIn.json()) as { accessKey: string; expiresAt: string };
}

/** A software passkey per staff key the tests prove again with, so proofs need no texts (and no text limits). */
const authenticators = new Map<string, SoftAuthenticator>();

/**
 * Proves again with `key`, as its holder would before a staff change (docs/decisions/070): with a
 * passkey of a software authenticator registered for it the first time (tests/helpers/soft-authenticator.ts).
 */
export async function proveFreshByApi(
  request: APIRequestContext,
  key: string,
  base = test.info().project.use.baseURL!,
): Promise<void> {
  const headers = { 'x-access-key': key };
  const origin = new URL(base).origin;
  let authenticator = authenticators.get(key);
  if (!authenticator) {
    authenticator = new SoftAuthenticator(origin);
    const options = await request.post(`${origin}/v1.0.1/management/passkeys/options`, { data: {}, headers });
    const { challengeId, options: creation } = (await options.json()) as { challengeId: string; options: never };
    const added = await request.post(`${origin}/v1.0.1/management/passkeys`, {
      data: { challengeId, response: authenticator.create(creation), name: 'Test passkey' },
      headers,
    });
    expect(added.status(), await added.text()).toBe(201);
    authenticators.set(key, authenticator);
  }
  const asked = await request.post(`${origin}/v1.0.1/management/step-up/passkey-options`, { data: {}, headers });
  expect(asked.status(), await asked.text()).toBe(200);
  const { challengeId, options } = (await asked.json()) as { challengeId: string; options: never };
  const proved = await request.post(`${origin}/v1.0.1/management/step-up/by-passkey`, {
    data: { challengeId, response: authenticator.get(options) },
    headers,
  });
  expect(proved.status(), await proved.text()).toBe(200);
}

/** Adds a member of staff through the staff API, proving it is the key's holder first. */
export async function addStaff(
  request: APIRequestContext,
  key: string,
  name: string,
): Promise<{ phone: string; e164: string; id: string }> {
  const phone = staffPhone();
  await proveFreshByApi(request, key);
  const res = await request.post('/v1.0.1/management/staff', {
    data: { name, phone: phone.phone },
    headers: { 'x-access-key': key },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { member } = (await res.json()) as { member: { _id: string } };
  return { ...phone, id: member._id };
}

/**
 * The tests' own staff key (per worker): the worker's own staff member (the e2e server seeds one per
 * parallel worker, scripts/lib/e2e-fixtures.ts), signed in once by a code from the inbox; two
 * workers signing in one number at once could each read the other's code. The staff members each
 * test signs in as are added with it, so no number is sent more codes than its hourly limit.
 */
export const test = base.extend<object, { staffKey: string }>({
  staffKey: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const { accessKey } = await signInByApi(request, workerStaffPhone(workerInfo.parallelIndex));
      await request.dispose();
      await use(accessKey);
    },
    { scope: 'worker' },
  ],
});

/**
 * Records, in sessionStorage, whether a management page's `<main>` or a heading inside it was ever
 * shown on this tab: the guard must show nothing of a page before it lets the visitor in.
 */
export async function watchForShownMain(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const check = () => {
      const main = document.querySelector<HTMLElement>('[data-management-main]');
      if (main && !main.hidden) sessionStorage.setItem('main-shown', location.pathname);
      if (main?.querySelector('h1')) sessionStorage.setItem('heading-shown', location.pathname);
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['hidden'],
    });
  });
}

/** Chromium's virtual platform authenticator (CDP WebAuthn): resident keys, user verification done. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Every Content-Security-Policy violation the page reports (event or console), across navigations. */
export async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportStaffPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportStaffPolicyViolation: (text: string) => void }).reportStaffPolicyViolation(
        `${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} ${e.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console on ${page.url()}: ${message.text()}`);
  });
  return violations;
}

/**
 * A screenshot of the whole page for people to look at (brand.md), only when asked for with
 * SCREENSHOTS_DIR: encoding full-page PNGs on every run cost the suite seconds nobody looked at.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS_DIR)
    await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Staff, signed in by `key`, on the schedule of the day the e2e server's past visits
 * are (scripts/lib/e2e-fixtures.ts); answers its address, to come back to it.
 */
export async function yesterdaysSchedule(page: Page, key: string, base: string): Promise<string> {
  await page.context().addCookies([{ name: 'auth_key', value: key, url: base }]);
  const schedule = `${base}/management/schedule?day=${pastVisitsDay()}`;
  await page.goto(schedule);
  await expect(page.getByText(/Loading the schedule/)).toHaveCount(0);
  return schedule;
}
