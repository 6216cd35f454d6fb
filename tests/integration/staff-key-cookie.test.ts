import { describe, expect, it } from 'vitest';
import customerAuth from '../../netlify/functions/customer-auth.ts';
import { addStaffMember, call, HOST, lastCodeSentTo } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The staff key cookie (issue 18, docs/decisions/071): the server sets it HttpOnly, so a script
 * injected into a page cannot read the key and take it away; our own pages' calls carry it, another
 * site's cannot use it.
 */
useTestDatabase();

let phones = 0;
const freshPhone = () => `07700 900${String(700 + phones++)}`;
let ips = 0;
const freshIp = () => `203.0.113.${100 + ++ips}`;

/** Signs in by code through the real doors and returns the answer's Set-Cookie lines. */
async function signInForCookies(phone: string) {
  const ip = freshIp();
  const asked = await call('POST', '/v1.0.1/management/sign-in/codes', { body: { phone }, ip });
  const signedIn = await call('POST', '/v1.0.1/management/sign-in/by-code', {
    body: { phone, requestId: asked.body.requestId, code: await lastCodeSentTo(phone) },
    ip,
  });
  expect(signedIn.status).toBe(200);
  return { key: signedIn.body.accessKey as string, cookies: signedIn.headers.getSetCookie() };
}

const cookieValue = (lines: string[], name: string) =>
  lines
    .find((l) => l.startsWith(`${name}=`))
    ?.split(';')[0]!
    .slice(name.length + 1);

describe('the staff key cookie', () => {
  it('is set by the server HttpOnly, SameSite=Strict, for as long as the key lives, with a readable marker beside it', async () => {
    const phone = freshPhone();
    await addStaffMember(phone, 'Cookie Groomer');
    const { key, cookies } = await signInForCookies(phone);
    const auth = cookies.find((l) => l.startsWith('auth_key='));
    expect(auth).toBeDefined();
    expect(auth).toMatch(/; HttpOnly/);
    expect(auth).toMatch(/; SameSite=Strict/);
    expect(auth).toMatch(/; Path=\//);
    expect(Number(/Max-Age=(\d+)/.exec(auth!)![1])).toBeGreaterThan(6 * 86_400);
    expect(cookieValue(cookies, 'auth_key')).toBe(key);
    const marker = cookies.find((l) => l.startsWith('staff_signed_in='));
    expect(marker).toMatch(/^staff_signed_in=1;/);
    expect(marker).not.toMatch(/HttpOnly/);
    // Nothing identifying in a cookie: no number, no name.
    expect(cookies.join('\n')).not.toMatch(/phone|previous_user|Cookie Groomer|7700/);
  });

  it('opens the staff API and the guard’s question on our own pages without any header, and not from another site', async () => {
    const phone = freshPhone();
    await addStaffMember(phone, 'Cookie Groomer');
    const { key } = await signInForCookies(phone);
    const cookie = `auth_key=${key}`;
    const session = await call('GET', '/v1.0.1/management/session', { headers: { cookie } });
    expect(session.status).toBe(200);
    const guard = await customerAuth(new Request(`${HOST}/v1.0.1/customer/auth`, { headers: { cookie } }));
    expect(guard.status).toBe(200);
    expect((await guard.json()).data.privileges).toBe(2);
    // A page on another site that got the browser to send the cookie (it cannot: SameSite=Strict) is still refused.
    const forged = await call('POST', '/v1.0.1/management/staff', {
      body: { name: 'Planted', phone: freshPhone() },
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('cross_site');
  });

  it('is deleted by signing out, and the key with it', async () => {
    const phone = freshPhone();
    await addStaffMember(phone, 'Cookie Groomer');
    const { key } = await signInForCookies(phone);
    const out = await call('POST', '/v1.0.1/management/sign-out', { body: {}, headers: { cookie: `auth_key=${key}` } });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie();
    expect(cleared.find((l) => l.startsWith('auth_key='))).toMatch(/^auth_key=; .*Max-Age=0/);
    expect(cleared.find((l) => l.startsWith('staff_signed_in='))).toMatch(/Max-Age=0/);
    expect((await call('GET', '/v1.0.1/management/session', { headers: { cookie: `auth_key=${key}` } })).status).toBe(
      401,
    );
  });
});
