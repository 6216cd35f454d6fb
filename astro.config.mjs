// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import netlify from '@astrojs/netlify';

// The public address of the site, used for canonical URLs, Open Graph and the sitemap.
// Netlify sets URL on every build; locally the default is the production domain.
const isDev = process.argv.includes('dev');
const site = process.env.URL ?? 'https://www.leytondoggrooming.co.uk';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  // The adapter is for `astro dev` only: it gives the dev server the Netlify Functions and Database
  // emulation. A build stays plain static HTML (no SSR function is emitted). Edge Functions would
  // download a runtime at start, which this project does not use, so they are off.
  adapter: isDev
    ? netlify({ devFeatures: { edgeFunctions: false, environmentVariables: true, images: false } })
    : undefined,
  integrations: [
    react(),
    sitemap({ filter: (page) => !page.includes('/management') && !page.includes('/dev/') }),
  ],
  prefetch: false,
  // The showcase pictures are our own SVG artwork (src/assets/showcase), rasterised to WebP at build
  // time for the slideshow (issue 4, decision 019). No SVG from anyone else goes through this path.
  image: { dangerouslyProcessSVG: true },
});
