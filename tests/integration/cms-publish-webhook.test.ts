import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webhookHandler from '../../netlify/functions/cms-publish-webhook.ts';
import rebuildHandler from '../../netlify/functions/cms-rebuild.ts';
import { PUBLISH_WEBHOOK_EVENTS } from '../../src/cms/webhook-events.ts';
import { query } from '../../src/server/db.ts';
import { sendDueRebuild } from '../../src/server/cms/rebuild.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The publish webhook: DatoCMS's call with the shared secret, a burst of publishes, one
 * build request to a local HTTP server standing in for Netlify's build hook.
 */
const SECRET = 'publish-secret-for-the-tests';
process.env.DATOCMS_WEBHOOK_SECRET = SECRET;
process.env.CMS_REBUILD_DELAY_SECONDS = '1';

const builds: { method: string; url: string }[] = [];
let answer = 200;
let hook: Server;
beforeAll(async () => {
  hook = createServer((req, res) => {
    builds.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as { port: number }).port}/build_hooks/5f0c`;
});
afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())));

useTestDatabase();
beforeEach(async () => {
  builds.length = 0;
  answer = 200;
  await query('DELETE FROM cms_rebuilds');
});

/** A DatoCMS webhook call as DatoCMS sends it (payload shape of its documentation). */
function call(event = 'publish', headers: Record<string, string> = { 'x-webhook-secret': SECRET }, entity = 'item') {
  const body = JSON.stringify({
    environment: 'main',
    entity_type: entity,
    event_type: event,
    entity: {
      id: 'FWdBJBlDRMOlT0v4-2Bdbg',
      type: entity,
      attributes: { title: 'How often should you groom your dog?' },
      meta: { status: 'published' },
    },
    related_entities: [{ id: 'UZyfjdBES8y2W2ruMEHSoA', type: 'item_type', attributes: { api_key: 'blog_post' } }],
  });
  const pending: Promise<unknown>[] = [];
  const context = { waitUntil: (p: Promise<unknown>) => void pending.push(p) };
  const request = new Request('https://shop.example/v1.0.1/cms/publish-webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { response: (webhookHandler as (r: Request, c: unknown) => Promise<Response>)(request, context), pending };
}
const row = async () =>
  (await query<{ due_at: Date | null; publishes: number; attempts: number }>('SELECT * FROM cms_rebuilds'))[0];

describe('the publish webhook', () => {
  it('turns a burst of five publishes into exactly one build request', async () => {
    const calls = Array.from({ length: 5 }, () => call());
    const responses = await Promise.all(calls.map((c) => c.response));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 202]);
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ outcome: string; buildAt: string }>));
    expect(bodies.filter((b) => b.outcome === 'scheduled')).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.buildAt)).size).toBe(1);
    expect(builds).toEqual([]); // nothing yet: the build waits for the burst to end
    expect(await row()).toMatchObject({ publishes: 5 });
    await Promise.all(calls.flatMap((c) => c.pending));
    expect(builds).toHaveLength(1);
    expect(builds[0]!.method).toBe('POST');
    expect(builds[0]!.url).toMatch(/^\/build_hooks\/5f0c\?trigger_title=Published\+in\+DatoCMS\+%285\+changes%29$/);
    expect(await row()).toMatchObject({ due_at: null, attempts: 0 });
    // The sweep finds nothing left to send.
    expect(await sendDueRebuild(new Date(Date.now() + 60_000))).toBe('nothing due');
    expect(builds).toHaveLength(1);
  });

  it('asks for another build for a publish after the burst was sent', async () => {
    const first = call();
    await first.response;
    await Promise.all(first.pending);
    const second = call('unpublish');
    expect((await second.response).status).toBe(202);
    await Promise.all(second.pending);
    expect(builds).toHaveLength(2);
  });

  it.each([
    ['no secret', {}],
    ['a wrong secret', { 'x-webhook-secret': 'publish-secret-for-the-testz' }],
    ['a secret of another length', { 'x-webhook-secret': 'short' }],
    ['the secret in another header', { authorization: `Bearer ${SECRET}` }],
  ])('refuses a call with %s and changes nothing', async (_, headers) => {
    const { response, pending } = call('publish', headers);
    const res = await response;
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Missing or wrong webhook secret' });
    expect(pending).toEqual([]);
    expect(await row()).toBeUndefined();
    expect(await sendDueRebuild(new Date(Date.now() + 60_000))).toBe('nothing due');
    expect(builds).toEqual([]);
  });

  // Every event `npm run cms:setup` subscribes the webhook to (cms-models.test.ts) asks for a build.
  it.each(PUBLISH_WEBHOOK_EVENTS.flatMap((e) => e.event_types.map((t) => [e.entity_type, t] as const)))(
    'asks for a build for %s %s',
    async (entity, event) => {
      const { response, pending } = call(event, { 'x-webhook-secret': SECRET }, entity);
      const res = await response;
      expect(res.status).toBe(202);
      expect(await res.json()).toMatchObject({ outcome: 'scheduled' });
      await Promise.all(pending);
      expect(builds).toHaveLength(1);
    },
  );

  it.each([
    ['item', 'update'],
    ['item', 'create'],
    ['upload', 'create'],
    ['item_type', 'update'],
    ['environment', 'create'],
  ])('ignores %s %s, which changes nothing public', async (entity, event) => {
    const { response, pending } = call(event, { 'x-webhook-secret': SECRET }, entity);
    expect(await (await response).json()).toMatchObject({ outcome: 'ignored' });
    expect(pending).toEqual([]);
    expect(await row()).toBeUndefined();
  });

  it('refuses a body that is not a webhook payload', async () => {
    const res = await (webhookHandler as (r: Request) => Promise<Response>)(
      new Request('https://shop.example/v1.0.1/cms/publish-webhook', {
        method: 'POST',
        headers: { 'x-webhook-secret': SECRET },
        body: 'not json',
      }),
    );
    expect(res.status).toBe(400);
  });

  it('tries a failed build request again from the scheduled sweep', async () => {
    answer = 500;
    const { response, pending } = call();
    await response;
    await Promise.all(pending);
    expect(builds).toHaveLength(1);
    const after = await row();
    expect(after!.due_at).not.toBeNull();
    // The scheduled sweep sends it once due.
    answer = 200;
    await query(`UPDATE cms_rebuilds SET due_at = now() - interval '1 second'`);
    const swept = await rebuildHandler();
    expect(swept.status).toBe(204);
    expect(builds).toHaveLength(2);
    expect(await row()).toMatchObject({ due_at: null, attempts: 0, last_status: 200 });
  });
});
