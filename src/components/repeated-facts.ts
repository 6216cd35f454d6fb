/**
 * Finds the business's facts written out in a text instead of referred to: the street address,
 * postcode, phone and WhatsApp numbers in any usual spacing, e-mail, company number, opening and
 * closing times ("9:00", "09.00", "9am", "6 pm"), the directions, the review figures, and the
 * reply and booking minutes in the phrases the site uses. Everything is derived from site.json, so
 * a changed fact is looked for as it is now. Used by the test that keeps content/ free of them.
 */
import type { Site } from './site-facts.ts';

export interface RepeatedFact {
  fact: string;
  /** The words that repeat it, as written. */
  found: string;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Words matched whatever the spacing between them. */
const words = (s: string) => s.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
/** Characters matched with or without spaces between them (postcodes, company numbers). */
const spaced = (s: string) => [...s.replace(/\s+/g, '')].map(escapeRegExp).join('\\s?');
const aNumber = (n: number) => (NUMBER_WORDS[n] ? `(?:${n}|${NUMBER_WORDS[n]})` : String(n));

/** +442085391234 → 2085391234: the digits every way of writing a UK number shares. */
function nationalDigits(e164: string): string {
  return e164.replace(/\D/g, '').replace(/^44/, '');
}

/** "09:00" → 09:00, 9:00, 9.00, 9am, 9:00 am, 9 a.m.; "18:00" → 18:00, 18.00, 6pm, 6:00 p.m. */
function timePatterns(time: string): string[] {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const mm = String(m).padStart(2, '0');
  const twelve = h % 12 || 12;
  const suffix = h < 12 ? '(?:am|a\\.m\\.)' : '(?:pm|p\\.m\\.)';
  const minutes = m === 0 ? `(?:[:.]${mm})?` : `[:.]${mm}`;
  return [`(?<![\\d:.])0?${h}[:.]${mm}(?![\\d])`, `(?<![\\d:.])${twelve}${minutes}\\s*${suffix}(?![a-z])`];
}

/** Lower case, curly quotes straightened, punctuation to spaces: for comparing sentences. */
function plain(s: string): string {
  return s
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface Rule {
  fact: string;
  pattern: RegExp;
}

function rules(site: Site): Rule[] {
  const r: Rule[] = [
    { fact: 'the street address', pattern: new RegExp(words(site.address.street), 'gi') },
    { fact: 'the postcode', pattern: new RegExp(`\\b${spaced(site.address.postcode)}\\b`, 'gi') },
    { fact: 'the e-mail address', pattern: new RegExp(escapeRegExp(site.email), 'gi') },
    { fact: 'the company number', pattern: new RegExp(`(?<!\\d)${spaced(site.companyNumber)}(?!\\d)`, 'g') },
    {
      fact: 'the review rating',
      pattern: new RegExp(`(?<![\\d.])${escapeRegExp(String(site.reviews.rating))}(?![\\d])`, 'g'),
    },
    {
      fact: 'the number of reviews',
      pattern: new RegExp(`(?<!\\d)${site.reviews.count}\\s+(?:\\w+\\s+)?reviews?\\b`, 'gi'),
    },
    {
      fact: 'the WhatsApp reply time',
      pattern: new RegExp(
        `\\brepl(?:y|ies)\\b[^.]{0,40}?\\b${aNumber(site.whatsapp.replyMinutes)}\\s+minutes?\\b`,
        'gi',
      ),
    },
    {
      fact: 'the online booking time',
      pattern: new RegExp(
        `\\bbook(?:ing|s)?\\b[^.]{0,40}?\\b${aNumber(site.onlineBookingMinutes)}\\s+minutes?\\b`,
        'gi',
      ),
    },
  ];
  const times = new Set(site.openingHours.flatMap((d) => [d.opens, d.closes]).filter((t): t is string => !!t));
  for (const time of times) {
    for (const p of timePatterns(time)) r.push({ fact: `the opening time ${time}`, pattern: new RegExp(p, 'gi') });
  }
  return r;
}

/** The same number may be two facts (today the booking phone is the WhatsApp number): both are named. */
function phoneNumbers(site: Site): Array<[national: string, fact: string]> {
  return [
    [nationalDigits(site.phone.e164), 'the phone number'],
    [nationalDigits(site.bookingPhone.e164), 'the booking phone number'],
    [nationalDigits(site.whatsapp.e164), 'the WhatsApp number'],
  ];
}

/** Every fact of `site` that `text` writes out, with the words that do. */
export function repeatedFacts(text: string, site: Site): RepeatedFact[] {
  const found: RepeatedFact[] = [];
  for (const { fact, pattern } of rules(site)) {
    for (const m of text.matchAll(pattern)) found.push({ fact, found: m[0] });
  }
  // Phone numbers: any run of digits with the usual separators, +44 and (0) included, compared
  // by their digits, so "020 8539 1234", "+44 (0)20-8539-1234" and "wa.me/442085391234" all count.
  const numbers = phoneNumbers(site);
  for (const m of text.matchAll(/\+?\d[\d\s().-]{7,}\d/g)) {
    const digits = m[0]
      .replace(/\D/g, '')
      .replace(/^(?:00)?44/, '')
      .replace(/^0/, '');
    for (const [national, fact] of numbers) {
      if (digits.includes(national)) found.push({ fact, found: m[0].trim() });
    }
  }
  // The directions, clause by clause, however punctuated or capitalised.
  const haystack = ` ${plain(text)} `;
  for (const clause of site.address.directions
    .split(/[;,.]/)
    .map(plain)
    .filter((c) => c.split(' ').length >= 3)) {
    if (haystack.includes(` ${clause} `)) found.push({ fact: 'the directions', found: clause });
  }
  return found;
}
