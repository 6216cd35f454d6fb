import { body, empty, get, post } from './api-route.ts';
import type {
  BreedChangeSchema,
  BreedImageUploadSchema,
  BreedInputSchema,
  BreedRemoveSchema,
} from './breed-records.ts';
import type {
  CustomerChangeSchema,
  DogChangeSchema,
  EraseRequestSchema,
  MergeCodeRequestSchema,
  MergeRequestSchema,
  NewDogSchema,
} from './customer-records.ts';
import type { MessageRetryRequestSchema } from './dashboard.ts';
import type { ExtraChangeSchema, ExtraInputSchema } from './extras-catalogue.ts';
import type { RefundRequestSchema } from './finances.ts';
import type {
  AttendanceRequestSchema,
  BlockRequestSchema,
  StaffCancelRequestSchema,
  StaffMoveRequestSchema,
  StaffNoteRequestSchema,
} from './schedule.ts';
import type { StaffBookingRequestSchema } from './staff-booking-request.ts';
import type { CheckInRequestSchema, VisitPhotoUploadSchema } from './check-in.ts';
import type { StageRequestSchema } from './visit-stages.ts';
import type { ReportCardRequestSchema } from './report-card.ts';
import type { StaffOfferRequestSchema } from './staff-waitlist.ts';
import type { RebookRequestSchema } from './rebook-schemas.ts';
import type { StaffWaitlistRequestSchema } from './staff-waitlist-request.ts';
import type { BalanceLinkRequestSchema } from './balance-link.ts';
import type { NoShowFeeRefundRequestSchema, NoShowFeeRequestSchema, WaiveRequestSchema } from './no-show-staff.ts';
import type {
  ClosureInputSchema,
  ServiceChangeSchema,
  ServiceInputSchema,
  SettingsChangeSchema,
} from './shop-settings.ts';
import type {
  AddStaffSchema,
  ChangeStaffPhoneSchema,
  PasskeyRegistrationSchema,
  PasskeySignInSchema,
  StaffCodeRequestSchema,
  StaffSignInByCodeSchema,
  StepUpByCodeSchema,
  StepUpByPasskeySchema,
} from './staff.ts';

/**
 * Every address of the /v1.0.1 API: the staff area's under /management, one named export each, and
 * the public site's (src/domain/api-routes.ts, after-booking-api-routes.ts) re-exported, so the staff islands, the functions'
 * dispatch (src/server/routes.ts) and the test that holds the table to the functions' `config.path`
 * read one list. `import * as apiRoutes from '…/staff-api-routes.ts'`.
 */
export * from './api-routes.ts';
export * from './after-booking-api-routes.ts';
// Signing in and the staff member's own session.
export const staffSignInCodes = /* @__PURE__ */ post(
  '/management/sign-in/codes',
  body<typeof StaffCodeRequestSchema>(),
);
export const staffSignInByCode = /* @__PURE__ */ post(
  '/management/sign-in/by-code',
  body<typeof StaffSignInByCodeSchema>(),
);
export const staffSignInPasskeyOptions = /* @__PURE__ */ post('/management/sign-in/passkey-options', empty());
export const staffSignInByPasskey = /* @__PURE__ */ post(
  '/management/sign-in/by-passkey',
  body<typeof PasskeySignInSchema>(),
);
export const staffSession = /* @__PURE__ */ get('/management/session');
export const staffSignOut = /* @__PURE__ */ post('/management/sign-out', empty());
export const stepUpCodes = /* @__PURE__ */ post('/management/step-up/codes', empty());
export const stepUpByCode = /* @__PURE__ */ post('/management/step-up/by-code', body<typeof StepUpByCodeSchema>());
export const stepUpPasskeyOptions = /* @__PURE__ */ post('/management/step-up/passkey-options', empty());
export const stepUpByPasskey = /* @__PURE__ */ post(
  '/management/step-up/by-passkey',
  body<typeof StepUpByPasskeySchema>(),
);
export const passkeys = /* @__PURE__ */ get('/management/passkeys');
export const addPasskey = /* @__PURE__ */ post('/management/passkeys', body<typeof PasskeyRegistrationSchema>());
export const passkeyOptions = /* @__PURE__ */ post('/management/passkeys/options', empty());
export const removePasskey = /* @__PURE__ */ post('/management/passkeys/:id/remove', empty());
export const staffList = /* @__PURE__ */ get('/management/staff');
export const addStaff = /* @__PURE__ */ post('/management/staff', body<typeof AddStaffSchema>());
export const removeStaff = /* @__PURE__ */ post('/management/staff/:id/remove', empty());
export const changeStaffPhone = /* @__PURE__ */ post(
  '/management/staff/:id/phone',
  body<typeof ChangeStaffPhoneSchema>(),
);

