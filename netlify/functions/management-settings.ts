import type { Config, Context } from '@netlify/functions';
import {
  ClosureDateSchema,
  ClosureInputSchema,
  ServiceChangeSchema,
  ServiceIdSchema,
  ServiceInputSchema,
  SettingsChangeSchema,
} from '../../src/domain/shop-settings.ts';
import { EmptyRequestSchema } from '../../src/domain/staff-lists.ts';
import { HttpError, json, parseJsonBody, parseWith } from '../../src/server/http.ts';
import {
  addClosure,
  createService,
  loadShopSettings,
  removeClosure,
  saveSettings,
  updateService,
} from '../../src/server/shop-settings.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** The Settings screen: booking rules, services and closures (src/server/shop-settings.ts). */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const parts = new URL(req.url).pathname.split('/').filter(Boolean).slice(2); // after v1.0.1/management
  const [what, id, action] = parts;
  if (what === 'settings' && parts.length === 1) {
    if (req.method !== 'POST') return json(await loadShopSettings());
    const ctx = context as Context | undefined;
    return json(
      await saveSettings(staff, await parseJsonBody(req, SettingsChangeSchema), {
        waitUntil: ctx?.waitUntil?.bind(ctx),
      }),
    );
  }
  if (req.method !== 'POST') throw new HttpError(405, `Method ${req.method} not allowed`);
  if (what === 'services' && parts.length === 1)
    return json({ service: await createService(staff, await parseJsonBody(req, ServiceInputSchema)) }, { status: 201 });
  if (what === 'services' && parts.length === 2) {
    const serviceId = parseWith(ServiceIdSchema, id);
    return json({ service: await updateService(staff, serviceId, await parseJsonBody(req, ServiceChangeSchema)) });
  }
  if (what === 'closures' && parts.length === 1)
    return json(await addClosure(staff, await parseJsonBody(req, ClosureInputSchema)), { status: 201 });
  if (what === 'closures' && parts.length === 3 && action === 'remove') {
    const date = parseWith(ClosureDateSchema, id);
    await parseJsonBody(req, EmptyRequestSchema);
    return json(await removeClosure(staff, date));
  }
  throw new HttpError(404, 'Not found', { code: 'not_found' });
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
