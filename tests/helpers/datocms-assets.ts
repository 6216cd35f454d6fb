import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';

/**
 * DatoCMS's image CDN, where production's pictures are (every upload's `url`). Written here as
 * DatoCMS serves it, not imported from the site's code: a test that took the site's own constant
 * would pass whatever host the site allowed.
 */
export const DATOCMS_ASSETS = 'https://www.datocms-assets.com';

/**
 * The fake DatoCMS started with `assetsOrigin: DATOCMS_ASSETS` answers with production's URLs; these
 * map that host onto the fake's `/assets/` for whoever fetches them: the build (the social pictures
 * of posts are downloaded from the CDN) and the browser.
 */
const FETCH_HOOK = pathToFileURL(path.join(import.meta.dirname, 'datocms-assets-fetch.ts')).href;

/** Environment for a child process (the build) whose fetch() of the CDN reaches the fake. */
export function assetsMappedEnv(fakeBase: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    DATOCMS_ASSETS_MAPPED_TO: `${fakeBase}/assets`,
    NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${FETCH_HOOK}`.trim(),
  };
}

/**
 * The browser's requests to the CDN answered by the fake. Playwright intercepts in the network
 * layer, after Chromium has checked the page's Content-Security-Policy: a picture the policy blocks
 * never gets here. Returns the count of pictures served so far.
 */
export async function routeAssetsToFake(context: BrowserContext, fakeBase: string): Promise<() => number> {
  let served = 0;
  await context.route(`${DATOCMS_ASSETS}/**`, async (route) => {
    const url = new URL(route.request().url());
    const answer = await fetch(`${fakeBase}/assets${url.pathname}${url.search}`);
    served++;
    await route.fulfill({
      status: answer.status,
      headers: { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' },
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
  return () => served;
}
