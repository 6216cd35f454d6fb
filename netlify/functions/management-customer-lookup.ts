import type { Config } from '@netlify/functions';
import { CustomerLookupQuerySchema } from '../../src/domain/schedule-for-server.ts';
import { json, parseQuery } from '../../src/server/http.ts';
import { lookupCustomers } from '../../src/server/schedule/customer-lookup.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** GET /management/customer-lookup?q=: the caller, by mobile number, name or dog's name. */
export default staffEndpoint(['GET'], async (req) =>
  json(await lookupCustomers(parseQuery(req, CustomerLookupQuerySchema).q)),
);

export const config: Config = { path: '/v1.0.1/management/customer-lookup' };
