import { startFakeStripe } from '../../tests/helpers/fake-stripe.ts';
import { freePort } from './free-port.ts';
import { startSiteServer } from './site-server.ts';
import { runSmoke, type SmokeResult } from './smoke.ts';

/**
 * `npm run smoke` against the server `npm start` runs (built pages in dist/, a fresh in-memory
 * database with the demo business), as `npm test` runs it after the end-to-end tests: first read
 * only, proving that run wrote no row anywhere, then with a booking made and cancelled against the
 * local server that answers like Stripe (tests/helpers/fake-stripe.ts).
 */
export async function smokeLocalSite(log: (line: string) => void = console.log): Promise<SmokeResult> {
  // The site and the database set their addresses in this process's environment (URL, NETLIFY_DB_URL,
  // Stripe's), which `npm test` hands on to every run after this one: the clock runs' servers texted
  // links to this smoke site's address (issue 28). Put back as it was when done.
  const environment = { ...process.env };
  const stripe = await startFakeStripe();
  // Before the site starts: the server reads its environment once (src/server/env.ts).
  process.env.STRIPE_SECRET_KEY = 'sk_test_local_smoke';
  process.env.STRIPE_API_BASE = stripe.base;
  const site = await startSiteServer({ port: await freePort(), quiet: true });
  const { query, transaction } = await import('../../src/server/db.ts');
  const { updateBookingSettings } = await import('../../src/server/settings.ts');
  try {
    // A deposit, so the booking goes through Stripe Checkout as a shop that takes deposits does.
    await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
    const rowCounts = async () => {
      const tables = await query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      );
      const counts: Record<string, number> = {};
      for (const { name } of tables) {
        counts[name] = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`))[0]!.n;
      }
      return counts;
    };

    log(`Smoke test of ${site.url} (read only)`);
    const before = await rowCounts();
    const readOnly = await runSmoke({ base: site.url, log });
    const after = await rowCounts();
    const changed = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    const wroteNothing = { name: 'the read-only run wrote no row in any table', ok: !changed.length };
    log(
      wroteNothing.ok
        ? `✓ ${wroteNothing.name}`
        : `✗ ${wroteNothing.name}: ${changed.map((t) => `${t} ${before[t] ?? 0} → ${after[t] ?? 0}`).join(', ')}`,
    );

    log(`\nSmoke test of ${site.url} --stripe-test (the local Stripe stand-in)`);
    const booking = await runSmoke({
      base: site.url,
      stripeTest: { secretKey: process.env.STRIPE_SECRET_KEY, apiBase: stripe.base },
      log,
    });
    return {
      passed: readOnly.passed + booking.passed + (wroteNothing.ok ? 1 : 0),
      failed: readOnly.failed + booking.failed + (wroteNothing.ok ? 0 : 1),
      checks: [...readOnly.checks, wroteNothing, ...booking.checks],
    };
  } finally {
    await site.stop();
    await stripe.close();
    for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
    Object.assign(process.env, environment);
  }
}
