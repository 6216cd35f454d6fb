import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MODULE_PRELOAD_SLOT, guardHeadScript } from './guard-head.ts';

/** Runs the inline script against a stand-in document, location and sessionStorage. */
function run(
  cookie: string,
  address = 'http://localhost/management/schedule?day=2026-12-01#t',
  storage = true,
  modules: string[] = [],
) {
  const url = new URL(address);
  const written: string[] = [];
  const preloads: Array<{ rel: string; href: string }> = [];
  const stored = new Map<string, string>();
  let replacedWith: string | null = null;
  runInNewContext(guardHeadScript().replace(MODULE_PRELOAD_SLOT, JSON.stringify(modules)), {
    document: {
      createElement: () => ({ rel: '', href: '' }),
      head: { appendChild: (link: { rel: string; href: string }) => preloads.push({ ...link }) },
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
  return { written, stored: Object.fromEntries(stored), replacedWith, preloads };
}

describe("the guard's head script (before any of the page's scripts load)", () => {
  it('without a key: keeps the page, sets the 0x02 reason for a minute and goes to the login page', () => {
    expect(run('')).toEqual({
      written: ['logout_reason=0x02; Path=/; Max-Age=60; SameSite=Lax'],
      stored: { login_redirect: '/management/schedule?day=2026-12-01#t' },
      replacedWith: '/management/login',
      preloads: [],
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
    "with %s it stays and asks for the page's modules at once; the module guard asks the server",
    (cookie) => {
      expect(run(cookie, undefined, true, ['/_astro/a.js', '/_astro/b.js'])).toEqual({
        written: [],
        stored: {},
        replacedWith: null,
        preloads: [
          { rel: 'modulepreload', href: '/_astro/a.js' },
          { rel: 'modulepreload', href: '/_astro/b.js' },
        ],
      });
    },
  );

  it('signed out, it asks for none of the modules', () => {
    expect(run('', undefined, true, ['/_astro/a.js']).preloads).toEqual([]);
  });

  it.each(['staff_signed_in=', 'auth_key=; a=1', 'my_auth_key=abc', 'xstaff_signed_in=1'])(
    'an empty or other cookie (%s) is no key',
    (cookie) => {
      expect(run(cookie).replacedWith).toBe('/management/login');
    },
  );
});
