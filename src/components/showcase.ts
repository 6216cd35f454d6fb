/**
 * The showcase pictures, resolved for the slideshow island (contract §3 shape, decision 019): a full WebP
 * in several widths and a tiny placeholder shown first. Our own SVGs (content/showcase.json) are
 * rasterised here at build time; a DatoCMS picture already is that WebP on its image CDN, with the
 * base64 placeholder DatoCMS computes (decision 040).
 */
import { getImage } from 'astro:assets';
import { getCollection, type CollectionEntry } from 'astro:content';
import type { ImageMetadata } from 'astro';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { SlidePicture } from '../islands/Slideshow.tsx';

const sources = import.meta.glob<{ default: ImageMetadata }>('/src/assets/showcase/*.svg', { eager: true });

async function resolve(entry: CollectionEntry<'showcase'>): Promise<SlidePicture> {
  const { data } = entry;
  if ('image' in data) {
    const { image } = data;
    return {
      id: entry.id,
      alt: data.alt,
      lowRes: image.placeholder ?? image.src,
      src: image.src,
      srcSet: image.srcSet,
    };
  }
  const source = sources[`/${data.picture.url}`]?.default;
  if (!source)
    throw new Error(`content/showcase.json: picture ${entry.id} names ${data.picture.url}, which does not exist`);
  const full = await getImage({ src: source, format: 'webp', widths: [480, 720, 1080, 1440], quality: 78 });
  // 24 px wide, blurred by CSS: a few hundred bytes, shown the moment the HTML arrives.
  const tiny = await sharp(await readFile(path.resolve(data.pictureLowRes.url)))
    .resize({ width: 24 })
    .webp({ quality: 50 })
    .toBuffer();
  return {
    id: entry.id,
    alt: data.alt,
    lowRes: `data:image/webp;base64,${tiny.toString('base64')}`,
    src: full.src,
    srcSet: full.srcSet.attribute,
  };
}

export async function showcasePictures(): Promise<SlidePicture[]> {
  const entries = (await getCollection('showcase')).sort((a, b) => a.data.order - b.data.order);
  return Promise.all(entries.map(resolve));
}
