import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildClient } from '@datocms/cma-client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentClient } from '../../src/cms/content-client.ts';
import { importContent } from '../../src/cms/import.ts';
import { MODELS, planModels } from '../../src/cms/models.ts';
import {
  BlogPostCount,
  BlogPosts,
  FaqCount,
  FaqEntries,
  ShowcaseCount,
  ShowcasePictures,
  fetchAll,
} from '../../src/cms/queries.ts';
import { ensureWebhook, setupCms, WEBHOOK_NAME } from '../../src/cms/setup.ts';
import { PUBLISH_WEBHOOK_EVENTS } from '../../src/cms/webhook-events.ts';
import { startFakeDatoCms, type FakeDatoCms } from '../helpers/fake-datocms.ts';

/**
 * Models as code and the import, with the real @datocms/cma-client-node against a local
 * server that answers like DatoCMS's CMA and GraphQL CDA (tests/helpers/fake-datocms.ts).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
let dato: FakeDatoCms;
const quiet = () => undefined;

beforeAll(async () => {
  dato = await startFakeDatoCms();
});
afterAll(() => dato.close());

const setup = (extra: Partial<Parameters<typeof setupCms>[0]> = {}) =>
  setupCms({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl, log: quiet, ...extra });
const published = () => contentClient({ endpoint: dato.graphqlUrl, token: dato.tokens.read });
const cma = () => buildClient({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl });

describe('npm run cms:setup', () => {
  it('creates every model in a sandbox, promotes it and ends maintenance mode', async () => {
    const result = await setup({
      now: () => new Date('2026-11-23T10:00:00Z'),
      webhook: { url: 'https://shop.example/v1.0.1/cms/publish-webhook', secret: 'a-shared-secret-of-length' },
    });
    expect(result.sandbox).toBe('models-20261123-100000');
    expect(result.promoted).toBe(true);
    expect(result.webhook).toBe('created');
    expect(dato.environment().id).toBe('models-20261123-100000');
    expect(dato.environment('main').primary).toBe(false);
    expect(dato.maintenanceMode()).toBe(false);
    const apiKeys = dato.environment().itemTypes.map((t) => t.attributes.api_key);
    expect(apiKeys).toEqual(MODELS.map((m) => m.api_key));
    // The primary environment before the migration was left as it was: a copy to go back to.
    expect(dato.environment('main').itemTypes).toEqual([]);
    const blog = dato.environment().itemTypes.find((t) => t.attributes.api_key === 'blog_post')!;
    expect(blog.attributes).toMatchObject({ draft_mode_active: true, sortable: false });
    const fields = dato.environment().fields.filter((f) => f.itemTypeId === blog.id);
    expect(fields.map((f) => f.attributes.api_key)).toEqual([
      'title',
      'slug',
      'seo',
      'pub_date',
      'updated_date',
      'author',
      'cover',
      'tags',
      'body',
    ]);
    expect(fields.find((f) => f.attributes.api_key === 'slug')!.attributes.validators).toMatchObject({
      slug_title_field: { title_field_id: fields.find((f) => f.attributes.api_key === 'title')!.id },
    });
    expect(blog.titleFieldId).toBe(fields.find((f) => f.attributes.api_key === 'title')!.id);
    expect(dato.webhooks()).toMatchObject([
      {
        attributes: {
          name: WEBHOOK_NAME,
          url: 'https://shop.example/v1.0.1/cms/publish-webhook',
          headers: { 'x-webhook-secret': 'a-shared-secret-of-length' },
          // Exactly the events the webhook's handler rebuilds for (cms-publish-webhook.test.ts
          // proves it accepts each), uploads and the promotion of a sandbox included.
          events: [
            { entity_type: 'item', event_types: ['publish', 'unpublish', 'delete'] },
            { entity_type: 'upload', event_types: ['update', 'delete'] },
            { entity_type: 'environment', event_types: ['promote'] },
          ],
        },
      },
    ]);
    expect((dato.webhooks()[0]!.attributes as { events: unknown }).events).toEqual(
      PUBLISH_WEBHOOK_EVENTS.map((e) => ({ entity_type: e.entity_type, event_types: [...e.event_types] })),
    );
  });

  it('changes nothing the second time: no write at all, the same models', async () => {
    const before = structuredClone(dato.environment());
    const from = dato.requests.length;
    const result = await setup({
      webhook: { url: 'https://shop.example/v1.0.1/cms/publish-webhook', secret: 'a-shared-secret-of-length' },
    });
    expect(result).toMatchObject({ changes: [], promoted: false, webhook: 'unchanged' });
    expect(dato.writesSince(from)).toEqual([]);
    expect(dato.environment()).toEqual(before);
  });

  it("brings a webhook made before uploads rebuilt the site up to today's events", async () => {
    const client = cma();
    const [hook] = await client.webhooks.list();
    await client.webhooks.update(hook!.id, {
      events: [{ entity_type: 'item', event_types: ['publish', 'unpublish', 'delete'] }],
    });
    const target = { url: 'https://shop.example/v1.0.1/cms/publish-webhook', secret: 'a-shared-secret-of-length' };
    expect(await ensureWebhook(client, target)).toBe('updated');
    expect((await client.webhooks.list())[0]!.events.map((e) => e.entity_type)).toEqual([
      'item',
      'upload',
      'environment',
    ]);
    expect(await ensureWebhook(client, target)).toBe('unchanged');
  });

  it('puts back a field someone changed by hand, through a new sandbox', async () => {
    const client = cma();
    const blog = (await client.itemTypes.list()).find((t) => t.api_key === 'blog_post')!;
    const title = (await client.fields.list(blog.id)).find((f) => f.api_key === 'title')!;
    await client.fields.update(title.id, { label: 'Headline', validators: { required: {} } });
    expect((await planModels(client)).changes).toEqual([
      { kind: 'update field', model: 'blog_post', field: 'title', changes: ['label', 'validators'] },
    ]);
    const result = await setup({ now: () => new Date('2026-11-24T10:00:00Z') });
    expect(result.changes).toHaveLength(1);
    expect((await planModels(cma())).changes).toEqual([]);
    expect(dato.environment().id).toBe('models-20261124-100000');
  });

  it('stops at the sandbox when asked', async () => {
    const client = cma();
    const partner = (await client.itemTypes.list()).find((t) => t.api_key === 'partner')!;
    await client.itemTypes.update(partner.id, { hint: 'changed by hand' });
    const result = await setup({ promote: false, now: () => new Date('2026-11-25T10:00:00Z') });
    expect(result).toMatchObject({ sandbox: 'models-20261125-100000', promoted: false });
    expect(dato.environment().id).toBe('models-20261124-100000');
    expect(dato.maintenanceMode()).toBe(false);
    expect(
      (
        await planModels(
          buildClient({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl, environment: 'models-20261125-100000' }),
        )
      ).changes,
    ).toEqual([]);
    // Put the primary right again for the tests below.
    await setup({ now: () => new Date('2026-11-26T10:00:00Z') });
  });
});

describe('npm run cms:import', () => {
  it('pushes content/ into the project, published, and a second run adds nothing', async () => {
    const first = await importContent({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl, root, log: quiet });
    expect(first.created).toEqual({ blog_post: 4, showcase_picture: 6, faq_entry: 17, partner: 1, site_fact: 1 });
    const second = await importContent({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl, root, log: quiet });
    expect(second.created).toEqual({ blog_post: 0, showcase_picture: 0, faq_entry: 0, partner: 0, site_fact: 0 });
    // Each file was uploaded once.
    expect(dato.requests.filter((r) => r.api === 's3')).toHaveLength(4 + 6 + 1);
  });

  it('reads them back through the Content Delivery API as content/ has them', async () => {
    const client = published();
    const posts = await fetchAll(client, BlogPostCount, BlogPosts);
    expect(posts.map((p) => p.slug).sort()).toEqual([
      'how-often-should-you-groom-your-dog',
      'keeping-your-dog-cool-in-a-london-summer',
      'matted-coats-why-we-sometimes-shave',
      'preparing-your-puppy-for-their-first-groom',
    ]);
    const source = readFileSync(
      new URL('../../content/blog/how-often-should-you-groom-your-dog.md', import.meta.url),
      'utf8',
    );
    const post = posts.find((p) => p.slug === 'how-often-should-you-groom-your-dog')!;
    expect(source.endsWith(post.body!)).toBe(true);
    expect(post.cover.responsiveImage).toMatchObject({
      width: 1200,
      base64: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    expect(post.cover.responsiveImage!.src).toMatch(/fm=webp/);
    const faq = await fetchAll(client, FaqCount, FaqEntries);
    const local = JSON.parse(readFileSync(new URL('../../content/faq.json', import.meta.url), 'utf8')) as Array<{
      id: string;
    }>;
    expect(faq.map((q) => q.anchor)).toEqual(local.map((q) => q.id));
    const showcase = await fetchAll(client, ShowcaseCount, ShowcasePictures);
    expect(showcase.map((s) => s.name)).toEqual([
      'poodle',
      'westie',
      'cockapoo',
      'dachshund',
      'spaniel',
      'golden-retriever',
    ]);
  });
});
