import type { Config } from '@netlify/functions';
import { AvailabilityQuerySchema } from '../../src/domain/booking-schemas.ts';
import { endpoint, json, parseQuery } from '../../src/server/http.ts';
import { availability } from '../../src/server/bookings/availability.ts';

// Times change with every booking: never cached.
export default endpoint(['GET'], async (req) => json(await availability(parseQuery(req, AvailabilityQuerySchema))));

export const config: Config = { path: '/v1.0.1/availability' };
