import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Integration tests each start an embedded database; two cores run two files at a time well.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Property-based and database tests print their own diagnostics; keep the reporter terse.
    reporters: process.env.CI ? ['dot'] : ['default'],
  },
});
