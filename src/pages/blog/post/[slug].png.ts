/**
 * A post's picture for social networks: its cover as a 1200×630 PNG (they do not show SVG).
 * Made at build time with sharp from the cover's source file, or for a DatoCMS cover from the picture
 * its image CDN gives at that size.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRoute } from 'astro';
import sharp from 'sharp';
import type { RemoteImage } from '../../../cms/queries.ts';
import { publishedPosts, type Post } from '../../../components/blog.ts';

export async function getStaticPaths() {
  const posts = await publishedPosts();
  return posts.map((post) => ({ params: { slug: post.id }, props: { post } }));
}

export const GET: APIRoute<{ post: Post }> = async ({ props }) => {
  const cover = props.post.data.cover;
  const source = 'kind' in cover ? await download(cover) : await readFile(await sourceOf(cover));
  const png = await sharp(source, { density: 144 })
    .resize({ width: 1200, height: 630, fit: 'cover' })
    .flatten({ background: '#fbf6ee' })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};

/** The built cover is /_astro/<name>.<hash>.<ext>; its source is <name>.<ext> somewhere under src/assets. */
async function sourceOf(cover: { src: string; format: string }): Promise<string> {
  const stem = path.basename(new URL(cover.src, 'http://x').pathname).split('.')[0];
  const wanted = `${stem}.${cover.format === 'jpeg' ? 'jpg' : cover.format}`;
  const root = path.resolve('src/assets');
  const files = await readdir(root, { recursive: true });
  const found = files.find((f) => path.basename(f) === wanted || path.basename(f) === `${stem}.${cover.format}`);
  if (!found) throw new Error(`No source file for the cover ${cover.src}`);
  return path.join(root, found);
}

/** The CMS picture cropped to the social size by DatoCMS's image CDN (imgix parameters). */
async function download(cover: RemoteImage): Promise<Buffer> {
  const url = new URL(cover.original);
  for (const [k, v] of Object.entries({ w: '1200', h: '630', fit: 'crop', fm: 'png' })) url.searchParams.set(k, v);
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`The cover ${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
