import { describe, expect, it } from 'vitest';
import { BreedChangeSchema, BreedInputSchema, breedIdFor, imageTypeOf } from './breed-records.ts';

describe('breedIdFor', () => {
  it.each([
    ['Bichon Frisé', 'bichon-frise'],
    ['Poodle (Toy)', 'poodle-toy'],
    ["Staffy's cross", 'staffy-s-cross'],
    ['???', 'breed'],
  ])('%s → %s', (name, id) => expect(breedIdFor(name)).toBe(id));
});

describe('imageTypeOf', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  const ascii = (s: string) => new TextEncoder().encode(s);
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['WebP', ascii('RIFF\0\0\0\0WEBPVP8 '), 'image/webp'],
    ['a WAV (RIFF, not WebP)', ascii('RIFF\0\0\0\0WAVEfmt '), null],
    ['GIF', ascii('GIF89a'), null],
    ['SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['nothing', bytes(), null],
    ['a PNG cut short', bytes(0x89, 0x50, 0x4e), null],
  ])('%s', (_name, input, type) => expect(imageTypeOf(input)).toBe(type));
});

describe('the price band', () => {
  const base = { name: 'Puggle', usualDurationMin: 60 };
  it.each([
    [{ ...base, priceFromPence: 4000, priceToPence: 5000 }, true],
    [{ ...base, priceFromPence: 5000, priceToPence: 5000 }, true],
    [{ ...base, priceFromPence: null, priceToPence: null }, true],
    [{ ...base, priceFromPence: 5000, priceToPence: 4000 }, false],
    [{ ...base, priceFromPence: 5000, priceToPence: null }, false],
    [{ ...base, priceFromPence: 50.5, priceToPence: 60 }, false],
  ])('new %j → %s', (value, ok) => expect(BreedInputSchema.safeParse(value).success).toBe(ok));

  it.each([
    [{ usualDurationMin: 45 }, true],
    [{ priceFromPence: 4000 }, false],
    [{ priceFromPence: 4000, priceToPence: 4500 }, true],
    [{}, false],
  ])('change %j → %s', (value, ok) => expect(BreedChangeSchema.safeParse(value).success).toBe(ok));
});
