import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import metadata from './phone-metadata.uk.json' with { type: 'json' };

/**
 * A UK mobile number as E.164 (`+447700900461`), or null when the input is not one. Accepts the
 * ways people type them: `07700 900461`, `+44 (0)7700-900461`, `447700900461`, `0044 7700 900461`.
 * Shared by the booking island (as the user types) and the server (which stores the result).
 *
 * The metadata is libphonenumber's "min" set cut down to +44 (scripts/generate-phone-metadata.ts),
 * about 4 KB instead of the world's, since the booking island ships it. "min" validates lengths and
 * ranges but cannot tell a mobile from other 07 numbers, so those are told apart by prefix: 070 is
 * personal numbering and 076 pagers (except 07624, Isle of Man mobiles); neither can take a text.
 */
export function normaliseUkMobile(input: string): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  let text = input.trim().replace(/\(0\)/g, '');
  if (/[^\d\s+\-().]/.test(text)) return null;
  text = text.replace(/^00/, '+');
  if (/^44\d{10}$/.test(text.replace(/[\s\-().]/g, ''))) text = `+${text}`;
  const parsed = parsePhoneNumberFromString(text, 'GB', metadata as unknown as MetadataJson);
  if (!parsed || parsed.countryCallingCode !== '44') return null;
  const national = parsed.nationalNumber;
  // Ofcom keeps 07700 900000–900999 for drama and examples; libphonenumber calls them invalid, but
  // the demo data, the docs and the tests use them, and a text to one simply goes nowhere.
  const dramaNumber = /^7700900\d{3}$/.test(national);
  if (!dramaNumber && !parsed.isValid()) return null;
  if (!/^7\d{9}$/.test(national)) return null;
  if (national.startsWith('70')) return null;
  if (national.startsWith('76') && !national.startsWith('7624')) return null;
  return parsed.number;
}
