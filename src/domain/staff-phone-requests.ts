import { z } from 'zod/mini';
import { UkMobileSchema } from './booking-request-schemas.ts';
import { PhoneCodeRequestIdSchema, PhoneCodeSchema } from './phone-codes.ts';
import { plainText } from './text.ts';

/**
 * The staff API's requests that carry a UK mobile: apart from staff.ts because the number is checked
 * with libphonenumber (about 11 KB gzipped with its metadata), which no staff page loads at first
 * (docs/decisions/054). staff.ts exports their types; the functions parse them through
 * staff-for-server.ts.
 */

/** POST /management/sign-in/codes: the same 202 answer for any UK mobile, staff or not. */
export const StaffCodeRequestSchema = z.strictObject({ phone: UkMobileSchema });
export type StaffCodeRequestInput = z.input<typeof StaffCodeRequestSchema>;

/** POST /management/sign-in/by-code: the number, the request the code was sent for, and the code. */
export const StaffSignInByCodeSchema = z.strictObject({
  phone: UkMobileSchema,
  requestId: PhoneCodeRequestIdSchema,
  code: PhoneCodeSchema,
});
export type StaffSignInByCodeInput = z.input<typeof StaffSignInByCodeSchema>;

/** POST /management/staff */
export const AddStaffSchema = z.strictObject({
  name: plainText(1, 80, { label: 'their name' }),
  phone: UkMobileSchema,
});
export type AddStaffInput = z.input<typeof AddStaffSchema>;

/** POST /management/staff/{id}/phone: a member's new mobile number. */
export const ChangeStaffPhoneSchema = z.strictObject({ phone: UkMobileSchema });
