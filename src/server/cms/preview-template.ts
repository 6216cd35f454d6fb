/** The placeholders of the preview template page (src/pages/preview-template/blog-post.astro). */
export const PREVIEW = {
  title: '__PREVIEW_TITLE__',
  pageTitle: '__PREVIEW_PAGE_TITLE__',
  description: '__PREVIEW_DESCRIPTION__',
  author: '__PREVIEW_AUTHOR__',
  published: '__PREVIEW_PUBLISHED__',
  publishedIso: '__PREVIEW_PUBLISHED_ISO__',
  updated: '__PREVIEW_UPDATED__',
  updatedIso: '__PREVIEW_UPDATED_ISO__',
  coverSrc: '__PREVIEW_COVER_SRC__',
  coverSrcSet: '__PREVIEW_COVER_SRCSET__',
  coverAlt: '__PREVIEW_COVER_ALT__',
  tag: '__PREVIEW_TAG__',
  body: '__PREVIEW_BODY__',
} as const;

/** Where the built template is served. */
export const PREVIEW_TEMPLATE_PATH = '/preview-template/blog-post/';
