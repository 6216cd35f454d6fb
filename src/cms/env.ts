import { z } from 'zod';

/**
 * DatoCMS's settings, the CMS code's own small validated configuration. The CMS code takes them as an
 * argument, never from the server's modules: the build (src/content.config.ts) reads them with
 * `cmsEnv()`, and the server's validated environment (src/server/env.ts) includes this schema, so
 * each variable is defined and checked once. Nothing here but zod: every function loads it.
 */
export const CmsEnvSchema = z.object({
  DATOCMS_API_TOKEN: z.string().optional(),
  DATOCMS_ENVIRONMENT: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a DatoCMS environment id such as main or models-20260101')
    .optional(),
  DATOCMS_PREVIEW_TOKEN: z.string().optional(),
  DATOCMS_PREVIEW_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  DATOCMS_CMA_TOKEN: z.string().optional(),
  DATOCMS_BASE_URL: z.url().optional(),
});
export type CmsEnv = z.output<typeof CmsEnvSchema>;

/** The CMS's variables of an environment (default: `process.env`), empty ones unset; a bad one throws, named. */
export function cmsEnv(source: Record<string, string | undefined> = process.env): CmsEnv {
  const names = Object.keys(CmsEnvSchema.shape);
  const set = Object.entries(source).filter(([name, v]) => names.includes(name) && v !== undefined && v !== '');
  const result = CmsEnvSchema.safeParse(Object.fromEntries(set));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid DatoCMS settings: ${problems}. See .env.example.`);
  }
  return result.data;
}
