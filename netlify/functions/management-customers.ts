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
} from '../../src/domain/customer-records-for-server.ts';
import { EmptyRequestSchema } from '../../src/domain/staff-lists-for-server.ts';
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
import { json, parseJsonBody, parseQuery, parseWith } from '../../src/server/http.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { routeOf } from '../../src/server/routes.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** The customers screens (src/server/customer-records.ts, customer-privacy.ts). */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, [
    'customers',
    'customer',
    'saveCustomer',
    'customerVisits',
    'customerMessages',
    'customerExport',
    'addDog',
    'saveDog',
    'mergeCustomers',
    'mergeCode',
    'eraseCustomer',
  ]);
  if (route.name === 'customers') return json(await listCustomers(parseQuery(req, CustomerSearchQuerySchema)));
  const id = parseWith(CustomerIdSchema, route.params.id);
  const record = async () => ({ customer: await getCustomer(id) });
  switch (route.name) {
    case 'customer':
      return json((await record()).customer);
    case 'saveCustomer':
      await updateCustomer(staff, id, await parseJsonBody(req, CustomerChangeSchema));
      return json(await record());
    case 'customerVisits':
      return json(await visitsPage(id, parseQuery(req, PageQuerySchema)));
    case 'customerMessages':
      return json(await messagesPage(id, parseQuery(req, PageQuerySchema)));
    case 'customerExport': {
      parseQuery(req, EmptyRequestSchema);
      const data = await exportCustomer(staff, id);
      return json(data, { headers: { 'content-disposition': `attachment; filename="customer-${id}.json"` } });
    }
    case 'addDog':
      await addDog(staff, id, await parseJsonBody(req, NewDogSchema));
      return json(await record(), { status: 201 });
    case 'saveDog':
      await updateDog(
        staff,
        id,
        parseWith(StaffDogIdSchema, route.params.dog),
        await parseJsonBody(req, DogChangeSchema),
      );
      return json(await record());
    case 'mergeCustomers': {
      const { from, phoneProof } = await parseJsonBody(req, MergeRequestSchema);
      const { merged, dogsMerged, visitsMoved, devicesSignedOut } = await mergeCustomers(staff, id, from, {
        phoneProof,
      });
      return json({ merged, dogsMerged, visitsMoved, devicesSignedOut, ...(await record()) });
    }
    case 'mergeCode': {
      const { from } = await parseJsonBody(req, MergeCodeRequestSchema);
      return json(await requestMergeCode(staff, id, from, { ip: clientIp(req, context), siteUrl: siteUrl(req) }), {
        status: 202,
      });
    }
    case 'eraseCustomer':
      await parseJsonBody(req, EraseRequestSchema);
      return json(await eraseCustomer(staff, id));
  }
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
