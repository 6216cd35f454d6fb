// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
import { pageCsp } from './scripts/lib/page-csp.ts';
import { staffPreload } from './scripts/lib/staff-preload.ts';
import { assertPagesHaveNoPlaceholders, siteFactsPlugin } from './src/components/markdown.ts';
import facts from './content/site.json' with { type: 'json' };

// The public address of the site, used for canonical URLs, Open Graph and the sitemap.
// Netlify sets URL on every build; locally the default is the production domain.
const site = process.env.URL ?? facts.url;

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  // No adapter: a build is plain static HTML. `npm run dev` adds the functions, redirects and
  // database itself (scripts/dev.ts, docs/decisions/003-local-server.md).
  integrations: [
    react(),
    sitemap({
      filter: (page) => !page.includes('/management') && !page.includes('/dev/') && !page.includes('/preview'),
    }),
    // Hydrate when the visitor reaches for the island (src/client/directives/intent.ts), or when it
    // comes into view with the main thread given back before hydrating (view.ts); decision 055.
    {
      name: 'client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          for (const name of ['intent', 'view'])
            addClientDirective({
              name,
              entrypoint: fileURLToPath(new URL(`./src/client/directives/${name}.ts`, import.meta.url)),
            });
        },
      },
    },
    // A page built with an unknown or mistyped {{placeholder}} left in it fails the build.
    { name: 'site-facts', hooks: { 'astro:build:done': ({ dir }) => assertPagesHaveNoPlaceholders(dir) } },
    // A staff page's island modules all at once, not one import level after another (decision 077).
    staffPreload(),
    // Last, so it reads the pages as every other integration left them (docs/decisions/048).
    pageCsp(),
  ],
  prefetch: false,
  // The pages' zod never evaluates strings as code: their policy forbids it (src/client/zod-without-eval.ts,
  // and its twin for zod/mini, which the booking island and the prices use: docs/decisions/054).
  vite: {
    plugins: [
      // The waitlist's form is opened by a tap on the time step (docs/decisions/084): its modules are
      // fetched then, not listed in the time step's chunk for preloading, which every booking
      // downloads. A plugin, because Astro's build sets `build.modulePreload` over the user's.
      {
        name: 'waitlist-form-unlisted',
        config: () => ({
          build: {
            modulePreload: { resolveDependencies: (file, deps) => (file.includes('JoinWaitlist') ? [] : deps) },
          },
        }),
      },
    ],
    build: {
      rolldownOptions: {
        output: {
          // The API client and the public route table travel together: every page that calls the API
          // names routes from it. Left to itself the bundler split the table into a chunk of its own
          // once a page (/w/{id}) called the client with only the after-booking routes, and every
          // page paid a request and its gzip header for it (booking-weight.spec.ts).
          codeSplitting: {
            groups: [{ name: 'api', test: /src[\\/](client[\\/]api|domain[\\/]api-routes)\.ts$/ }],
          },
        },
      },
    },
    resolve: {
      alias: [
        { find: /^zod$/, replacement: fileURLToPath(new URL('./src/client/zod-without-eval.ts', import.meta.url)) },
        {
          find: /^zod\/mini$/,
          replacement: fileURLToPath(new URL('./src/client/zod-mini-without-eval.ts', import.meta.url)),
        },
      ],
    },
  },
  // Content files write the business's facts as {{placeholders}}, filled from content/site.json
  // (src/components/fact-placeholders.ts); Astro's default Markdown pipeline, plus that one step.
  markdown: { processor: satteri({ mdastPlugins: [siteFactsPlugin] }) },
  // The showcase pictures are our own SVG artwork (src/assets/showcase), rasterised to WebP at build
  // time for the slideshow (decision 019). No SVG from anyone else goes through this path.
  image: { dangerouslyProcessSVG: true },
});
