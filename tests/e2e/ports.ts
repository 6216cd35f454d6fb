/**
 * The ports of an end-to-end run, shared by playwright.config.ts and the tests: the site on
 * E2E_PORT, and the fake SMS provider whose inbox the staff sign-in tests read (E2E_SMS_PORT, by
 * default the next port up).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8931);
export const SMS_PORT = Number(process.env.E2E_SMS_PORT ?? E2E_PORT + 1);
export const SMS_PROVIDER_URL = `http://127.0.0.1:${SMS_PORT}/v1/messages`;
/** The site on a database that has only had the migrations (tests/e2e/first-deploy.spec.ts starts it). */
export const MIGRATIONS_ONLY_PORT = Number(process.env.E2E_MIGRATIONS_ONLY_PORT ?? E2E_PORT + 2);
