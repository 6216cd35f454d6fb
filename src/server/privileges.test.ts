import { describe, expect, it } from 'vitest';
import { isStaffPrivileges, STAFF_PRIVILEGES } from '../domain/privileges.ts';
import { isStaffSql, notStaffSql } from './privileges.ts';

describe('who is staff, in TypeScript and in SQL', () => {
  it('is one number, literal in SQL so the partial indexes written with it still apply', () => {
    expect(STAFF_PRIVILEGES).toBe(2);
    expect(isStaffSql()).toBe('privileges = 2');
    expect(isStaffSql('c')).toBe('c.privileges = 2');
    expect(notStaffSql('c')).toBe('c.privileges < 2');
    expect([0, 1, 2].map(isStaffPrivileges)).toEqual([false, false, true]);
  });
});
