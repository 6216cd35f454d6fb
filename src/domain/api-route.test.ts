import { describe, expect, expectTypeOf, it } from 'vitest';
import { configPaths, pathTo } from './api-route.ts';
import * as apiRoutes from './staff-api-routes.ts';

describe('the API route table', () => {
  it.each([
    [pathTo(apiRoutes.schedule, {}, { from: '2026-11-26', days: 7 }), '/management/schedule?from=2026-11-26&days=7'],
    [pathTo(apiRoutes.staffMoveBooking, { id: 'bk_1' }), '/management/bookings/bk_1/move'],
    [pathTo(apiRoutes.saveDog, { id: 'c 1', dog: 'd/2' }), '/management/customers/c%201/dogs/d%2F2'],
    [
      pathTo(apiRoutes.customerVisits, { id: 'c1' }, { cursor: 'a&b', none: undefined }),
      '/management/customers/c1/visits?cursor=a%26b',
    ],
    [pathTo(apiRoutes.removeClosure, { date: '2026-12-25' }), '/management/closures/2026-12-25/remove'],
  ])('%s', (path, expected) => expect(path).toBe(expected));

  it('never lets a parameter add a path segment', () =>
    expect(pathTo(apiRoutes.booking, { id: '../management/staff' })).toBe('/bookings/..%2Fmanagement%2Fstaff'));

  it('refuses a call without its parameter', () =>
    expect(() => pathTo(apiRoutes.booking, { id: '' })).toThrow('/bookings/:id needs :id'));

  it('writes config paths as Netlify reads them, each once', () =>
    expect(configPaths(apiRoutes.settings, apiRoutes.saveSettings, apiRoutes.saveService)).toEqual([
      '/v1.0.1/management/settings',
      '/v1.0.1/management/services/:id',
    ]));
});

describe("the table's body types", () => {
  it('are the input types of the schemas the functions parse', () => {
    expectTypeOf(apiRoutes.staffMoveBooking.body).toEqualTypeOf<{ start: string } | undefined>();
    expectTypeOf(apiRoutes.removeBlock.body).toEqualTypeOf<Record<string, never> | undefined>();
    expectTypeOf(apiRoutes.schedule.body).toEqualTypeOf<undefined>();
  });
});
