/**
 * Who a record is (contract §6/§9): `customers.privileges` 1 for a customer, 2 for a member of staff
 * (the column allows 0 to 2). The one place the numbers are written; SQL takes them through
 * src/server/privileges.ts.
 */
export const CUSTOMER_PRIVILEGES = 1;
export const STAFF_PRIVILEGES = 2;

export const isStaffPrivileges = (privileges: number | null | undefined): boolean => privileges === STAFF_PRIVILEGES;
