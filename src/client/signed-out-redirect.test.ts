import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { signedOutRedirectScript } from './signed-out-redirect.ts';

/** Runs the inline script against a stand-in document, location and sessionStorage. */
function run(cookie: string, address = 'http://localhost/management/schedule?day=2026-12-01#t', storage = true) {
  const url = new URL(address);
  const written: string[] = [];
  const stored = new Map<string, string>();
  let replacedWith: string | null = null;
  runInNewContext(signedOutRedirectScript(), {
    document: {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        written.push(value);
      },
    },
    location: {
      protocol: url.protocol,
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      replace: (to: string) => (replacedWith = to),
    },
    sessionStorage: {
      setItem: (key: string, value: string) => {
        if (!storage) throw new Error('QuotaExceededError');
        stored.set(key, value);
      },
    },
  });
  return { written, stored: Object.fromEntries(stored), replacedWith };
}

describe('the signed-out redirect (the guard without a key, before any script loads)', () => {
  it('without a key: keeps the page, sets the 0x02 reason for a minute and goes to the login page', () => {
    expect(run('')).toEqual({
      written: ['logout_reason=0x02; Path=/; Max-Age=60; SameSite=Lax'],
      stored: { login_redirect: '/management/schedule?day=2026-12-01#t' },
      replacedWith: '/management/login',
    });
    expect(run('previous_user=%7B%7D; logout_reason=0x01').replacedWith).toBe('/management/login');
  });

  it('on https the reason cookie is Secure', () => {
    expect(run('', 'https://example.org/management').written).toEqual([
      'logout_reason=0x02; Path=/; Max-Age=60; SameSite=Lax; Secure',
    ]);
  });

  it('storage refused: still goes to the login page (sign-in then goes to the dashboard)', () => {
    expect(run('', 'http://localhost/management', false)).toMatchObject({
      stored: {},
      replacedWith: '/management/login',
    });
  });

  it('a long address is kept cut to the length the module guard keeps', () => {
    const long = `http://localhost/management/schedule?q=${'x'.repeat(3000)}`;
    expect(run('', long).stored.login_redirect).toHaveLength(2048);
  });

  it.each(['staff_signed_in=1', 'auth_key=abc', 'a=1; staff_signed_in=1', 'a=1;auth_key=abc; b=2'])(
    'with %s it does nothing: the module guard asks the server',
    (cookie) => {
      expect(run(cookie)).toEqual({ written: [], stored: {}, replacedWith: null });
    },
  );

  it.each(['staff_signed_in=', 'auth_key=; a=1', 'my_auth_key=abc', 'xstaff_signed_in=1'])(
    'an empty or other cookie (%s) is no key',
    (cookie) => {
      expect(run(cookie).replacedWith).toBe('/management/login');
    },
  );
});
