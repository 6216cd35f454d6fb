import type { SiteServer } from './site-server.ts';

/** Lines printed once the server is ready: where to look, and any demo credentials seeded. */
export async function printStartupNotes(site: SiteServer): Promise<void> {
  console.log(`  Prices API:  ${site.url}/v1.0.1/cms/booking-types`);
  for (const note of site.notes) console.log(`  ${note}`);
}
