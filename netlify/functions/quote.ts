import type { Config } from '@netlify/functions';
import { QuoteQuerySchema } from '../../src/domain/booking-schemas.ts';
import { endpoint, json, parseQuery } from '../../src/server/http.ts';
import { bookingQuote } from '../../src/server/bookings/quote.ts';

// What a booking would cost and the rules it is under, as the server will charge it. Settings change
// rarely, but the review step must never show yesterday's deposit: not cached.
export default endpoint(['GET'], async (req) => json(await bookingQuote(parseQuery(req, QuoteQuerySchema))));

export const config: Config = { path: '/v1.0.1/quote' };
