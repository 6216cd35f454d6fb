import { body, get, post } from './api-route.ts';
import type { MagicRequestSchema } from './api.ts';
import type { CancelBookingRequestSchema, MoveBookingRequestSchema } from './booking-api-schemas.ts';
import type {
  CreateBookingRequestSchema,
  CreatePartyBookingRequestSchema,
  PhoneCodeRequestSchema,
} from './booking-request-schemas.ts';
import type { JoinWaitlistRequestSchema, WithdrawWaitlistRequestSchema } from './waitlist.ts';

/**
 * The public site's addresses of the /v1.0.1 API (contract §7), one named export each; the staff
 * area's are src/domain/staff-api-routes.ts, which re-exports these (src/domain/api-route.ts says how
 * a route is written and called). One export a route and two modules, not one object, so a page's
 * bundle keeps only what it calls: a shared chunk holds the routes any page of its kind names, and
 * the booking form never carries the staff area's addresses (booking-weight.spec.ts counts them).
 * Import it whole, `import * as apiRoutes from '…/api-routes.ts'`, and write `apiRoutes.book`.
 */
// The public site (contract §7).
export const availability = /* @__PURE__ */ get('/availability');
export const blogPosts = /* @__PURE__ */ get('/cms/blog/posts');
export const bookingTypes = /* @__PURE__ */ get('/cms/booking-types');
export const breeds = /* @__PURE__ */ get('/breeds');
export const breedImage = /* @__PURE__ */ get('/breed-images/:name');
export const quote = /* @__PURE__ */ get('/quote');
export const phoneCodes = /* @__PURE__ */ post('/phone-codes', body<typeof PhoneCodeRequestSchema>());
// One dog, or several with `dogs` (docs/decisions/082).
export const book = /* @__PURE__ */ post(
  '/bookings',
  body<typeof CreateBookingRequestSchema | typeof CreatePartyBookingRequestSchema>(),
);
export const booking = /* @__PURE__ */ get('/bookings/:id');
export const bookingBySession = /* @__PURE__ */ get('/bookings/by-session/:session');
export const bookingCalendar = /* @__PURE__ */ get('/bookings/:id/calendar.ics');
export const cancelBooking = /* @__PURE__ */ post('/bookings/:id/cancel', body<typeof CancelBookingRequestSchema>());
export const moveBooking = /* @__PURE__ */ post('/bookings/:id/move', body<typeof MoveBookingRequestSchema>());
// The waitlist (docs/decisions/084): join, the request's page (its id is the key), withdraw.
export const joinWaitlist = /* @__PURE__ */ post('/waitlist', body<typeof JoinWaitlistRequestSchema>());
export const waitlistRequest = /* @__PURE__ */ get('/waitlist/:id');
export const withdrawWaitlist = /* @__PURE__ */ post(
  '/waitlist/:id/withdraw',
  body<typeof WithdrawWaitlistRequestSchema>(),
);
export const customerAuth = /* @__PURE__ */ get('/customer/auth');
export const savedDogs = /* @__PURE__ */ get('/customer/dogs');
export const deviceAuth = /* @__PURE__ */ get('/devices/auth');
export const magic = /* @__PURE__ */ post('/magic', body<typeof MagicRequestSchema>());
export const cmsPublishWebhook = /* @__PURE__ */ post('/cms/publish-webhook');
export const stripeWebhook = /* @__PURE__ */ post('/payments/stripe-webhook');
