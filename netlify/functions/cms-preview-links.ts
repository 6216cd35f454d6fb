import type { Config } from '@netlify/functions';
import { previewLinks } from '../../src/server/cms/preview.ts';

/**
 * DatoCMS's Web Previews plugin asks here for the preview links of the record an editor has open
 * (src/server/cms/preview.ts, docs/decisions/044).
 */
export default async (req: Request) => {
  try {
    return await previewLinks(req);
  } catch (error) {
    console.error('preview links failed:', error);
    return new Response(JSON.stringify({ error: 'Something went wrong on our side.' }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    });
  }
};

export const config: Config = { path: '/preview/links' };
