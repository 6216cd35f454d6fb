import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { fillFacts } from './components/fact-placeholders.ts';
import { site } from './components/site-facts.ts';

/** Plain text that may name the business's facts as {{placeholders}}; lengths are checked as filled in. */
const textWithFacts = (max?: number) => z.string().transform((text) => fillFacts(text)).pipe(max ? z.string().max(max) : z.string());

/**
 * Editorial content. Today it lives in `content/`; when DatoCMS is configured the same shapes come
 * from there, so pages never care where a post came from.
 */
const blog = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/blog' }),
  schema: ({ image }) =>
    z.object({
      title: z.string().max(90),
      description: textWithFacts(170),
      pubDate: z.coerce.date(),
      updatedDate: z.coerce.date().optional(),
      author: z.string().default(`The ${site.name} team`),
      cover: image(),
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
  loader: file('./content/faq.json'),
  // The answer is Markdown: markdown.ts fills its placeholders as it renders.
  schema: z.object({ question: textWithFacts(), answer: z.string(), topic: z.string() }),
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

export const collections = { blog, legal, pages, faq, qualities };
