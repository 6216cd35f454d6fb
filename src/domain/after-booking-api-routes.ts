import { body, empty, get, post } from './api-route.ts';
import type { AgreeByLinkRequestSchema } from './consent.ts';
import type { OptOutRequestSchema } from './marketing-opt-out.ts';
import type { RebookRequestSchema } from './rebook-schemas.ts';
import type { PhotoUseRequestSchema } from './report-card.ts';
import type { AcceptOfferRequestSchema, DeclineOfferRequestSchema } from './waitlist-offer-schemas.ts';
import type { JoinWaitlistRequestSchema, WithdrawWaitlistRequestSchema } from './waitlist.ts';

/**
 * The public addresses of what comes after a booking: rebooking from its page (decision 085) and the
 * waitlist (decision 084). A module of their own, beside api-routes.ts, because a module is the
 * smallest piece a bundle splits: in api-routes.ts their few dozen bytes rode in the chunk the
 * booking form shares with every public page, which then measured 140,004 B against its 140,000
 * (booking-weight.spec.ts), though the form never calls them. staff-api-routes.ts re-exports both,
 * so the functions' dispatch and the route table's test still read one list.
 */
// Rebook in one tap (docs/decisions/085): the booking's id is the key, as for move and cancel.
export const rebookProposals = /* @__PURE__ */ get('/bookings/:id/rebook');
export const rebook = /* @__PURE__ */ post('/bookings/:id/rebook', body<typeof RebookRequestSchema>());
export const cancelSeries = /* @__PURE__ */ post('/bookings/:id/series/cancel', empty());
// The waitlist (docs/decisions/084): join, the request's page (its id is the key), withdraw.
export const joinWaitlist = /* @__PURE__ */ post('/waitlist', body<typeof JoinWaitlistRequestSchema>());
export const waitlistRequest = /* @__PURE__ */ get('/waitlist/:id');
export const withdrawWaitlist = /* @__PURE__ */ post(
  '/waitlist/:id/withdraw',
  body<typeof WithdrawWaitlistRequestSchema>(),
);
// The waitlist's offers (docs/decisions/084): the one-tap answer to a freed time.
export const acceptWaitlistOffer = /* @__PURE__ */ post(
  '/waitlist/:id/offers/:offer/accept',
  body<typeof AcceptOfferRequestSchema>(),
);
export const declineWaitlistOffer = /* @__PURE__ */ post(
  '/waitlist/:id/offers/:offer/decline',
  body<typeof DeclineOfferRequestSchema>(),
);
// The one-tap opt-out of nudges and offers (docs/decisions/090): the token in the body is the key.
export const marketingOptOut = /* @__PURE__ */ post('/marketing/opt-out', body<typeof OptOutRequestSchema>());
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