// The day: dashboard, schedule and the counter.
export const dashboard = /* @__PURE__ */ get('/management/dashboard');
export const retryMessage = /* @__PURE__ */ post(
  '/management/messages/:id/retry',
  body<typeof MessageRetryRequestSchema>(),
);
export const schedule = /* @__PURE__ */ get('/management/schedule');
export const freeTimes = /* @__PURE__ */ get('/management/free-times');
export const customerLookup = /* @__PURE__ */ get('/management/customer-lookup');
export const phoneBooking = /* @__PURE__ */ post('/management/bookings', body<typeof StaffBookingRequestSchema>());
export const staffMoveBooking = /* @__PURE__ */ post(
  '/management/bookings/:id/move',
  body<typeof StaffMoveRequestSchema>(),
);
export const staffCancelBooking = /* @__PURE__ */ post(
  '/management/bookings/:id/cancel',
  body<typeof StaffCancelRequestSchema>(),
);
export const attendance = /* @__PURE__ */ post(
  '/management/bookings/:id/attendance',
  body<typeof AttendanceRequestSchema>(),
);
export const staffNote = /* @__PURE__ */ post('/management/bookings/:id/note', body<typeof StaffNoteRequestSchema>());
// Check-in at the counter (docs/decisions/091): the photo first, then the dog's card.
export const checkIn = /* @__PURE__ */ post('/management/bookings/:id/check-in', body<typeof CheckInRequestSchema>());
export const checkInPhoto = /* @__PURE__ */ post(
  '/management/bookings/:id/check-in/photo',
  body<typeof VisitPhotoUploadSchema>(),
);
// The owner's consent by a texted link (docs/decisions/093): staff send it, or send it again.
export const consentLink = /* @__PURE__ */ post('/management/bookings/:id/consent-link', empty());
// One dog out of a booking of several, into its own (docs/decisions/082).
export const splitBooking = /* @__PURE__ */ post('/management/bookings/:id/split', empty());
// The next groom booked at the counter, and a visit's series (docs/decisions/089).
export const staffRebookProposals = /* @__PURE__ */ get('/management/bookings/:id/rebook');
export const staffRebook = /* @__PURE__ */ post('/management/bookings/:id/rebook', body<typeof RebookRequestSchema>());
export const staffSeries = /* @__PURE__ */ get('/management/bookings/:id/series');
export const staffCancelSeries = /* @__PURE__ */ post(
  '/management/bookings/:id/series/cancel',
  body<typeof StaffCancelRequestSchema>(),
);
export const addBlock = /* @__PURE__ */ post('/management/blocks', body<typeof BlockRequestSchema>());
export const removeBlock = /* @__PURE__ */ post('/management/blocks/:id/remove', empty());
// A caller added to the waitlist from a phone booking (docs/decisions/087).
export const addCallerToWaitlist = /* @__PURE__ */ post(
  '/management/waitlist',
  body<typeof StaffWaitlistRequestSchema>(),
);

// Customers.
export const customers = /* @__PURE__ */ get('/management/customers');
export const customer = /* @__PURE__ */ get('/management/customers/:id');
export const saveCustomer = /* @__PURE__ */ post('/management/customers/:id', body<typeof CustomerChangeSchema>());
export const customerVisits = /* @__PURE__ */ get('/management/customers/:id/visits');
export const customerMessages = /* @__PURE__ */ get('/management/customers/:id/messages');
export const customerExport = /* @__PURE__ */ get('/management/customers/:id/export');
export const addDog = /* @__PURE__ */ post('/management/customers/:id/dogs', body<typeof NewDogSchema>());
export const saveDog = /* @__PURE__ */ post('/management/customers/:id/dogs/:dog', body<typeof DogChangeSchema>());
export const mergeCustomers = /* @__PURE__ */ post(
  '/management/customers/:id/merge',
  body<typeof MergeRequestSchema>(),
);
export const mergeCode = /* @__PURE__ */ post(
  '/management/customers/:id/merge/code',
  body<typeof MergeCodeRequestSchema>(),
);
export const eraseCustomer = /* @__PURE__ */ post('/management/customers/:id/erase', body<typeof EraseRequestSchema>());

