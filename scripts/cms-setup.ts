/**
 * `npm run cms:setup`: creates or updates the DatoCMS models (src/cms/models.ts) through a sandbox
 * environment that is then promoted (src/cms/setup.ts, docs/decisions/041). Needs DATOCMS_CMA_TOKEN
 * (a full-access token). `-- --no-promote` stops at the sandbox. With DATOCMS_WEBHOOK_SECRET set and
 * `-- --site https://…` (or URL) naming the public site, it also sets up the publish webhook.
 */
import { existsSync } from 'node:fs';
import { endpoints } from '../src/cms/config.ts';
import { setupCms } from '../src/cms/setup.ts';
import { env } from '../src/server/env.ts';

// A local .env (see .env.example) is read as the other commands' Netlify tooling reads it.
if (existsSync('.env')) process.loadEnvFile('.env');

const config = env();
const args = process.argv.slice(2);
const siteArg = args.find((a) => a.startsWith('--site='))?.slice('--site='.length);
if (!config.DATOCMS_CMA_TOKEN) {
  console.error(
    'Set DATOCMS_CMA_TOKEN to a full-access API token of the DatoCMS project (Project settings > API tokens).',
  );
  process.exit(1);
}
const site = siteArg ?? (config.URL && new URL(config.URL).hostname !== 'localhost' ? config.URL : undefined);
const webhook =
  config.DATOCMS_WEBHOOK_SECRET && site
    ? { url: new URL('/v1.0.1/cms/publish-webhook', site).href, secret: config.DATOCMS_WEBHOOK_SECRET }
    : undefined;
if (!webhook)
  console.log('Publish webhook left alone: set DATOCMS_WEBHOOK_SECRET and pass --site=https://your-site to set it up.');

try {
  const result = await setupCms({
    apiToken: config.DATOCMS_CMA_TOKEN,
    baseUrl: config.DATOCMS_BASE_URL ? endpoints(config).cma : undefined,
    promote: !args.includes('--no-promote'),
    webhook,
  });
  console.log(result.changes.length ? `${result.changes.length} changes applied.` : 'Nothing changed.');
} catch (error) {
  console.error('cms:setup failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
