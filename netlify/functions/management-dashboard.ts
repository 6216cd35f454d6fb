import type { Config } from '@netlify/functions';
import { json } from '../../src/server/http.ts';
import { loadDashboard } from '../../src/server/schedule/dashboard.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** GET /management/dashboard: this week's takings against last week's, deposits, no-shows, customers, channels. */
export default staffEndpoint(['GET'], async () => json(await loadDashboard()));

export const config: Config = { path: '/v1.0.1/management/dashboard' };
