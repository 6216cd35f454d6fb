import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { BREED_IMAGE_WIDTHS, DEFAULT_BREED_IMAGE_WIDTH } from '../../src/domain/breed-records.ts';
import { breedImageAt } from '../../src/server/breed-images.ts';
import { endpoint, HttpError, parseQuery } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';

const NAME = /^([0-9a-f]{64})\.webp$/;
const WidthQuerySchema = z
  .object({
    w: z
      .enum(BREED_IMAGE_WIDTHS.map(String) as [string, ...string[]])
      .transform(Number)
      .optional(),
  })
  .strict();

/**
 * A breed's picture, resized (src/server/breed-images.ts). The name is the SHA-256 of the stored
 * picture, so an address always shows the same picture: browsers and the CDN keep it for a year.
 */
export default endpoint(['GET'], async (req, context) => {
  const match = NAME.exec(routeOf(req, context, ['breedImage']).params.name);
  if (!match) throw new HttpError(404, 'There is no such picture.', { code: 'not_found' });
  const width = parseQuery(req, WidthQuerySchema).w ?? DEFAULT_BREED_IMAGE_WIDTH;
  const image = await breedImageAt(match[1]!, width);
  if (!image) throw new HttpError(404, 'There is no such picture.', { code: 'not_found' });
  return new Response(new Uint8Array(image), {
    headers: {
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
});

export const config: Config = { path: '/v1.0.1/breed-images/:name' };
