import { describe, expect, it } from 'vitest';
import { HttpError } from './http.ts';
import { routeOf } from './routes.ts';

const at = (method: string, path: string) => new Request(`https://example.test/v1.0.1${path}`, { method });
const names = ['customers', 'customer', 'saveCustomer', 'saveDog'] as const;

function refusal(run: () => unknown): number | string {
  try {
    run();
    return 'answered';
  } catch (error) {
    return error instanceof HttpError ? error.status : String(error);
  }
}

describe('routeOf', () => {
  it.each([
    ['GET', '/management/customers', {}, 'customers', {}],
    ['GET', '/management/customers/', {}, 'customers', {}],
    ['GET', '/management/customers/c1', { id: 'c1' }, 'customer', { id: 'c1' }],
    ['HEAD', '/management/customers/c1', { id: 'c1' }, 'customer', { id: 'c1' }],
    ['POST', '/management/customers/c1', { id: 'c1' }, 'saveCustomer', { id: 'c1' }],
    ['POST', '/management/customers/c1/dogs/d2', { id: 'c1', dog: 'd2' }, 'saveDog', { id: 'c1', dog: 'd2' }],
  ])('%s %s is the route of the table, its parameters Netlify’s', (method, path, params, name, expected) => {
    expect(routeOf(at(method, path), { params }, names)).toEqual({ name, params: expected });
  });

  it.each([
    ['GET', '/management/customers/c1/dogs', { id: 'c1' }, 404],
    ['GET', '/management/customerz', {}, 404],
    ['POST', '/management/customers', {}, 405],
    ['GET', '/management/customers/c1/dogs/d2', { id: 'c1', dog: 'd2' }, 405],
    // Netlify matched the route but its runtime read no parameter (another case, say): not found.
    ['GET', '/MANAGEMENT/customers/c1', {}, 404],
  ])('%s %s is refused with %s', (method, path, params, status) => {
    expect(refusal(() => routeOf(at(method, path), { params }, names))).toBe(status);
  });

  it('will not guess parameters when called without Netlify’s context', () => {
    expect(refusal(() => routeOf(at('GET', '/management/customers/c1'), undefined, names))).toMatch(
      /without Netlify's context.params/,
    );
    expect(routeOf(at('GET', '/management/customers'), undefined, names).name).toBe('customers');
  });
});
