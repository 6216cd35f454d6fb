/**
 * `npm run smoke -- https://www.leytondoggrooming.co.uk`: checks a deployed site as a visitor would
 * (scripts/lib/smoke.ts). Reads only, unless `--stripe-test` is given: then one booking is made and
 * cancelled in Stripe's test mode, with STRIPE_SECRET_KEY=sk_test_… from the environment (a live key
 * is refused). One line per check, a last line "N passed, N failed"; exit code 1 on any failure.
 */
import { parseArgs } from 'node:util';
import { runSmoke } from './lib/smoke.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'stripe-test': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
});
const base = positionals[0];
if (values.help || !base || !/^https?:\/\/[^/]+/.test(base)) {
  console.error('Usage: npm run smoke -- https://your-site.example [--stripe-test]');
  console.error('  --stripe-test  make and cancel one booking; needs STRIPE_SECRET_KEY=sk_test_… in the environment');
  process.exit(values.help ? 0 : 2);
}
console.log(`Smoke test of ${base}${values['stripe-test'] ? ' (with a booking in Stripe test mode)' : ' (read only)'}`);
const result = await runSmoke({
  base,
  ...(values['stripe-test']
    ? { stripeTest: { secretKey: process.env.STRIPE_SECRET_KEY ?? '', apiBase: process.env.STRIPE_API_BASE } }
    : {}),
});
process.exit(result.failed ? 1 : 0);
