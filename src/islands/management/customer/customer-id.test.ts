import { describe, expect, it } from 'vitest';
import { customerIdFrom } from './customer-id.ts';

describe('customerIdFrom (/management/customer/{_id})', () => {
  it.each([
    ['/management/customer/abc_DEF-123', 'abc_DEF-123'],
    ['/management/customer/abc/', 'abc'],
    ['/management/customer/', null],
    ['/management/customer', null],
    ['/management/customer/a/b', null],
    ['/management/customer/%3Cscript%3E', null],
    ['/management/customer/%E0%A4%A', null],
    [`/management/customer/${'a'.repeat(65)}`, null],
  ])('%s → %s', (path, id) => {
    expect(customerIdFrom(path)).toBe(id);
  });
});
