import type { Config } from '@netlify/functions';
import { QuoteQuerySchema } from '../../src/domain/booking-schemas.ts';
import { endpoint, json, parseQuery } from '../../src/server/http.ts';
import { bookingQuote } from '../../src/server/bookings/quote.ts';
import { readVisitHeaders } from '../../src/server/request-headers.ts';

// What a booking would cost and the rules it is under, as the server will charge it. Settings change
// rarely, but the review step must never show yesterday's deposit: not cached.
// The device key, when sent, says whose no-show rules apply (decision 081).
export default endpoint(['GET'], async (req) =>
  json(await bookingQuote(parseQuery(req, QuoteQuerySchema), new Date(), undefined, readVisitHeaders(req).accessKey)),
);

export const config: Config = { path: '/v1.0.1/quote' };
