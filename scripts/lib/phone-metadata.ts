import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The +44 countries' entries of the installed libphonenumber-js "min" metadata. */
export function ukPhoneMetadata(): object {
  const full = require('libphonenumber-js/metadata.min.json') as {
    version: number;
    country_calling_codes: Record<string, string[]>;
    countries: Record<string, unknown>;
  };
  const countries = full.country_calling_codes['44'] ?? [];
  return {
    version: full.version,
    country_calling_codes: { 44: countries },
    countries: Object.fromEntries(countries.map((c) => [c, full.countries[c]])),
    nonGeographic: {},
  };
}
