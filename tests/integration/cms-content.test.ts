import { buildClient, type Client } from '@datocms/cma-client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError, contentClient } from '../../src/cms/content-client.ts';
import { BlogPostBySlug, BlogPostCount, BlogPosts, FaqCount, FaqEntries, fetchAll } from '../../src/cms/queries.ts';
import { setupCms } from '../../src/cms/setup.ts';
import { startFakeDatoCms, type FakeDatoCms } from '../helpers/fake-datocms.ts';

/**
 * The content client of contract §7 and §8 against a local server answering like DatoCMS's GraphQL CDA:
 * the request it sends, the first top-level field, every error path, pagination past 100 records,
 * and drafts kept out of published reads.
 */
let dato: FakeDatoCms;
let cma: Client;
beforeAll(async () => {
  dato = await startFakeDatoCms();
  await setupCms({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl, log: () => undefined });
  cma = buildClient({ apiToken: dato.tokens.cma, baseUrl: dato.cmaUrl });
});
afterAll(() => dato.close());

const published = () => contentClient({ endpoint: dato.graphqlUrl, token: dato.tokens.read });
const drafts = () => contentClient({ endpoint: dato.graphqlUrl, token: dato.tokens.preview, includeDrafts: true });
const modelId = async (apiKey: string) => (await cma.itemTypes.list()).find((t) => t.api_key === apiKey)!.id;
const lastGraphql = () => dato.requests.filter((r) => r.api === 'graphql').at(-1)!;

async function caught(promise: Promise<unknown>): Promise<ContentError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return error as ContentError;
  }
  throw new Error('expected a ContentError');
}

describe('the content client (contract §7)', () => {
  it('POSTs query, variables and operation name with the token, and answers the first top-level field', async () => {
    const client = contentClient({
      endpoint: dato.graphqlUrl,
      token: dato.tokens.read,
      environment: dato.environment().id,
    });
    expect(await client.request(BlogPostCount)).toEqual({ count: 0 });
    const sent = lastGraphql();
    expect(sent.method).toBe('POST');
    expect(JSON.parse(sent.body)).toEqual({
      query: BlogPostCount.query,
      variables: {},
      operationName: 'BlogPostCount',
    });
    expect(sent.headers).toMatchObject({
      authorization: `Bearer ${dato.tokens.read}`,
      'content-type': 'application/json',
      'x-environment': dato.environment().id,
    });
    expect(sent.headers['x-include-drafts']).toBeUndefined();
    await drafts().request(BlogPostCount);
    expect(lastGraphql().headers['x-include-drafts']).toBe('true');
  });

  it.each([
    ['not ok', { status: 500, body: '{"message":"upstream is down"}' }],
    ['not ok, and not JSON', { status: 502, body: '<html>Bad gateway</html>' }],
    ['errors', { status: 200, body: '{"data":null,"errors":[{"message":"Field \'allPosts\' doesn\'t exist"}]}' }],
    [
      'errors beside data',
      { status: 200, body: '{"data":{"_allBlogPostsMeta":{"count":1}},"errors":[{"message":"partial"}]}' },
    ],
    ['no data', { status: 200, body: '{}' }],
    ['data null', { status: 200, body: '{"data":null}' }],
    ['no top-level field', { status: 200, body: '{"data":{}}' }],
  ])('raises the error with the status and the body when the answer has %s (contract §8)', async (_, answer) => {
    dato.failGraphql(1, answer);
    const error = await caught(published().request(BlogPostCount));
    expect(error.status).toBe(answer.status);
    expect(error.body).toBe(answer.body);
    expect(error.message).toContain(`status ${answer.status}`);
  });

  it("raises it for a token DatoCMS refuses, with DatoCMS's own answer", async () => {
    const error = await caught(contentClient({ endpoint: dato.graphqlUrl, token: 'wrong' }).request(BlogPostCount));
    expect(error.status).toBe(401);
    expect(JSON.parse(error.body)).toMatchObject({ data: [{ attributes: { code: 'INVALID_AUTHORIZATION_HEADER' } }] });
  });

  it('raises it when the answer does not have the shape the query expects', async () => {
    dato.failGraphql(1, { status: 200, body: '{"data":{"_allBlogPostsMeta":{"count":"many"}}}' });
    const error = await caught(published().request(BlogPostCount));
    expect(error.message).toContain('_allBlogPostsMeta.count');
  });

  it('raises it with status 0 when nothing answers', async () => {
    const error = await caught(
      contentClient({ endpoint: 'http://127.0.0.1:9/graphql', token: 'x' }).request(BlogPostCount),
    );
    expect(error.status).toBe(0);
  });
});

