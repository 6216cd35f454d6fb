import { describe, expect, it } from 'vitest';
import {
  guardAfterAnswer,
  guardBeforeAsking,
  isLoginRoute,
  isManagementPath,
  redirectTargetOf,
  safeRedirectTarget,
} from './management-guard.ts';

const ORIGIN = 'https://www.leytondoggrooming.co.uk';

describe('the guard before it asks the server (contract §4)', () => {
  it.each([
    ['/management/login', false, { kind: 'allow' }],
    ['/management/login/', false, { kind: 'allow' }],
    ['/management/login', true, { kind: 'allow' }],
    ['/management', false, { kind: 'login', reason: '0x02', storeRedirect: true, forgetKey: false }],
    ['/management/schedule', false, { kind: 'login', reason: '0x02', storeRedirect: true, forgetKey: false }],
    ['/management/login-help', false, { kind: 'login', reason: '0x02', storeRedirect: true, forgetKey: false }],
    ['/management', true, { kind: 'ask' }],
    ['/management/customer/abc', true, { kind: 'ask' }],
  ])('%s with a key: %s', (path, hasKey, outcome) => {
    expect(guardBeforeAsking(path, hasKey)).toEqual(outcome);
  });
});

describe('the guard after GET /customer/auth (contract §4)', () => {
  it.each([
    [
      'no answer at all',
      { status: 0, privileges: null },
      { kind: 'login', reason: '0x03', storeRedirect: false, forgetKey: false },
    ],
    ['200 with privileges 2', { status: 200, privileges: 2 }, { kind: 'allow' }],
    [
      '200 with privileges 1',
      { status: 200, privileges: 1 },
      { kind: 'login', reason: '0x04', storeRedirect: false, forgetKey: false },
    ],
    [
      '200 with privileges 0',
      { status: 200, privileges: 0 },
      { kind: 'login', reason: '0x04', storeRedirect: false, forgetKey: false },
    ],
    [
      '200 with no privileges',
      { status: 200, privileges: null },
      { kind: 'login', reason: '0x04', storeRedirect: false, forgetKey: false },
    ],
    ['401', { status: 401, privileges: null }, { kind: 'login', reason: '0x01', storeRedirect: true, forgetKey: true }],
    [
      '403',
      { status: 403, privileges: null },
      { kind: 'login', reason: '0x01', storeRedirect: true, forgetKey: false },
    ],
    [
      '429',
      { status: 429, privileges: null },
      { kind: 'login', reason: '0x01', storeRedirect: true, forgetKey: false },
    ],
    [
      '500',
      { status: 500, privileges: null },
      { kind: 'login', reason: '0x01', storeRedirect: true, forgetKey: false },
    ],
    ['204', { status: 204, privileges: 2 }, { kind: 'login', reason: '0x01', storeRedirect: true, forgetKey: false }],
  ])('%s', (_label, answer, outcome) => {
    expect(guardAfterAnswer(answer)).toEqual(outcome);
  });
});

describe('where sign-in may return to', () => {
  it.each([
    ['/management/schedule?day=2026-12-01', '/management/schedule?day=2026-12-01'],
    ['/management/customer/abc#dogs', '/management/customer/abc#dogs'],
    ['/management', '/management'],
    [null, '/management'],
    ['', '/management'],
    ['/management/login', '/management'],
    ['/management/login/?x=1', '/management'],
    ['//evil.example/management', '/management'],
    ['https://evil.example/management', '/management'],
    ['/\\evil.example/management', '/management'],
    ['/management/../blog', '/management'],
    ['/management/%2e%2e/blog', '/management'],
    ['/managementx', '/management'],
    ['/blog/post/management', '/management'],
    ['javascript:alert(1)', '/management'],
    ['/management\n/x', '/management'],
    [`/management/${'a'.repeat(3000)}`, '/management'],
  ])('%j → %s', (stored, target) => {
    expect(safeRedirectTarget(stored, ORIGIN)).toBe(target);
  });

  it('stores path, query and fragment', () => {
    expect(redirectTargetOf({ pathname: '/management/schedule', search: '?day=2026-12-01', hash: '#am' })).toBe(
      '/management/schedule?day=2026-12-01#am',
    );
  });

  it.each([
    ['/management', true],
    ['/management/', true],
    ['/management/x', true],
    ['/managementx', false],
    ['/x/management', false],
  ])('%s is a management path: %s', (path, yes) => {
    expect(isManagementPath(path)).toBe(yes);
  });

  it.each([
    ['/management/login', true],
    ['/management/login/', true],
    ['/management/logins', false],
    ['/management/login/x', false],
  ])('%s is the login route: %s', (path, yes) => {
    expect(isLoginRoute(path)).toBe(yes);
  });
});
