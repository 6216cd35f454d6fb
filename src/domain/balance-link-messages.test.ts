import { describe, expect, it } from 'vitest';
import { balanceLinkMessages } from './balance-link-messages.ts';

const base = {
  ownerName: 'Alex Smith',
  dogName: 'Nell',
  pence: 4500,
  url: 'https://checkout.stripe.com/c/pay/cs_test_1',
};

describe('balanceLinkMessages', () => {
  it.each([
    { email: 'alex@example.com', phone: '+447700900123', channels: ['sms', 'email'] },
    { email: null, phone: '+447700900123', channels: ['sms'] },
    { email: 'alex@example.com', phone: null, channels: ['email'] },
    { email: null, phone: null, channels: [] },
  ])('writes to each address there is ($channels)', ({ email, phone, channels }) => {
    const out = balanceLinkMessages({ ...base, email, phone });
    expect(out.map((m) => m.channel)).toEqual(channels);
    for (const m of out) {
      expect(m.bodyText).toContain('£45.00');
      expect(m.bodyText).toContain(base.url);
      expect(m.bodyText).toContain('Nell');
    }
  });

  it('keeps the text to what a service message says, with the link whole', () => {
    const [sms] = balanceLinkMessages({ ...base, email: null, phone: '+447700900123' });
    expect(sms!.bodyText).toMatch(
      /Nell's groom, £45\.00 left to pay\. Pay on your phone: https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_1 /,
    );
    expect(sms!.bodyText).not.toMatch(/offer|discount|%/i);
  });
});