describe('reading every published record', () => {
  it('pages past 100 records with first/skip, in order', async () => {
    const type = await modelId('faq_entry');
    for (let i = 1; i <= 230; i++) {
      const item = await cma.items.create({
        item_type: { type: 'item_type', id: type },
        question: `Question ${i}?`,
        anchor: `question-${i}`,
        topic: 'Many',
        answer: `Answer ${i}.`,
      });
      await cma.items.publish(item.id);
    }
    const from = dato.requests.length;
    const entries = await fetchAll(published(), FaqCount, FaqEntries);
    expect(entries).toHaveLength(230);
    expect(entries.map((e) => e.anchor)).toEqual(Array.from({ length: 230 }, (_, i) => `question-${i + 1}`));
    const pages = dato.requests
      .slice(from)
      .filter((r) => r.api === 'graphql')
      .map((r) => JSON.parse(r.body) as { operationName: string; variables: unknown });
    expect(pages).toEqual([
      { operationName: 'FaqCount', query: expect.any(String), variables: {} },
      { operationName: 'FaqEntries', query: expect.any(String), variables: { first: 100, skip: 0 } },
      { operationName: 'FaqEntries', query: expect.any(String), variables: { first: 100, skip: 100 } },
      { operationName: 'FaqEntries', query: expect.any(String), variables: { first: 100, skip: 200 } },
    ]);
  });

  it('never returns a draft, and returns the published version of a record edited since', async () => {
    const type = await modelId('blog_post');
    const uploadPath = (await cma.uploadRequest.create({ filename: 'cover.svg' })).id;
    await fetch(`${dato.base}/s3${uploadPath}`, {
      method: 'PUT',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#0f5563"/></svg>',
    });
    const upload = await cma.uploads.create({ path: uploadPath });
    const post = (slug: string, title: string) => ({
      item_type: { type: 'item_type' as const, id: type },
      title,
      slug,
      seo: { title: null, description: 'A post.', image: null, twitter_card: null, no_index: false },
      pub_date: '2026-11-20',
      author: 'The team',
      cover: { upload_id: upload.id, alt: 'A teal rectangle', title: null, custom_data: {}, focal_point: null },
      tags: 'one, two',
      body: 'Hello.',
    });
    await cma.items.create(post('a-draft-post', 'Not public yet'));
    const edited = await cma.items.create(post('an-edited-post', 'The published title'));
    await cma.items.publish(edited.id);
    await cma.items.update(edited.id, { title: 'A title still in draft' });

    const posts = await fetchAll(published(), BlogPostCount, BlogPosts);
    expect(posts.map((p) => [p.slug, p.title])).toEqual([['an-edited-post', 'The published title']]);
    expect(await published().request(BlogPostBySlug, { slug: 'a-draft-post' })).toBeNull();

    const withDrafts = await fetchAll(drafts(), BlogPostCount, BlogPosts);
    expect(withDrafts.map((p) => [p.slug, p.title])).toEqual([
      ['a-draft-post', 'Not public yet'],
      ['an-edited-post', 'A title still in draft'],
    ]);
    expect((await drafts().request(BlogPostBySlug, { slug: 'a-draft-post' }))?.title).toBe('Not public yet');
  });
});
