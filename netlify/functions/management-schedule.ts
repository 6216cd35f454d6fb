import type { Config } from '@netlify/functions';
import { ScheduleQuerySchema } from '../../src/domain/schedule-for-server.ts';
import { json, parseQuery } from '../../src/server/http.ts';
import { loadSchedule } from '../../src/server/schedule/schedule.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** GET /management/schedule?from=&days=[&cursor=]: a day or a week of bookings, blocks and hours. */
export default staffEndpoint(['GET'], async (req) => json(await loadSchedule(parseQuery(req, ScheduleQuerySchema))));

export const config: Config = { path: '/v1.0.1/management/schedule' };
