import type { Config } from '@netlify/functions';
import {
  CustomerChangeSchema,
  CustomerIdSchema,
  CustomerSearchQuerySchema,
  DogChangeSchema,
  EraseRequestSchema,
  MergeCodeRequestSchema,
  MergeRequestSchema,
  NewDogSchema,
  PageQuerySchema,
  StaffDogIdSchema,
} from '../../src/domain/customer-records.ts';
import { EmptyRequestSchema } from '../../src/domain/staff-lists.ts';
import { eraseCustomer, exportCustomer, mergeCustomers, requestMergeCode } from '../../src/server/customer-privacy.ts';
import {
  addDog,
  getCustomer,
  listCustomers,
  messagesPage,
  updateCustomer,
  updateDog,
  visitsPage,
} from '../../src/server/customer-records.ts';
import { HttpError, json, parseJsonBody, parseQuery, parseWith } from '../../src/server/http.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** The customers screens (src/server/customer-records.ts, customer-privacy.ts). */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const parts = new URL(req.url).pathname.split('/').filter(Boolean).slice(3); // after v1.0.1/management/customers
  const get = req.method !== 'POST';
  if (parts.length === 0) {
    if (!get) throw new HttpError(405, 'Method POST not allowed');
    return json(await listCustomers(parseQuery(req, CustomerSearchQuerySchema)));
  }
  const id = parseWith(CustomerIdSchema, parts[0]);
  const [, what, sub] = parts;
  const record = async () => ({ customer: await getCustomer(id) });
  if (what === undefined) {
    if (get) return json((await record()).customer);
    await updateCustomer(staff, id, await parseJsonBody(req, CustomerChangeSchema));
    return json(await record());
  }
  if (get && parts.length === 2 && what === 'visits')
    return json(await visitsPage(id, parseQuery(req, PageQuerySchema)));
  if (get && parts.length === 2 && what === 'messages')
    return json(await messagesPage(id, parseQuery(req, PageQuerySchema)));
  if (get && parts.length === 2 && what === 'export') {
    parseQuery(req, EmptyRequestSchema);
    const data = await exportCustomer(staff, id);
    return json(data, { headers: { 'content-disposition': `attachment; filename="customer-${id}.json"` } });
  }
  if (get) throw new HttpError(405, 'Method GET not allowed');
  if (what === 'dogs' && parts.length === 2) {
    await addDog(staff, id, await parseJsonBody(req, NewDogSchema));
    return json(await record(), { status: 201 });
  }
  if (what === 'dogs' && parts.length === 3) {
    await updateDog(staff, id, parseWith(StaffDogIdSchema, sub), await parseJsonBody(req, DogChangeSchema));
    return json(await record());
  }
  if (what === 'merge' && parts.length === 2) {
    const { from, phoneProof } = await parseJsonBody(req, MergeRequestSchema);
    const { merged, dogsMerged, visitsMoved, devicesSignedOut } = await mergeCustomers(staff, id, from, { phoneProof });
    return json({ merged, dogsMerged, visitsMoved, devicesSignedOut, ...(await record()) });
  }
  if (what === 'merge' && parts.length === 3 && sub === 'code') {
    const { from } = await parseJsonBody(req, MergeCodeRequestSchema);
    return json(await requestMergeCode(staff, id, from, { ip: clientIp(req, context), siteUrl: siteUrl(req) }), {
      status: 202,
    });
  }
  if (what === 'erase' && parts.length === 2) {
    await parseJsonBody(req, EraseRequestSchema);
    return json(await eraseCustomer(staff, id));
  }
  throw new HttpError(404, 'Not found', { code: 'not_found' });
});

export const config: Config = {
  path: [
    '/v1.0.1/management/customers',
    '/v1.0.1/management/customers/:id',
    '/v1.0.1/management/customers/:id/visits',
    '/v1.0.1/management/customers/:id/messages',
    '/v1.0.1/management/customers/:id/export',
    '/v1.0.1/management/customers/:id/dogs',
    '/v1.0.1/management/customers/:id/dogs/:dog',
    '/v1.0.1/management/customers/:id/merge',
    '/v1.0.1/management/customers/:id/merge/code',
    '/v1.0.1/management/customers/:id/erase',
  ],
};
