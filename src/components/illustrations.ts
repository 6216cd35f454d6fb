/**
 * The drawn illustrations in src/assets/illustrations/, looked up by file name. A glob (not static
 * imports) so a page still builds while a picture is missing: the slot simply stays empty.
 */
import type { ImageMetadata } from 'astro';

const images = import.meta.glob<ImageMetadata>('../assets/illustrations/*.{svg,png,jpg,jpeg,webp,avif}', {
  eager: true,
  import: 'default',
});
const sources = import.meta.glob<string>('../assets/illustrations/*.svg', {
  eager: true,
  query: '?raw',
  import: 'default',
});

export function illustration(name: string): ImageMetadata | undefined {
  return images[`../assets/illustrations/${name}`];
}

export function illustrationSource(name: string): string | undefined {
  return sources[`../assets/illustrations/${name}`];
}

export function isVector(image: ImageMetadata): boolean {
  return image.format === 'svg';
}
