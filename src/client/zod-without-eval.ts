/**
 * zod as the browser gets it: the same library with its JIT switched off. The JIT compiles parsers
 * with `new Function`, which the pages' Content-Security-Policy forbids, and zod's probe for it is
 * reported as a policy violation (and a console error) even though zod catches the refusal.
 * astro.config.mjs points the pages' `zod` imports here; the functions keep the JIT
 * (docs/decisions/048-security-headers-and-csp.md).
 */
import { config } from 'zod/v4/core';

// Runs before any module that imports `zod` builds a schema: ES modules run their imports first.
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
