import { buildClient, type Client } from '@datocms/cma-client-node';
import { applyModels, planModels, type Change } from './models.ts';
import { PUBLISH_WEBHOOK_EVENTS } from './webhook-events.ts';

/**
 * `npm run cms:setup`: the models of src/cms/models.ts into a DatoCMS project, the way DatoCMS
 * recommends changing a schema (docs/decisions/041): compare with the primary environment; if
 * anything differs, put the project in maintenance mode (editors cannot write, so nothing they do
 * is lost), fork the primary environment into a sandbox, apply the changes there, check that the
 * sandbox now matches, promote it to primary and end maintenance mode. The old primary environment
 * stays as a sandbox, a copy to go back to. Nothing to change: nothing is touched.
 */

export interface SetupOptions {
  apiToken: string;
  /** The CMA's base URL (tests: a local server). */
  baseUrl?: string;
  /** Apply to a sandbox and stop there: someone checks it, then promotes it in DatoCMS. */
  promote?: boolean;
  /** Where the publish webhook should call, with its shared secret; omitted: webhook left alone. */
  webhook?: { url: string; secret: string };
  log?: (line: string) => void;
  now?: () => Date;
}

export interface SetupResult {
  changes: Change[];
  unknownFields: string[];
  /** The sandbox the changes were applied in (promoted unless `promote: false`). */
  sandbox?: string;
  promoted: boolean;
  webhook: 'created' | 'updated' | 'unchanged' | 'skipped';
}

const client = (options: SetupOptions, environment?: string): Client =>
  buildClient({
    apiToken: options.apiToken,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(environment ? { environment } : {}),
  });

export async function setupCms(options: SetupOptions): Promise<SetupResult> {
  const log = options.log ?? console.log;
  const site = client(options);
  const primary = (await site.environments.list()).find((e) => e.meta.primary);
  if (!primary) throw new Error('DatoCMS lists no primary environment');
  const plan = await planModels(client(options, primary.id));
  for (const field of plan.unknownFields) log(`Left alone: ${field} is in DatoCMS but not in src/cms/models.ts`);
  const webhook = options.webhook ? await ensureWebhook(site, options.webhook) : 'skipped';
  if (webhook !== 'skipped') log(`Publish webhook: ${webhook}`);
  if (!plan.changes.length) {
    log(`The models in "${primary.id}" are up to date: nothing to change.`);
    return { changes: [], unknownFields: plan.unknownFields, promoted: false, webhook };
  }
  for (const change of plan.changes) log(`To do: ${describe(change)}`);

  const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const sandbox = `models-${stamp}`;
  const promote = options.promote ?? true;
  await site.maintenanceMode.activate();
  try {
    log(`Forking "${primary.id}" into the sandbox "${sandbox}"…`);
    await site.environments.fork(primary.id, { id: sandbox });
    const changes = await applyModels(client(options, sandbox));
    const check = await planModels(client(options, sandbox));
    if (check.changes.length)
      throw new Error(
        `The sandbox "${sandbox}" still differs after the changes: ${check.changes.map(describe).join('; ')}`,
      );
    if (promote) {
      await site.environments.promote(sandbox);
      log(`Promoted "${sandbox}" to primary; "${primary.id}" stays as a sandbox to go back to.`);
    } else {
      log(`Applied in "${sandbox}". Check it, then promote it in DatoCMS (Project settings > Environments).`);
    }
    return { changes, unknownFields: plan.unknownFields, sandbox, promoted: promote, webhook };
  } finally {
    await site.maintenanceMode.deactivate();
  }
}

export const WEBHOOK_NAME = 'Rebuild the website';
export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

/** The DatoCMS webhook that tells the site of every change it shows (src/cms/webhook-events.ts). */
export async function ensureWebhook(
  site: Client,
  { url, secret }: { url: string; secret: string },
): Promise<'created' | 'updated' | 'unchanged'> {
  const wanted = {
    name: WEBHOOK_NAME,
    url,
    enabled: true,
    headers: { [WEBHOOK_SECRET_HEADER]: secret },
    events: PUBLISH_WEBHOOK_EVENTS.map((e) => ({ entity_type: e.entity_type, event_types: [...e.event_types] })),
    custom_payload: null,
    http_basic_user: null,
    http_basic_password: null,
    auto_retry: true,
  };
  const existing = (await site.webhooks.list()).find((w) => w.name === WEBHOOK_NAME);
  if (!existing) {
    await site.webhooks.create(wanted);
    return 'created';
  }
  const same =
    existing.url === url &&
    existing.enabled &&
    JSON.stringify(existing.headers) === JSON.stringify(wanted.headers) &&
    JSON.stringify(
      existing.events.map((e) => ({ entity_type: e.entity_type, event_types: [...e.event_types].sort() })),
    ) ===
      JSON.stringify(
        wanted.events.map((e) => ({ entity_type: e.entity_type, event_types: [...e.event_types].sort() })),
      );
  if (same) return 'unchanged';
  await site.webhooks.update(existing.id, wanted);
  return 'updated';
}

function describe(change: Change): string {
  switch (change.kind) {
    case 'create model':
      return `create the model ${change.model}`;
    case 'update model':
      return `update the model ${change.model} (${change.changes.join(', ')})`;
    case 'create field':
      return `create the field ${change.model}.${change.field}`;
    case 'update field':
      return `update the field ${change.model}.${change.field} (${change.changes.join(', ')})`;
  }
}
