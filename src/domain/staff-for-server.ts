import * as phone from './staff-phone-requests.ts';
import * as staff from './staff.ts';
import { forServer } from './for-server.ts';

/**
 * The staff API's schemas as the management functions import them: every export of staff.ts and
 * staff-phone-requests.ts (the one definition, in zod/mini, that the staff pages share), with the
 * schemas the functions parse given a classic zod type (docs/decisions/054, as booking-schemas.ts does).
 */
export * from './staff.ts';

// These names shadow the star export above (an explicit export always wins).
export const RecordIdSchema = forServer(staff.RecordIdSchema);
export { EmptyRequestSchema } from './staff-lists-for-server.ts';
export const PasskeySignInSchema = forServer(staff.PasskeySignInSchema);
export const PasskeyRegistrationSchema = forServer(staff.PasskeyRegistrationSchema);
export const StepUpByCodeSchema = forServer(staff.StepUpByCodeSchema);
export const StepUpByPasskeySchema = forServer(staff.StepUpByPasskeySchema);
export const StaffCodeRequestSchema = forServer(phone.StaffCodeRequestSchema);
export const StaffSignInByCodeSchema = forServer(phone.StaffSignInByCodeSchema);
export const AddStaffSchema = forServer(phone.AddStaffSchema);
export const ChangeStaffPhoneSchema = forServer(phone.ChangeStaffPhoneSchema);
