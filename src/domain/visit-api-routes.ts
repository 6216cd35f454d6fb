import { body, get, post } from './api-route.ts';
import type { AgreeByLinkRequestSchema } from './consent.ts';
import type { PhotoUseRequestSchema } from './report-card.ts';

/**
 * The public addresses of the visit itself (issue 22): its live status, its report card and photos,
 * and the owner's consent to a surcharge by link. A module of their own, as after-booking-api-routes.ts
 * is (decision 085's reason): the waitlist form's routes share a chunk with the booking form, and these
 * few hundred bytes put the whole form over its budget (booking-weight.spec.ts) though it never calls
 * them. staff-api-routes.ts re-exports them, so the route table's test still reads one list.
 */
// The visit's live status (docs/decisions/092): the dog's name and stage, polled by the booking's page.
export const visitStatus = /* @__PURE__ */ get('/bookings/:id/status');
// The report card (docs/decisions/094): the owner's card once sent, its photos, and the owner's yes to their use.
export const ownerReportCard = /* @__PURE__ */ get('/bookings/:id/report-card');
export const ownerVisitPhoto = /* @__PURE__ */ get('/bookings/:id/photos/:side');
export const photoUse = /* @__PURE__ */ post('/bookings/:id/photo-use', body<typeof PhotoUseRequestSchema>());
// The owner's consent to a surcharge by a texted link (docs/decisions/093): the token is the key.
export const consentPage = /* @__PURE__ */ get('/consents/:token');
export const agreeByLink = /* @__PURE__ */ post('/consents/:token', body<typeof AgreeByLinkRequestSchema>());
export const consentPhoto = /* @__PURE__ */ get('/consents/:token/photo');
