/**
 * Writes src/domain/phone-metadata.uk.json: libphonenumber-js's "min" metadata cut down to the
 * countries of calling code +44 (GB, Guernsey, Isle of Man, Jersey). The booking island then ships
 * about 4 KB of metadata instead of the whole world's. Run after updating libphonenumber-js:
 *   node scripts/generate-phone-metadata.ts
 * (src/domain/phone.test.ts fails while the file is out of date.)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ukPhoneMetadata } from './lib/phone-metadata.ts';

const target = path.resolve(import.meta.dirname, '../src/domain/phone-metadata.uk.json');
writeFileSync(target, `${JSON.stringify(ukPhoneMetadata())}\n`);
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
