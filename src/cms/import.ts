import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildClient } from '@datocms/cma-client-node';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * `npm run cms:import`: today's `content/` into a DatoCMS project whose models `npm run cms:setup`
 * made, so a new owner starts from our content: blog posts (cover uploaded, Markdown body), showcase
 * pictures, questions and answers, partners and the site facts editors may change, each published.
 * A record that is already there (same address, name or link name) is left as it is: the import never
 * overwrites an editor's work, and running it twice adds nothing. Files are uploaded once (DatoCMS
 * finds an identical upload by its checksum).
 */

export interface ImportOptions {
  apiToken: string;
  baseUrl?: string;
  environment?: string;
  /** The project's root (the folder with content/ and src/assets/). */
  root: string;
  log?: (line: string) => void;
}

export interface ImportResult {
  created: Record<string, number>;
  skipped: Record<string, number>;
}

const Frontmatter = z.object({
  title: z.string(),
  description: z.string(),
  pubDate: z.union([z.string(), z.date()]),
  updatedDate: z.union([z.string(), z.date()]).optional(),
  author: z.string().optional(),
  cover: z.string(),
  coverAlt: z.string(),
  tags: z.array(z.string()).default([]),
  draft: z.boolean().default(false),
});
const Showcase = z.array(z.object({ id: z.string(), alt: z.string(), picture: z.object({ url: z.string() }) }));
const Faq = z.array(z.object({ id: z.string(), question: z.string(), answer: z.string(), topic: z.string() }));
const Partners = z.array(
  z.object({ id: z.string(), name: z.string(), url: z.string().optional(), picture: z.string(), alt: z.string() }),
);
const SiteFacts = z
  .object({
    phoneIssueBanner: z.boolean(),
    bookingPhone: z.object({ display: z.string() }),
    reviews: z.object({ rating: z.number(), count: z.number() }),
    promotion: z.object({ text: z.string() }),
  })
  .loose();

const day = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

/** A Markdown file's YAML front matter and its body, as Astro reads them. */
export function splitFrontmatter(source: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  return { data: parseYaml(match[1]!), body: source.slice(match[0].length).replace(/^\s*\n/, '') };
}

export async function importContent(options: ImportOptions): Promise<ImportResult> {
  const log = options.log ?? console.log;
  const client = buildClient({
    apiToken: options.apiToken,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.environment ? { environment: options.environment } : {}),
  });
  const root = options.root;
  const models = new Map((await client.itemTypes.list()).map((m) => [m.api_key, m.id]));
  const modelId = (apiKey: string) => {
    const id = models.get(apiKey);
    if (!id) throw new Error(`DatoCMS has no model ${apiKey}: run npm run cms:setup first`);
    return id;
  };
  const result: ImportResult = { created: {}, skipped: {} };
  const uploads = new Map<string, Promise<string>>();
  const upload = (file: string) => {
    const localPath = path.resolve(root, file);
    if (!uploads.has(localPath)) {
      uploads.set(
        localPath,
        client.uploads.createFromLocalFile({ localPath, skipCreationIfAlreadyExists: true }).then((u) => u.id),
      );
    }
    return uploads.get(localPath)!;
  };

  /** Creates and publishes the records whose key is not there yet, in order (sortable models keep it). */
  async function sync(
    apiKey: string,
    keyField: string | null,
    records: Array<{ key: string; fields: () => Promise<Record<string, unknown>> }>,
  ) {
    const type = modelId(apiKey);
    const existing = new Set<string>();
    let count = 0;
    for await (const item of client.items.listPagedIterator({ filter: { type: apiKey } })) {
      count++;
      if (keyField) existing.add(String((item as Record<string, unknown>)[keyField]));
    }
    // A singleton (no key) is created only in a project that has none.
    const missing = records.filter((r) => (keyField ? !existing.has(r.key) : count === 0));
    // Their files upload side by side (each upload is a job DatoCMS finishes on its own time)…
    const values = await Promise.all(missing.map((r) => r.fields()));
    // …and the records are created one by one, in order: sortable models keep it.
    for (const fields of values) {
      const item = await client.items.create({ item_type: { type: 'item_type', id: type }, ...fields });
      await client.items.publish(item.id);
    }
    const created = missing.length;
    const skipped = records.length - created;
    result.created[apiKey] = created;
    result.skipped[apiKey] = skipped;
    log(`${apiKey}: ${created} created${skipped ? `, ${skipped} already there` : ''}`);
  }

  const blogDir = path.join(root, 'content/blog');
  const posts = [];
  for (const name of (await readdir(blogDir)).filter((n) => n.endsWith('.md')).sort()) {
    const { data, body } = splitFrontmatter(await readFile(path.join(blogDir, name), 'utf8'));
    const front = Frontmatter.parse(data);
    if (front.draft) continue;
    const slug = name.replace(/\.md$/, '');
    posts.push({
      key: slug,
      fields: async () => ({
        title: front.title,
        slug,
        seo: { title: null, description: front.description, image: null, twitter_card: null, no_index: false },
        pub_date: day(front.pubDate),
        updated_date: front.updatedDate ? day(front.updatedDate) : null,
        author: front.author ?? 'The Leyton Dog Grooming team',
        cover: {
          upload_id: await upload(path.relative(root, path.resolve(blogDir, front.cover))),
          alt: front.coverAlt,
          title: null,
          custom_data: {},
          focal_point: null,
        },
        tags: front.tags.join(', ') || null,
        body,
      }),
    });
  }
  await sync('blog_post', 'slug', posts);

  const showcase = Showcase.parse(JSON.parse(await readFile(path.join(root, 'content/showcase.json'), 'utf8')));
  await sync(
    'showcase_picture',
    'name',
    showcase.map((s) => ({
      key: s.id,
      fields: async () => ({
        name: s.id,
        picture: {
          upload_id: await upload(s.picture.url),
          alt: s.alt,
          title: null,
          custom_data: {},
          focal_point: null,
        },
      }),
    })),
  );

  const faq = Faq.parse(JSON.parse(await readFile(path.join(root, 'content/faq.json'), 'utf8')));
  await sync(
    'faq_entry',
    'anchor',
    faq.map((q) => ({
      key: q.id,
      fields: async () => ({ question: q.question, anchor: q.id, topic: q.topic, answer: q.answer }),
    })),
  );

  const partners = Partners.parse(JSON.parse(await readFile(path.join(root, 'content/partners.json'), 'utf8')));
  await sync(
    'partner',
    'name',
    partners.map((p) => ({
      key: p.name,
      fields: async () => ({
        name: p.name,
        url: p.url ?? null,
        logo: {
          upload_id: await upload(`src/assets/illustrations/${p.picture}`),
          alt: p.alt,
          title: null,
          custom_data: {},
          focal_point: null,
        },
      }),
    })),
  );

  const site = SiteFacts.parse(JSON.parse(await readFile(path.join(root, 'content/site.json'), 'utf8')));
  await sync('site_fact', null, [
    {
      key: 'site',
      fields: async () => ({
        phone_issue_banner: site.phoneIssueBanner,
        booking_phone: site.bookingPhone.display,
        review_rating: site.reviews.rating,
        review_count: site.reviews.count,
        promotion: site.promotion.text,
      }),
    },
  ]);
  return result;
}
