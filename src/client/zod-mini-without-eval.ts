/**
 * zod/mini as the browser gets it: switched to `jitless` before any schema is built, for the same
 * reason as zod-without-eval.ts (the pages' Content-Security-Policy forbids `new Function`, and zod's
 * probe for it would be reported as a violation). astro.config.mjs points the pages' `zod/mini`
 * imports here; the functions keep the JIT (docs/decisions/048, 054).
 */
import { config } from 'zod/v4/core';

// Runs before any module that imports `zod/mini` builds a schema: ES modules run their imports first.
config({ jitless: true });

export * from 'zod/v4/mini';
