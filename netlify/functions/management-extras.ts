import type { Config } from '@netlify/functions';
import { ExtraChangeSchema, ExtraIdSchema, ExtraInputSchema } from '../../src/domain/extras-catalogue-for-server.ts';
import { createExtra, listStaffExtras, updateExtra } from '../../src/server/extras-catalogue.ts';
import { json, parseJsonBody, parseWith } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** The Settings screen's extras (src/server/extras-catalogue.ts): list, add, change, retire and restore. */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['staffExtras', 'addExtra', 'saveExtra']);
  switch (route.name) {
    case 'staffExtras':
      return json({ extras: await listStaffExtras() });
    case 'addExtra':
      return json({ extra: await createExtra(staff, await parseJsonBody(req, ExtraInputSchema)) }, { status: 201 });
    case 'saveExtra': {
      const id = parseWith(ExtraIdSchema, route.params.id);
      return json({ extra: await updateExtra(staff, id, await parseJsonBody(req, ExtraChangeSchema)) });
    }
  }
});

export const config: Config = {
  path: ['/v1.0.1/management/extras', '/v1.0.1/management/extras/:id'],
};
