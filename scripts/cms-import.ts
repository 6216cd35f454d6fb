/**
 * `npm run cms:import`: pushes today's content/ into the DatoCMS project (src/cms/import.ts), into
 * DATOCMS_ENVIRONMENT or the primary environment. Run `npm run cms:setup` first. Records already
 * there are left alone. Needs DATOCMS_CMA_TOKEN.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpoints } from '../src/cms/config.ts';
import { importContent } from '../src/cms/import.ts';
import { env } from '../src/server/env.ts';

// A local .env (see .env.example) is read as the other commands' Netlify tooling reads it.
if (existsSync('.env')) process.loadEnvFile('.env');

const config = env();
if (!config.DATOCMS_CMA_TOKEN) {
  console.error(
    'Set DATOCMS_CMA_TOKEN to a full-access API token of the DatoCMS project (Project settings > API tokens).',
  );
  process.exit(1);
}
try {
  await importContent({
    apiToken: config.DATOCMS_CMA_TOKEN,
    baseUrl: config.DATOCMS_BASE_URL ? endpoints(config).cma : undefined,
    environment: config.DATOCMS_ENVIRONMENT,
    root: fileURLToPath(new URL('..', import.meta.url)),
  });
  console.log('Imported. Editors can now change it in DatoCMS; set DATOCMS_API_TOKEN for the build to read it.');
} catch (error) {
  console.error('cms:import failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