// Money.
export const finances = /* @__PURE__ */ get('/management/finances');
export const deposits = /* @__PURE__ */ get('/management/finances/deposits');
export const takingsCsv = /* @__PURE__ */ get('/management/finances/takings.csv');
export const refund = /* @__PURE__ */ post('/management/finances/refunds', body<typeof RefundRequestSchema>());

// The shop's settings, services, closures and breeds.
export const settings = /* @__PURE__ */ get('/management/settings');
export const saveSettings = /* @__PURE__ */ post('/management/settings', body<typeof SettingsChangeSchema>());
export const addService = /* @__PURE__ */ post('/management/services', body<typeof ServiceInputSchema>());
export const saveService = /* @__PURE__ */ post('/management/services/:id', body<typeof ServiceChangeSchema>());
export const addClosure = /* @__PURE__ */ post('/management/closures', body<typeof ClosureInputSchema>());
export const removeClosure = /* @__PURE__ */ post('/management/closures/:date/remove', empty());
export const staffBreeds = /* @__PURE__ */ get('/management/breeds');
export const addBreed = /* @__PURE__ */ post('/management/breeds', body<typeof BreedInputSchema>());
export const saveBreed = /* @__PURE__ */ post('/management/breeds/:id', body<typeof BreedChangeSchema>());
export const removeBreed = /* @__PURE__ */ post('/management/breeds/:id/remove', body<typeof BreedRemoveSchema>());
export const breedPicture = /* @__PURE__ */ post('/management/breeds/:id/image', body<typeof BreedImageUploadSchema>());
export const removeBreedPicture = /* @__PURE__ */ post('/management/breeds/:id/image/remove', empty());

// Fair no-show rules (decision 081): a booking's no-show fee, a customer's strikes and their waivers.
export const noShowFee = /* @__PURE__ */ get('/management/bookings/:id/no-show-fee');
export const chargeNoShowFee = /* @__PURE__ */ post(
  '/management/bookings/:id/no-show-fee',
  body<typeof NoShowFeeRequestSchema>(),
);
export const refundNoShowFee = /* @__PURE__ */ post(
  '/management/bookings/:id/no-show-fee/refund',
  body<typeof NoShowFeeRefundRequestSchema>(),
);
export const customerStrikes = /* @__PURE__ */ get('/management/customers/:id/strikes');
export const waiveStrike = /* @__PURE__ */ post(
  '/management/customers/:id/strikes/:booking/waive',
  body<typeof WaiveRequestSchema>(),
);

// The extras catalogue (issue 20): what each extra costs and adds, and the services it is offered with.
export const staffExtras = /* @__PURE__ */ get('/management/extras');
export const addExtra = /* @__PURE__ */ post('/management/extras', body<typeof ExtraInputSchema>());
export const saveExtra = /* @__PURE__ */ post('/management/extras/:id', body<typeof ExtraChangeSchema>());

// The waitlist on the schedule (docs/decisions/086): how many wait each day, a day's requests, a time offered by hand.
export const staffWaitlistCounts = /* @__PURE__ */ get('/management/waitlist/counts');
export const staffWaitlistDay = /* @__PURE__ */ get('/management/waitlist/day');
export const staffWaitlistOffer = /* @__PURE__ */ post(
  '/management/waitlist/:id/offers',
  body<typeof StaffOfferRequestSchema>(),
);
export const staffWaitlistWithdraw = /* @__PURE__ */ post('/management/waitlist/:id/withdraw', empty());
// The visit's live status (docs/decisions/092): one tap moves the dog on a stage, or one back to undo.
export const visitStage = /* @__PURE__ */ post('/management/bookings/:id/stage', body<typeof StageRequestSchema>());
// The report card (docs/decisions/094): read with the composer's prefill, written and sent; the visit's photos.
export const reportCard = /* @__PURE__ */ get('/management/bookings/:id/report-card');
export const sendReportCard = /* @__PURE__ */ post(
  '/management/bookings/:id/report-card',
  body<typeof ReportCardRequestSchema>(),
);
export const staffVisitPhoto = /* @__PURE__ */ get('/management/bookings/:id/photos/:side');
// The balance by a payment link (docs/decisions/096): the link's state, and "Send a payment link" (or again).
export const balanceLink = /* @__PURE__ */ get('/management/bookings/:id/balance-link');
export const sendBalanceLink = /* @__PURE__ */ post(
  '/management/bookings/:id/balance-link',
  body<typeof BalanceLinkRequestSchema>(),
);
