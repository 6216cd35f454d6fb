import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Editorial content. Today it lives in `content/`; when DatoCMS is configured the same shapes come
 * from there, so pages never care where a post came from.
 */
const blog = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/blog' }),
  schema: ({ image }) =>
    z.object({
      title: z.string().max(90),
      description: z.string().max(170),
      pubDate: z.coerce.date(),
      updatedDate: z.coerce.date().optional(),
      author: z.string().default('The Leyton Dog Grooming team'),
      cover: image(),
      coverAlt: z.string(),
      tags: z.array(z.string()).default([]),
      draft: z.boolean().default(false),
    }),
});

const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/legal' }),
  schema: z.object({ title: z.string(), description: z.string().max(170), updated: z.coerce.date() }),
});

const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/pages' }),
  schema: z.object({ title: z.string(), description: z.string().max(170) }),
});

const faq = defineCollection({
  loader: file('./content/faq.json'),
  schema: z.object({ question: z.string(), answer: z.string(), topic: z.string() }),
});

const qualities = defineCollection({
  loader: file('./content/qualities.json'),
  schema: z.object({
    title: z.string(),
    colour: z.enum(['sage', 'sand', 'sky', 'blush']),
    icon: z.string(),
    rotation: z.number().min(-4).max(4),
    description: z.string(),
  }),
});

export const collections = { blog, legal, pages, faq, qualities };
