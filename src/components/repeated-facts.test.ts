import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import site from '../../content/site.json';
import { fillFacts } from './fact-placeholders.ts';
import { repeatedFacts } from './repeated-facts.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../content');

describe('repeatedFacts', () => {
  it.each([
    ['712 High Road, Leyton', 'the street address'],
    ['712  high road', 'the street address'],
    ['London E10 6JP', 'the postcode'],
    ['e106jp', 'the postcode'],
    ['Phone: 020 8539 1234', 'the phone number'],
    ['call 02085391234', 'the phone number'],
    ['+44 (0)20 8539 1234', 'the phone number'],
    ['+44 20-8539-1234', 'the phone number'],
    ['0208 539 1234', 'the phone number'],
    ['07700 900461', 'the booking phone number'],
    ['https://wa.me/447700900461', 'the WhatsApp number'],
    ['[hello@leytondoggrooming.co.uk](mailto:HELLO@leytondoggrooming.co.uk)', 'the e-mail address'],
    ['company number 12802654', 'the company number'],
    ['company number 1280 2654', 'the company number'],
    ['Monday to Saturday, 9:00 to 18:00', 'the opening time 09:00'],
    ['open from 09.00', 'the opening time 09:00'],
    ['from 9am', 'the opening time 09:00'],
    ['from 9 a.m.', 'the opening time 09:00'],
    ['until 18:00', 'the opening time 18:00'],
    ['until 6pm', 'the opening time 18:00'],
    ['until 6:00 pm', 'the opening time 18:00'],
    ["two minutes' walk from Leyton Midland Road Overground station", 'the directions'],
    ['with street parking on Vicarage Road.', 'the directions'],
    ['Rated 4.9 on Google', 'the review rating'],
    ['from 46 Google reviews', 'the number of reviews'],
    ['we usually reply in about 10 minutes', 'the WhatsApp reply time'],
    ['WhatsApp replies in about ten minutes', 'the WhatsApp reply time'],
    ['Booking online takes about 2 minutes', 'the online booking time'],
    ['Booking online takes about two minutes', 'the online booking time'],
  ])('finds %j as %s', (text, fact) => {
    expect(repeatedFacts(text, site).map((f) => f.fact)).toContain(fact);
  });

  it.each([
    'We are on Leyton High Road in east London.',
    'Walk your dog before 8am and after 8pm.',
    'A nail clip takes 15 minutes; a groom every 4 to 6 weeks.',
    'If you arrive more than 15 minutes late',
    'Puppies from 12 to 16 weeks, 24 hours before the appointment.',
    'A Full Groom is booked for about 2 hours.',
    'Published 2026-03-12; £45.00 from; 9.5kg.',
    'A dog of 46 kg is weighed on the floor.',
    'Leyton Dog Grooming Ltd, registered in England and Wales.',
    'Call {{phone}} or e-mail {{email}}; {{hours}}. {{directions}}',
  ])('finds nothing in %j', (text) => {
    expect(repeatedFacts(text, site)).toEqual([]);
  });

  it('looks for the facts as site.json has them now', () => {
    const moved = { ...site, phone: { display: '020 7946 0000', e164: '+442079460000' } };
    expect(repeatedFacts('Phone: 020 7946 0000', moved).map((f) => f.fact)).toEqual(['the phone number']);
    expect(repeatedFacts('Phone: 020 8539 1234', moved)).toEqual([]);
  });

  it('finds every fact a filled-in placeholder writes out', () => {
    const filled = fillFacts('{{address}}; {{phone}}; {{email}}; {{company-number}}; {{hours}}; {{directions}}');
    expect(new Set(repeatedFacts(filled, site).map((f) => f.fact))).toEqual(
      new Set([
        'the street address',
        'the postcode',
        'the phone number',
        'the e-mail address',
        'the company number',
        'the opening time 09:00',
        'the opening time 18:00',
        'the directions',
      ]),
    );
  });
});

function contentFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(md|json)$/.test(f))
    .map((f) => path.join(dir, f))
    .sort();
}

describe('content/ refers to the facts of site.json instead of repeating them', () => {
  const files = contentFiles(CONTENT).filter((f) => path.relative(CONTENT, f) !== 'site.json');

  it('reads the Markdown and JSON files of content/', () => {
    const names = files.map((f) => path.relative(CONTENT, f));
    expect(names).toEqual(
      expect.arrayContaining(['faq.json', 'legal/self-disclosure-policy.md', 'legal/privacy.md', 'pages/about.md']),
    );
  });

  it.each(
    contentFiles(CONTENT)
      .filter((f) => path.relative(CONTENT, f) !== 'site.json')
      .map((f) => [path.relative(CONTENT, f), f]),
  )('%s writes no fact out (use a {{placeholder}}: src/components/fact-placeholders.ts)', (_name, file) => {
    expect(repeatedFacts(readFileSync(file, 'utf8'), site)).toEqual([]);
  });
});
