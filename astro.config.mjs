// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';

// The public address of the site, used for canonical URLs, Open Graph and the sitemap.
// Netlify sets URL on every build; locally the default is the production domain.
const site = process.env.URL ?? 'https://www.leytondoggrooming.co.uk';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  // No adapter: a build is plain static HTML. `npm run dev` adds the functions, redirects and
  // database itself (scripts/dev.ts, docs/decisions/003-local-server.md).
  integrations: [
    react(),
    sitemap({ filter: (page) => !page.includes('/management') && !page.includes('/dev/') && !page.includes('/preview') }),
  ],
  prefetch: false,
  // The showcase pictures are our own SVG artwork (src/assets/showcase), rasterised to WebP at build
  // time for the slideshow (issue 4, decision 019). No SVG from anyone else goes through this path.
  image: { dangerouslyProcessSVG: true },
});
