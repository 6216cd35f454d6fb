/**
 * The splash picture, sized once for both the page's <link rel="preload"> and the splash itself, and a
 * tiny blurred stand-in inlined in the HTML as a data: URL (a few hundred bytes) so the splash has its
 * colours at first paint while the full picture downloads.
 */
import { getImage } from 'astro:assets';
import sharp from 'sharp';
import { illustration, illustrationSource } from './illustrations.ts';

export interface SplashPicture {
  src: string;
  width: number;
  height: number;
  placeholder?: string;
}

const WIDTH = 800;

export async function splashPicture(name = 'splash.svg'): Promise<SplashPicture | undefined> {
  const picture = illustration(name);
  if (!picture) return undefined;
  const height = Math.round((WIDTH * picture.height) / picture.width);
  const image = await getImage({ src: picture, width: WIDTH, height });
  const raw = illustrationSource(name);
  return { src: image.src, width: WIDTH, height, placeholder: raw ? await tinyPlaceholder(raw) : undefined };
}

export async function tinyPlaceholder(source: string | Buffer, width = 24): Promise<string> {
  const input = typeof source === 'string' ? Buffer.from(source) : source;
  const data = await sharp(input, { density: 12 }).resize({ width }).webp({ quality: 45 }).toBuffer();
  return `data:image/webp;base64,${data.toString('base64')}`;
}
