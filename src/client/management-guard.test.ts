import { describe, expect, it } from 'vitest';
import { privilegesOf } from './management-guard.ts';

describe('privilegesOf (the body of GET /customer/auth, read without zod)', () => {
  it.each([
    [
      { status: 200, error: null, data: { _id: 'abc', privileges: 2 } },
      { _id: 'abc', privileges: 2 },
    ],
    [
      { status: 200, error: null, data: { _id: 'abc', privileges: 1 } },
      { _id: 'abc', privileges: 1 },
    ],
    [{ status: 200, error: null, data: { _id: 'abc', privileges: '2' } }, null],
    [{ status: 200, error: null, data: { privileges: 2 } }, null],
    [{ status: 401, error: 'x', data: null }, null],
    [{ data: [] }, null],
    ['<html>', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (body, holder) => {
    expect(privilegesOf(body)).toEqual(holder);
  });
});
