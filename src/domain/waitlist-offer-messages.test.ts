import { describe, expect, it } from 'vitest';
import site from '../../content/site.json' with { type: 'json' };
import { offerGoneMessages, offerMessages, type OfferMessageInput } from './waitlist-offer-messages.ts';
import { visitsInWords } from './waitlist-words.ts';

/** A waitlist offer reads as one booking, one dog's or several's (docs/decisions/084, 098). */
const base: OfferMessageInput = {
  requestId: 'UmVxdWVzdElkMTIzNDU2Nzg',
  offerId: 'T2ZmZXJJZDEyMzQ1Njc4OTA',
  dogName: 'Biscuit',
  serviceTitle: 'Full Groom',
  start: new Date('2026-03-30T08:00:00Z'),
  expiresAt: new Date('2026-03-29T19:00:00Z'),
  totalFromPence: 4500,
  depositPence: 0,
  contactName: 'Sam Patel',
  phone: '+447700900461',
  email: 'sam@example.com',
  siteUrl: 'https://example.test',
  timeZone: 'Europe/London',
};
const party: OfferMessageInput = {
  ...base,
  dogName: 'Bramble and Pip',
  serviceTitle: 'Full Groom and Bath & Brush',
  what: visitsInWords([
    { name: 'Bramble', service: 'Full Groom' },
    { name: 'Pip', service: 'Bath & Brush' },
  ]),
};
const link = 'https://example.test/w/UmVxdWVzdElkMTIzNDU2Nzg?offer=T2ZmZXJJZDEyMzQ1Njc4OTA';

describe.each([
  ['one dog', base, "Biscuit's Full Groom", 'Biscuit'],
  ['two dogs', party, "Bramble's Full Groom and Pip's Bath & Brush", 'Bramble and Pip'],
])('an offer for %s', (_name, input, visits, dogs) => {
  it('names each dog with its own service, and links the offer', () => {
    const [text, mail] = offerMessages(input);
    expect(text!.bodyText).toBe(
      `${site.name}: a time has freed for ${visits}: Mon 30 Mar, 09:00, from £45.00. The first to book it gets it. Book by 20:00: ${link}`,
    );
    expect(mail!.bodyText).toContain(`A time has freed up for ${visits}: Monday 30 March at 09:00`);
  });

  it('says the time has gone, naming every dog', () => {
    const [, mail] = offerGoneMessages(input);
    expect(mail!.bodyText).toContain(`Sorry: the time we offered for ${dogs}, Monday 30 March at 09:00`);
  });

  it('never reads "… is" or one possessive for several dogs', () => {
    for (const m of [...offerMessages(input), ...offerGoneMessages(input)])
      expect(m.bodyText).not.toMatch(/Bramble and Pip('s| is\b)/);
  });
});
