import { z } from 'zod';
import { defineQuery, type ContentClient, type ContentQuery } from './content-client.ts';

/**
 * What the site reads from DatoCMS's GraphQL Content Delivery API, and the shapes it turns them into.
 * The models these queries name are defined in src/cms/models.ts (`npm run cms:setup`). Each query
 * has one top-level field (the content client uses the first), and each answer is checked by zod
 * here, at the boundary. Images come through DatoCMS's image CDN (imgix) as WebP, with the tiny
 * base64 placeholder DatoCMS computes (LQIP), which is what the slideshow shows first.
 */

/** DatoCMS answers at most 100 records a request (`first`). */
export const PAGE_SIZE = 100;

const ResponsiveImage = z.object({
  src: z.string().min(1),
  srcSet: z.string(),
  width: z.number().positive(),
  height: z.number().positive(),
  base64: z.string().nullish(),
});
const Upload = z.object({
  url: z.string().min(1),
  alt: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  responsiveImage: ResponsiveImage.nullish(),
});
type UploadValue = z.infer<typeof Upload>;

/** A picture on DatoCMS's CDN, ready for `<img src srcset>`: how pages and islands get CMS images. */
export const RemoteImageSchema = z.object({
  kind: z.literal('remote'),
  /** The largest WebP the page needs, and the widths below it. */
  src: z.string(),
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
  /** A tiny blurred picture as a data URL, or null. */
  placeholder: z.string().nullable(),
  /** The uploaded file as it is (for the social-network PNG). */
  original: z.string(),
});
export type RemoteImage = z.infer<typeof RemoteImageSchema>;

export function remoteImage(upload: UploadValue, what: string): RemoteImage {
  const r = upload.responsiveImage;
  if (r)
    return {
      kind: 'remote',
      src: r.src,
      srcSet: r.srcSet,
      width: r.width,
      height: r.height,
      placeholder: r.base64 ?? null,
      original: upload.url,
    };
  // Files the image CDN cannot transform (DatoCMS gives no responsiveImage): the file as it is.
  if (!upload.width || !upload.height)
    throw new Error(`${what}: the picture ${upload.url} has no size; upload an image`);
  return {
    kind: 'remote',
    src: upload.url,
    srcSet: '',
    width: upload.width,
    height: upload.height,
    placeholder: null,
    original: upload.url,
  };
}

const image = (imgix: string) =>
  `{ url alt width height responsiveImage(imgixParams: { ${imgix} }) { src srcSet width height base64 } }`;
const COVER = image('auto: format, fm: webp, fit: max, w: 1200');
const SLIDE = image('auto: format, fm: webp, fit: max, w: 1440');
const LOGO = image('auto: format, fm: webp, fit: max, w: 2000');

const Count = z.object({ count: z.number().int().min(0) });
const page = <T extends z.ZodType>(item: T) => z.array(item);
type Page = { first: number; skip: number };

// --- Blog posts --------------------------------------------------------------------------------------
const BLOG_FIELDS = `id slug title pubDate updatedDate author tags body seo { title description } cover ${COVER}`;
const BlogPostRecord = z.object({
  id: z.string(),
  slug: z.string().min(1),
  title: z.string(),
  pubDate: z.string(),
  updatedDate: z.string().nullish(),
  author: z.string().nullish(),
  tags: z.string().nullish(),
  body: z.string().nullish(),
  seo: z.object({ title: z.string().nullish(), description: z.string().nullish() }).nullish(),
  cover: Upload,
});
export type BlogPostRecord = z.infer<typeof BlogPostRecord>;

export const BlogPostCount = defineQuery('BlogPostCount', 'query BlogPostCount { _allBlogPostsMeta { count } }', Count);
export const BlogPosts: ContentQuery<Page, z.ZodArray<typeof BlogPostRecord>> = defineQuery(
  'BlogPosts',
  `query BlogPosts($first: IntType!, $skip: IntType!) { allBlogPosts(first: $first, skip: $skip, orderBy: [id_ASC]) { ${BLOG_FIELDS} } }`,
  page(BlogPostRecord),
);
export const BlogPostBySlug: ContentQuery<{ slug: string }, z.ZodNullable<typeof BlogPostRecord>> = defineQuery(
  'BlogPostBySlug',
  `query BlogPostBySlug($slug: String!) { blogPost(filter: { slug: { eq: $slug } }) { ${BLOG_FIELDS} } }`,
  BlogPostRecord.nullable(),
);

