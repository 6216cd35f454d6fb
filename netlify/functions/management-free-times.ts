import type { Config } from '@netlify/functions';
import { FreeTimesQuerySchema } from '../../src/domain/schedule-for-server.ts';
import { dayAvailability } from '../../src/server/bookings/availability.ts';
import { serviceNotSold } from '../../src/server/bookings/catalogue.ts';
import { json, parseQuery } from '../../src/server/http.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** GET /management/free-times?service=&date=[&exclude=][&weightKg=&extras=]: a day's free starts as staff may book them. */
export default staffEndpoint(['GET'], async (req) => {
  const query = parseQuery(req, FreeTimesQuerySchema);
  const asked = { serviceId: query.service, weightKg: query.weightKg, extraIds: query.extras };
  const found = await dayAvailability(asked, query.date, new Date(), {
    exclude: query.exclude,
    forStaff: true,
  });
  if (!found) throw serviceNotSold(404);
  return json({ timeZone: found.settings.timeZone, day: found.day });
});

export const config: Config = { path: '/v1.0.1/management/free-times' };
