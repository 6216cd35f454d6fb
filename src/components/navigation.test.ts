import { describe, expect, it } from 'vitest';
import { isCurrent, showsFooterBooking, showsManagementLinks, staffCurrent } from './navigation.ts';

describe('showsManagementLinks', () => {
  it.each([
    ['/', false],
    ['/prices', false],
    ['/blog/post/management-of-matted-coats', false],
    ['/management', true],
    ['/management/', true],
    ['/management/schedule', true],
    ['/management/customer/abc', true],
  ])('%s → %s', (path, expected) => {
    expect(showsManagementLinks(path)).toBe(expected);
  });
});

describe('showsFooterBooking', () => {
  it.each([
    ['/', false],
    ['/leyton', true],
    ['/prices', true],
    ['/404', true],
  ])('%s → %s', (path, expected) => {
    expect(showsFooterBooking(path)).toBe(expected);
  });
});

describe('isCurrent', () => {
  it.each([
    ['/', '/', 'page'],
    ['/', '/prices', undefined],
    ['/prices', '/prices/', 'page'],
    ['/blog', '/blog/post/first-groom', 'true'],
    ['/blog', '/blogging', undefined],
  ] as const)('%s on %s → %s', (href, path, expected) => {
    expect(isCurrent(href, path)).toBe(expected);
  });
});

describe('staffCurrent', () => {
  it.each([
    ['/management', '/management', 'page'],
    ['/management', '/management/', 'page'],
    ['/management', '/management/schedule', undefined],
    ['/management/schedule', '/management/schedule/', 'page'],
    ['/management/customers', '/management/customers', 'page'],
    ['/management/customers', '/management/customer/abc123', 'true'],
    ['/management/cms/breeds', '/management/cms/breeds', 'page'],
    ['/management/settings', '/management/login', undefined],
  ] as const)('%s on %s → %s', (href, path, expected) => {
    expect(staffCurrent(href, path)).toBe(expected);
  });
});