/** A draft post for the editor's preview: DatoCMS renders its Markdown (`body(markdown: true)`). */
const BlogPostPreviewRecord = BlogPostRecord.extend({ bodyHtml: z.string().nullish() });
export type BlogPostPreviewRecord = z.infer<typeof BlogPostPreviewRecord>;
export const BlogPostPreview: ContentQuery<{ slug: string }, z.ZodNullable<typeof BlogPostPreviewRecord>> = defineQuery(
  'BlogPostPreview',
  `query BlogPostPreview($slug: String!) { blogPost(filter: { slug: { eq: $slug } }) { ${BLOG_FIELDS} bodyHtml: body(markdown: true) } }`,
  BlogPostPreviewRecord.nullable(),
);

/** The blog collection's data (src/content.config.ts) of one record, and its Markdown body. */
export function blogPostEntry(record: BlogPostRecord) {
  return {
    id: record.slug,
    body: record.body ?? '',
    data: {
      title: record.title,
      ...(record.seo?.title ? { seoTitle: record.seo.title } : {}),
      description: record.seo?.description ?? '',
      pubDate: record.pubDate,
      ...(record.updatedDate ? { updatedDate: record.updatedDate } : {}),
      ...(record.author ? { author: record.author } : {}),
      cover: remoteImage(record.cover, `blog post ${record.slug}`),
      coverAlt: record.cover.alt ?? '',
      tags: (record.tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      draft: false,
    },
  };
}

// --- Showcase pictures -------------------------------------------------------------------------------
const ShowcaseRecord = z.object({ id: z.string(), name: z.string().min(1), picture: Upload });
export const ShowcaseCount = defineQuery(
  'ShowcaseCount',
  'query ShowcaseCount { _allShowcasePicturesMeta { count } }',
  Count,
);
export const ShowcasePictures: ContentQuery<Page, z.ZodArray<typeof ShowcaseRecord>> = defineQuery(
  'ShowcasePictures',
  `query ShowcasePictures($first: IntType!, $skip: IntType!) { allShowcasePictures(first: $first, skip: $skip, orderBy: [position_ASC, id_ASC]) { id name picture ${SLIDE} } }`,
  page(ShowcaseRecord),
);
export function showcaseEntry(record: z.infer<typeof ShowcaseRecord>) {
  return {
    id: record.name,
    data: { alt: record.picture.alt ?? '', image: remoteImage(record.picture, `showcase picture ${record.name}`) },
  };
}

// --- Questions and answers ---------------------------------------------------------------------------
const FaqRecord = z.object({
  id: z.string(),
  anchor: z.string().min(1),
  question: z.string(),
  answer: z.string(),
  topic: z.string(),
});
export const FaqCount = defineQuery('FaqCount', 'query FaqCount { _allFaqEntriesMeta { count } }', Count);
export const FaqEntries: ContentQuery<Page, z.ZodArray<typeof FaqRecord>> = defineQuery(
  'FaqEntries',
  'query FaqEntries($first: IntType!, $skip: IntType!) { allFaqEntries(first: $first, skip: $skip, orderBy: [position_ASC, id_ASC]) { id anchor question answer topic } }',
  page(FaqRecord),
);
export function faqEntry(record: z.infer<typeof FaqRecord>) {
  return { id: record.anchor, data: { question: record.question, answer: record.answer, topic: record.topic } };
}

// --- Partners ----------------------------------------------------------------------------------------
const PartnerRecord = z.object({ id: z.string(), name: z.string(), url: z.string().nullish(), logo: Upload });
export const PartnerCount = defineQuery('PartnerCount', 'query PartnerCount { _allPartnersMeta { count } }', Count);
export const Partners: ContentQuery<Page, z.ZodArray<typeof PartnerRecord>> = defineQuery(
  'Partners',
  `query Partners($first: IntType!, $skip: IntType!) { allPartners(first: $first, skip: $skip, orderBy: [position_ASC, id_ASC]) { id name url logo ${LOGO} } }`,
  page(PartnerRecord),
);
export function partnerEntry(record: z.infer<typeof PartnerRecord>) {
  return {
    id: record.id,
    data: {
      name: record.name,
      ...(record.url ? { url: record.url } : {}),
      alt: record.logo.alt ?? '',
      picture: remoteImage(record.logo, `partner ${record.name}`),
    },
  };
}

/**
 * Every published record of a model: its count first (`_allXMeta`), then pages of 100 with
 * `first`/`skip`, in order. A record published between the two requests waits for the next build.
 */
export async function fetchAll<R extends z.ZodArray<z.ZodType>>(
  client: ContentClient,
  count: ContentQuery<Record<string, unknown>, typeof Count>,
  pageQuery: ContentQuery<Page, R>,
): Promise<z.infer<R>> {
  const { count: total } = await client.request(count);
  const records: unknown[] = [];
  for (let skip = 0; skip < total; skip += PAGE_SIZE) {
    const batch = await client.request(pageQuery, { first: PAGE_SIZE, skip });
    records.push(...batch);
    if (batch.length < PAGE_SIZE) break;
  }
  return records as z.infer<R>;
}
