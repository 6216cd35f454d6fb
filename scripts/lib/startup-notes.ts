import type { SiteServer } from './site-server.ts';

/** Lines printed once the server is ready: where to look, and any demo credentials seeded. */
export async function printStartupNotes(site: SiteServer): Promise<void> {
  console.log(`  Prices API:  ${site.url}/v1.0.1/cms/booking-types`);
  for (const note of site.notes) console.log(`  ${note}`);
  if (site.schedules) console.log(`  Scheduled functions run here on their schedules (UTC): ${site.schedules}`);
  const standIn = site.stripeStandIn;
  if (standIn) {
    console.log(
      `  Payments go to a local Stripe stand-in (${standIn.base}): no real card, no real money. Set STRIPE_SECRET_KEY (environment or .env) to use Stripe's test mode instead.`,
    );
    if (standIn.demoDeposit) {
      console.log(
        `  The demo business takes a ${standIn.demoDeposit} deposit online (change it in /management/settings).`,
      );
    } else if (!standIn.depositSet) {
      console.log(
        '  No deposit is set, so bookings skip the payment step: set one in /management/settings (or delete .netlify/db to start from the demo data).',
      );
    }
  } else if (process.env.STRIPE_SECRET_KEY?.startsWith('sk_live_')) {
    console.log('  Payments use a LIVE Stripe key: real cards, real money.');
  } else if (process.env.STRIPE_SECRET_KEY) {
    console.log(
      `  Payments use Stripe's test mode; its webhook reaches this machine through \`stripe listen --forward-to ${site.url}/v1.0.1/payments/stripe-webhook\` (its whsec_ is STRIPE_WEBHOOK_SECRET).`,
    );
  }
}
