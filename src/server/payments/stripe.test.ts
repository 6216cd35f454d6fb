import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from './stripe.ts';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('Stripe as configured in production (docs/decisions/064)', () => {
  it('pins the API version the installed SDK is typed for', () => {
    // An upgrade of `stripe` changes this: move the pin, the webhook endpoint's version and the docs together.
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    expect(read('README.md')).toContain(`API\n   version \`${STRIPE_API_VERSION}\``);
    expect(read('docs/decisions/064-stripe-in-production.md')).toContain(`\`${STRIPE_API_VERSION}\``);
  });

  it('documents exactly the events the webhook handles, in the same order', () => {
    const readme = read('README.md');
    const list = readme.slice(readme.indexOf('stripe-events:start'), readme.indexOf('stripe-events:end'));
    const documented = [...list.matchAll(/^\s*- `([a-z_.]+)`$/gm)].map((m) => m[1]);
    expect(documented).toEqual([...STRIPE_WEBHOOK_EVENTS]);
    const decision = read('docs/decisions/064-stripe-in-production.md');
    for (const type of STRIPE_WEBHOOK_EVENTS) expect(decision).toContain(`\`${type}\``);
  });
});
