import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http.ts';

/**
 * `/v1.0.1/cms/blog/posts` is a file the build writes (decision 015), and Netlify answers a static
 * file whatever the method. GET and HEAD stay with the file and the CDN; every other method is routed
 * here and refused as every endpoint refuses it: 405 JSON with Allow, OPTIONS 204 (decision 049).
 */
export default endpoint(['GET'], () => {
  throw new Error('GET /v1.0.1/cms/blog/posts is the static file: this function must be routed only the other methods');
});

export const config: Config = { path: '/v1.0.1/cms/blog/posts', method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] };
