/**
 * The one rule by which staff find a customer, at the counter's phone booking
 * (GET /management/customer-lookup) and on Customers (GET /management/customers?q=): the typed text
 * becomes search terms, each the start of one of the customer's indexed terms
 * (customer_search_terms, written by triggers: docs/decisions/061 and 073). Two searches that
 * disagreed made staff book a known caller as a new customer.
 *
 * A customer's terms are each word of their name and of each dog's name (folded as `searchWords`
 * folds them), their e-mail address, their number as E.164 digits ("447700900123") and the same
 * digits reversed behind a mark ("~321009007744"), so the last digits of a number are the start of
 * a term too and a trailing-digits search is a range scan of the same index.
 */

/** Marks a number's reversed digits; never the start of a folded word or of an e-mail address. */
export const REVERSED_DIGITS_MARK = '~';

/**
 * Every group must match, by any one of its alternatives: a prefix of some term of the customer.
 * No groups: nothing was typed that could match (list everyone, or nobody, as the screen wants).
 */
export interface CustomerSearch {
  groups: string[][];
}

// The same folding as the database's search_words() (migration 20261124030000): lower case,
// apostrophes dropped, these accents replaced, anything else but a-z and 0-9 separates words.
const ACCENTED = 'àáâãäåāăąçćčďèéêëēĕėęěìíîïĩīĭįıñńňòóôõöøōŏőùúûüũūŭůűųýÿźżžłśšşţťŕřğ';
const PLAIN = 'aaaaaaaaacccdeeeeeeeeeiiiiiiiiinnnooooooooouuuuuuuuuuyyzzzlsssttrrg';
const UNACCENT = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i]!]));

/** "Zoë O’Brien-Khan" → ["zoe", "obrien", "khan"]: the words of a name as the index holds them. */
export function searchWords(text: string): string[] {
  const folded = [...text.toLowerCase().replace(/['’`]/g, '')].map((c) => UNACCENT.get(c) ?? c).join('');
  return [...new Set(folded.split(/[^a-z0-9]+/).filter(Boolean))];
}

/**
 * "07700 900461", "+44 (0)7700 900461", "0044 7700…", "447700…", "7700 900" → "447700900…"; any
 * other number written with its '+' keeps its country code. Null when the text is not a number (at
 * least three digits and nothing but digits, spaces, '+', '-', '.', brackets).
 */
export function phoneSearchDigits(text: string): string | null {
  const cleaned = text.trim().replace(/\(0\)/g, '');
  if (!/^\+?[\d\s().-]+$/.test(cleaned)) return null;
  const digits = cleaned.replace(/\D/g, '');
  if (digits.length < 3) return null;
  if (cleaned.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `44${digits.slice(1)}`;
  if (digits.startsWith('44')) return digits;
  if (digits.startsWith('7')) return `44${digits}`;
  return digits;
}

/**
 * A number typed in part: the start of the number however it is written, the digits as typed
 * (a name may hold a number), or its last digits ("900123", as the screens' hints suggest).
 */
function digitAlternatives(text: string, e164Digits: string): string[] {
  const typed = text.replace(/\(0\)/g, '').replace(/\D/g, '');
  return [...new Set([e164Digits, typed, REVERSED_DIGITS_MARK + [...typed].reverse().join('')])];
}

export function customerSearchFor(q: string | undefined): CustomerSearch {
  const text = (q ?? '').trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return { groups: [] };
  if (text.includes('@')) return { groups: [[text.toLowerCase()]] };
  const number = phoneSearchDigits(text);
  if (number) return { groups: [digitAlternatives(text, number)] };
  // Words, each the start of some term: "khan" a surname, "sam bis" a name and a dog, "khan 0123".
  return {
    groups: searchWords(text).map((w) => {
      const digits = /^\d+$/.test(w) ? phoneSearchDigits(w) : null;
      return digits ? digitAlternatives(w, digits) : [w];
    }),
  };
}

/** The first string after every string that starts with `prefix` (byte order, COLLATE "C"). */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const next = chars.pop()!.codePointAt(0)! + 1;
  // Past the last code point no string sorts; surrogates are no characters of their own.
  if (next > 0x10ffff) return chars.length ? prefixEnd(chars.join('')) : prefix;
  return chars.join('') + String.fromCodePoint(next >= 0xd800 && next <= 0xdfff ? 0xe000 : next);
}
