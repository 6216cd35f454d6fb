import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { fillFacts } from './components/fact-placeholders.ts';
import { site } from './components/site-facts.ts';

/** Plain text that may name the business's facts as {{placeholders}}; lengths are checked as filled in. */
const textWithFacts = (max?: number) =>
  z
    .string()
    .transform((text) => fillFacts(text))
    .pipe(max ? z.string().max(max) : z.string());
import { cmsEnv, publishedContentClient } from './cms/config.ts';
import { fromDatoCms, fromFiles, jsonArrayFile } from './cms/loaders.ts';
import {
  BlogPostCount,
  BlogPosts,
  FaqCount,
  FaqEntries,
  PartnerCount,
  Partners,
  RemoteImageSchema,
  ShowcaseCount,
  ShowcasePictures,
  blogPostEntry,
  faqEntry,
  fetchAll,
  partnerEntry,
  showcaseEntry,
} from './cms/queries.ts';

/**
 * Editorial content, and the one place that decides where it comes from. With `DATOCMS_API_TOKEN`
 * set, the blog, showcase pictures, questions and answers and partners come from DatoCMS's GraphQL
 * Content Delivery API (published records only); without it, from `content/` exactly as before. Both
 * give the same shapes, so pages never know which it was (docs/decisions/040-content-from-datocms.md).
 * Astro keeps entries sorted by id: where the order is content, entries carry it as `order`.
 * A picture is either a file of ours (resolved by astro:assets) or a DatoCMS CDN image (`kind: 'remote'`).
 */
const cms = publishedContentClient(cmsEnv());

const blog = defineCollection({
  loader: cms
    ? fromDatoCms('blog posts', cms, async (c) => (await fetchAll(c, BlogPostCount, BlogPosts)).map(blogPostEntry))
    : fromFiles(glob({ pattern: '**/*.md', base: './content/blog' })),
  schema: ({ image }) =>
    z.object({
      title: z.string().max(90),
      /** The page's <title> when the editor gave the SEO field a title of its own. */
      seoTitle: z.string().max(90).optional(),
      description: textWithFacts(170),
      pubDate: z.coerce.date(),
      updatedDate: z.coerce.date().optional(),
      author: z.string().default(`The ${site.name} team`),
      cover: z.union([image(), RemoteImageSchema]),
      coverAlt: z.string(),
      tags: z.array(z.string()).default([]),
      draft: z.boolean().default(false),
    }),
});

const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/legal' }),
  schema: z.object({ title: z.string(), description: textWithFacts(170), updated: z.coerce.date() }),
});

const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/pages' }),
  schema: z.object({ title: z.string(), description: textWithFacts(170) }),
});

const faq = defineCollection({
  loader: cms
    ? fromDatoCms('questions and answers', cms, async (c) => (await fetchAll(c, FaqCount, FaqEntries)).map(faqEntry))
    : jsonArrayFile('./content/faq.json'),
  // The answer is Markdown: markdown.ts fills its placeholders as it renders.
  schema: z.object({ question: textWithFacts(), answer: z.string(), topic: z.string(), order: z.number().int() }),
});

const qualities = defineCollection({
  loader: file('./content/qualities.json'),
  schema: z.object({
    title: z.string(),
    colour: z.enum(['sage', 'sand', 'sky', 'blush']),
    icon: z.string(),
    rotation: z.number().min(-4).max(4),
    description: textWithFacts(),
  }),
});

/** Contract §3's showcase picture: in content/, `url` names a file in src/assets/showcase/ (decision 019). */
const ShowcaseAsset = z.object({
  id: z.string().min(1),
  url: z.string().regex(/^src\/assets\/showcase\/[\w-]+\.svg$/),
});
const showcase = defineCollection({
  loader: cms
    ? fromDatoCms('showcase pictures', cms, async (c) =>
        (await fetchAll(c, ShowcaseCount, ShowcasePictures)).map(showcaseEntry),
      )
    : jsonArrayFile('./content/showcase.json'),
  schema: z.union([
    z.object({
      alt: z.string().min(1).max(200),
      pictureLowRes: ShowcaseAsset,
      picture: ShowcaseAsset,
      order: z.number().int(),
    }),
    z.object({ alt: z.string().min(1).max(200), image: RemoteImageSchema, order: z.number().int() }),
  ]),
});

/** The home page's partners: in content/, `picture` names a file in src/assets/illustrations/. */
const partners = defineCollection({
  loader: cms
    ? fromDatoCms('partners', cms, async (c) => (await fetchAll(c, PartnerCount, Partners)).map(partnerEntry))
    : jsonArrayFile('./content/partners.json'),
  schema: z.object({
    order: z.number().int(),
    name: z.string().min(1),
    url: z.url().optional(),
    alt: z.string().min(1),
    picture: z.union([z.string().regex(/^[\w-]+\.(svg|png|jpg|jpeg|webp|avif)$/), RemoteImageSchema]),
  }),
});

export const collections = { blog, legal, pages, faq, qualities, showcase, partners };
