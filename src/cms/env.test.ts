import { describe, expect, it } from 'vitest';
import { cmsEnv } from './env.ts';

describe("the CMS's own settings", () => {
  it('reads only the DatoCMS variables, an empty one as unset', () =>
    expect(
      cmsEnv({ DATOCMS_API_TOKEN: 'token', DATOCMS_PREVIEW_TOKEN: '', STRIPE_SECRET_KEY: 'sk_x', PATH: '/bin' }),
    ).toEqual({ DATOCMS_API_TOKEN: 'token' }));

  it('names a bad variable', () =>
    expect(() => cmsEnv({ DATOCMS_ENVIRONMENT: 'Main Env', DATOCMS_BASE_URL: 'not a url' })).toThrow(
      /DATOCMS_ENVIRONMENT: must be a DatoCMS environment id.*DATOCMS_BASE_URL/,
    ));
});
