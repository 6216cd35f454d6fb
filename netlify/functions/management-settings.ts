import type { Config } from '@netlify/functions';
import {
  ClosureDateSchema,
  ClosureInputSchema,
  ServiceChangeSchema,
  ServiceIdSchema,
  ServiceInputSchema,
  SettingsChangeSchema,
} from '../../src/domain/shop-settings-for-server.ts';
import { EmptyRequestSchema } from '../../src/domain/staff-lists-for-server.ts';
import { afterAnswer, json, parseJsonBody, parseWith } from '../../src/server/http.ts';
import {
  addClosure,
  createService,
  loadShopSettings,
  removeClosure,
  saveSettings,
  updateService,
} from '../../src/server/shop-settings.ts';
import { routeOf } from '../../src/server/routes.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** The Settings screen: booking rules, services and closures (src/server/shop-settings.ts). */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, [
    'settings',
    'saveSettings',
    'addService',
    'saveService',
    'addClosure',
    'removeClosure',
  ]);
  switch (route.name) {
    case 'settings':
      return json(await loadShopSettings());
    case 'saveSettings': {
      return json(
        await saveSettings(staff, await parseJsonBody(req, SettingsChangeSchema), { waitUntil: afterAnswer(context) }),
      );
    }
    case 'addService':
      return json(
        { service: await createService(staff, await parseJsonBody(req, ServiceInputSchema)) },
        { status: 201 },
      );
    case 'saveService': {
      const serviceId = parseWith(ServiceIdSchema, route.params.id);
      return json({ service: await updateService(staff, serviceId, await parseJsonBody(req, ServiceChangeSchema)) });
    }
    case 'addClosure':
      return json(await addClosure(staff, await parseJsonBody(req, ClosureInputSchema)), { status: 201 });
    case 'removeClosure': {
      const date = parseWith(ClosureDateSchema, route.params.date);
      await parseJsonBody(req, EmptyRequestSchema);
      return json(await removeClosure(staff, date));
    }
  }
});

export const config: Config = {
  path: [
    '/v1.0.1/management/settings',
    '/v1.0.1/management/services',
    '/v1.0.1/management/services/:id',
    '/v1.0.1/management/closures',
    '/v1.0.1/management/closures/:date/remove',
  ],
};
