import { STAFF_PRIVILEGES } from '../domain/privileges.ts';

/**
 * "Staff" and "not staff" as SQL conditions on a `customers` row (`alias` when the query names the
 * table), written from the domain's number (src/domain/privileges.ts) in one place. The number is
 * a constant of ours, not input, and stays literal in the query so the partial indexes written
 * with it (`WHERE privileges = 2`, `… privileges < 2`) still serve these queries.
 */
const column = (alias?: string) => (alias ? `${alias}.privileges` : 'privileges');

export const isStaffSql = (alias?: string): string => `${column(alias)} = ${STAFF_PRIVILEGES}`;
export const notStaffSql = (alias?: string): string => `${column(alias)} < ${STAFF_PRIVILEGES}`;
