// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The lint gate of `npm test` (docs/decisions/058-gates.md): TypeScript's recommended rules, React's
 * hooks rules for the islands, and the boundaries that keep the layers honest:
 * - src/domain is the ground floor: no I/O, no framework, nothing above it;
 * - islands and browser code never reach for the server;
 * - functions are transport: they take only the server's and the domain's modules.
 */
const nodeBuiltins = ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net', 'os', 'child_process', 'stream'];
const serverPackages = ['pg', 'pg-*', '@netlify/*', 'stripe', 'nodemailer', 'sanitize-html', '@datocms/*'];
const frameworks = [
  'react',
  'react-dom',
  'react/*',
  'react-dom/*',
  'astro',
  'astro/*',
  'astro:*',
  'nanostores',
  '@nanostores/*',
];

/**
 * `no-restricted-imports` patterns: each group is a list of globs with the reason shown on a hit.
 * @param {...[string[], string]} groups
 * @returns {import('eslint').Linter.RuleEntry}
 */
const restrict = (...groups) => ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }];

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
      '**/*.astro',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are a smell; a leading underscore says "deliberately unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-control-regex': 'off', // the text rules match control characters on purpose
    },
  },
  {
    // Tests read answers of every shape; the code under test is held to the strict rules above.
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/client/**/*.ts'],
    // The plugin's own types describe its legacy configs too, which ESLint's Plugin type does not allow.
    plugins: { 'react-hooks': /** @type {import('eslint').ESLint.Plugin} */ (/** @type {unknown} */ (reactHooks)) },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [nodeBuiltins, 'src/domain is pure: no I/O (docs/decisions/058-gates.md)'],
        [serverPackages, 'src/domain is pure: no database, payments or messages'],
        [frameworks, 'src/domain is pure: no framework'],
        [
          [
            '**/server/**',
            '**/client/**',
            '**/islands/**',
            '**/components/**',
            '**/pages/**',
            '**/netlify/**',
            '**/scripts/**',
          ],
          'src/domain is the ground floor: nothing above it',
        ],
      ),
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/client/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [
          ['**/server/**', '**/netlify/**', '**/scripts/**'],
          'Browser code never imports the server: call the API through src/client/api.ts',
        ],
        [[...nodeBuiltins, ...serverPackages], 'Browser code never takes server packages'],
      ),
    },
  },
  {
    files: ['netlify/functions/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [
          ['**/islands/**', '**/client/**', '**/components/**', '**/pages/**', '**/scripts/**', '**/tests/**'],
          'A function is transport: it takes only src/server and src/domain',
        ],
        [
          ['pg', 'pg-*', 'stripe', 'nodemailer'],
          'A function is transport: database, payments and messages live in src/server',
        ],
      ),
    },
  },
  {
    // The CMS code serves the build and the preview: it takes its settings as arguments (src/cms/env.ts).
    files: ['src/cms/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        ['**/server/**', '**/netlify/**'],
        'The CMS code never reaches up into the server: it takes its settings as arguments (src/cms/env.ts)',
      ]),
    },
  },
  {
    // sharp and libvips weigh ~9 MB zipped in every function that reaches them (docs/decisions/062).
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/breed-images.ts',
      'src/server/breed-records.ts',
      'src/server/visit-photos.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': restrict([
        [
          'sharp',
          'sharp/*',
          '**/breed-images.ts',
          '**/breed-records.ts',
          '**/visit-photos.ts',
          '!**/domain/breed-records.ts',
        ],
        'Only the picture code takes sharp: the breeds screen (breed-records), the pictures (breed-images) and the check-in photos (visit-photos), for the image functions (docs/decisions/062)',
      ]),
    },
  },
);
