/**
 * Loaded with `--import` into a build run against the fake DatoCMS (tests/helpers/datocms-assets.ts):
 * fetch() of DatoCMS's image CDN goes to the fake's /assets/ instead.
 */
const target = process.env.DATOCMS_ASSETS_MAPPED_TO;
if (target) {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== 'https://www.datocms-assets.com') return original(input, init);
    return original(`${target}${url.pathname}${url.search}`, init);
  };
}
