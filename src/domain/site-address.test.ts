import { describe, expect, it } from 'vitest';
import { publicSiteUrl, type DeployAddress } from './site-address.ts';

const PROD = 'https://www.leytondoggrooming.co.uk';
const PREVIEW = 'https://deploy-preview-12--leyton-dogs.netlify.app';
const BRANCH = 'https://staging--leyton-dogs.netlify.app';

describe('publicSiteUrl: links point at the deploy the customer is on', () => {
  it.each<[string, DeployAddress, string | null]>([
    ['production: URL', { url: PROD, context: 'production', deployPrimeUrl: PROD }, PROD],
    ['production ignores the request address', { url: PROD, context: 'production', requestOrigin: PREVIEW }, PROD],
    ['deploy preview: DEPLOY_PRIME_URL', { url: PROD, context: 'deploy-preview', deployPrimeUrl: PREVIEW }, PREVIEW],
    ['branch deploy: DEPLOY_PRIME_URL', { url: PROD, context: 'branch-deploy', deployPrimeUrl: BRANCH }, BRANCH],
    [
      'preview at run time (no DEPLOY_PRIME_URL): the address the request came to',
      { url: PROD, context: 'deploy-preview', requestOrigin: PREVIEW },
      PREVIEW,
    ],
    ['preview with nothing else: URL', { url: PROD, context: 'deploy-preview' }, PROD],
    ['netlify dev: its local URL', { url: 'http://localhost:8888', context: 'dev' }, 'http://localhost:8888'],
    [
      'no context (npm start, tests): URL',
      { url: 'http://localhost:8888', deployPrimeUrl: PREVIEW },
      'http://localhost:8888',
    ],
    ['no URL: the request address', { requestOrigin: 'http://127.0.0.1:4321' }, 'http://127.0.0.1:4321'],
    ['a trailing slash is dropped', { url: `${PROD}/`, context: 'production' }, PROD],
    ['nothing known: null, never a guess', {}, null],
  ])('%s', (_name, deploy, expected) => {
    expect(publicSiteUrl(deploy)).toBe(expected);
  });
});
