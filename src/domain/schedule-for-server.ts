import * as schedule from './schedule.ts';
import * as staffBooking from './staff-booking-request.ts';
import { forServer } from './for-server.ts';

/**
 * The schedule's schemas as the functions under /v1.0.1/management/ import them: every export of
 * schedule.ts (the one definition, in zod/mini, that the Schedule and Dashboard pages share), with
 * the requests the functions parse given a classic zod type (docs/decisions/054, as
 * breed-records-for-server.ts does).
 */
export * from './schedule.ts';
export { NewCustomerSchema, type StaffBookingRequest, type StaffBookingRequestInput } from './staff-booking-request.ts';

// These names shadow the star export above (an explicit export always wins).
export const ScheduleQuerySchema = forServer(schedule.ScheduleQuerySchema);
export const FreeTimesQuerySchema = forServer(schedule.FreeTimesQuerySchema);
export const StaffBookingRequestSchema = forServer(staffBooking.StaffBookingRequestSchema);
export const StaffMoveRequestSchema = forServer(schedule.StaffMoveRequestSchema);
export const StaffCancelRequestSchema = forServer(schedule.StaffCancelRequestSchema);
export const AttendanceRequestSchema = forServer(schedule.AttendanceRequestSchema);
export const StaffNoteRequestSchema = forServer(schedule.StaffNoteRequestSchema);
export const BlockRequestSchema = forServer(schedule.BlockRequestSchema);
export const CustomerLookupQuerySchema = forServer(schedule.CustomerLookupQuerySchema);
