import { z } from 'zod';
import site from '../../content/site.json' with { type: 'json' };
import { CmsEnvSchema } from '../cms/env.ts';
import { DEFAULT_TEXT_BUDGET_PER_DAY } from '../domain/abuse-limits.ts';

/**
 * The server's configuration, validated once. Every variable is listed with its default in
 * `.env.example`; an invalid value stops the function with a message that names it, instead of
 * failing later in a way nobody can trace.
 */
const optionalUrl = z.url().optional();

const EnvSchema = z.object({
  NETLIFY_DB_URL: z.string().min(1).optional(),
  URL: z.url().optional(),
  CONTEXT: z.string().max(64).optional(),
  DEPLOY_PRIME_URL: z.url().optional(),
  MAGIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(120),
  BOOKING_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000_000).default(10),
  // Texts a day the shop did not choose to send (codes, unproven first confirmations): decision 069.
  TEXT_BUDGET_PER_DAY: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_TEXT_BUDGET_PER_DAY),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_API_BASE: optionalUrl,
  // DatoCMS's variables: the CMS code's own schema (src/cms/env.ts), read here with the rest.
  ...CmsEnvSchema.shape,
  NETLIFY_BUILD_HOOK_URL: optionalUrl,
  DATOCMS_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  CMS_REBUILD_DELAY_SECONDS: z.coerce.number().min(0).max(20).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default(`${site.name} <${site.email}>`),
  SMS_PROVIDER_URL: optionalUrl,
  SMS_PROVIDER_TOKEN: z.string().optional(),
  FINGERPRINT_PUBLIC_KEY: z.string().optional(),
  DEMO_STAFF_PHONE: z
    .string()
    .regex(/^\+[1-9][0-9]{6,14}$/, 'must be an international number such as +447700900000')
    .default('+447700900000'),
});

export type ServerEnv = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment (default: `process.env`); throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  // Treat empty strings as unset: `FOO=` in a .env file means "not configured".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new EnvError(`Invalid server environment: ${problems}. See .env.example.`);
  }
  return result.data;
}

let cached: ServerEnv | undefined;
let cachedFrom: NodeJS.ProcessEnv | undefined;

/** The validated environment of this process. */
export function env(): ServerEnv {
  if (!cached || cachedFrom !== process.env) {
    cached = parseEnv();
    cachedFrom = process.env;
  }
  return cached;
}
