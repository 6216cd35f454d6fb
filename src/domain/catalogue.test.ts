import { describe, expect, it } from 'vitest';
import {
  extrasFor,
  pickExtras,
  pricesBySize,
  serviceForSize,
  sizeOfDog,
  sizeWeights,
  visitMinutes,
  type CatalogueService,
  type Extra,
  type Size,
} from './catalogue.ts';

const limits = { small: 10, medium: 25 };

describe('sizeOfDog', () => {
  it.each<[number | undefined, Size | null, Size | null]>([
    [4.5, null, 'small'],
    [10, null, 'small'],
    [10.1, null, 'medium'],
    [12, 'small', 'medium'], // the weight decides over the breed's usual size
    [25, null, 'medium'],
    [25.1, null, 'large'],
    [60, null, 'large'],
    [undefined, 'medium', 'medium'],
    [undefined, null, null],
    [Number.NaN, 'large', 'large'],
    [0, null, null],
  ])('%s kg (breed usually %s) is %s', (weight, usual, size) => {
    expect(sizeOfDog(weight, limits, usual)).toBe(size);
  });
});

describe('sizeWeights', () => {
  it.each<[Size, string]>([
    ['small', 'up to 10 kg'],
    ['medium', 'over 10 kg, up to 25 kg'],
    ['large', 'over 25 kg'],
  ])('%s is %s', (size, words) => expect(sizeWeights(size, limits)).toBe(words));
  it('writes a half kilo', () => expect(sizeWeights('small', { small: 7.5, medium: 20 })).toBe('up to 7.5 kg'));
});

const full: CatalogueService = {
  id: 'full',
  title: 'Full Groom',
  kind: 'full',
  pricePence: 4500,
  durationMin: 105,
  sizes: [
    { size: 'small', pricePence: 4500, durationMin: 105 },
    { size: 'medium', pricePence: 5500, durationMin: 120 },
    { size: 'large', pricePence: 7000, durationMin: 150 },
  ],
};
const nails: CatalogueService = {
  id: 'nails',
  title: 'Nail Clip',
  kind: 'nails',
  pricePence: 1000,
  durationMin: 15,
  sizes: [],
};
const largeOnly: CatalogueService = {
  ...nails,
  id: 'deshed',
  sizes: [{ size: 'large', pricePence: 5000, durationMin: 120 }],
};

describe('serviceForSize', () => {
  it.each<[CatalogueService, Size | null, Size | null, number, number]>([
    [full, 'small', 'small', 4500, 105],
    [full, 'medium', 'medium', 5500, 120],
    [full, 'large', 'large', 7000, 150],
    [full, null, null, 4500, 105],
    [nails, 'large', null, 1000, 15],
    [largeOnly, 'large', 'large', 5000, 120],
    [largeOnly, 'medium', 'medium', 1000, 15],
  ])('%# %s at %s', (service, size, sized, price, minutes) => {
    expect(serviceForSize(service, size)).toEqual({ size: sized, pricePence: price, durationMin: minutes });
  });
});

const extras: Extra[] = [
  { id: 'nail-grind', title: 'Nail grind', pricePence: 500, durationMin: 10, onlyWith: [] },
  { id: 'flea-bath', title: 'Flea bath', pricePence: 800, durationMin: 15, onlyWith: ['full', 'shower'] },
  { id: 'bandana', title: 'Bandana', pricePence: 300, durationMin: 0, onlyWith: [] },
];

describe('extras', () => {
  it('offers an extra limited to some services only with those', () => {
    expect(extrasFor(extras, 'full').map((e) => e.id)).toEqual(['nail-grind', 'flea-bath', 'bandana']);
    expect(extrasFor(extras, 'nails').map((e) => e.id)).toEqual(['nail-grind', 'bandana']);
  });
  it.each<[string, string[], string[], string[]]>([
    ['full', ['bandana', 'nail-grind'], ['nail-grind', 'bandana'], []],
    ['full', ['bandana', 'bandana'], ['bandana'], []],
    ['nails', ['flea-bath', 'bandana'], ['bandana'], ['flea-bath']],
    ['full', ['gold-leaf'], [], ['gold-leaf']],
    ['full', [], [], []],
  ])('with %s, asking %j picks %j and refuses %j', (service, ids, picked, refused) => {
    const choice = pickExtras(extrasFor(extras, service), ids);
    expect(choice.extras.map((e) => e.id)).toEqual(picked);
    expect(choice.refused).toEqual(refused);
  });
  it('adds their minutes to the visit', () => {
    expect(visitMinutes(serviceForSize(full, 'medium'), extras)).toBe(145);
    expect(visitMinutes(serviceForSize(nails, null), [])).toBe(15);
  });
});

describe('pricesBySize', () => {
  it('lists each size, or one price', () => {
    expect(pricesBySize(full)).toEqual([
      { size: 'small', pricePence: 4500 },
      { size: 'medium', pricePence: 5500 },
      { size: 'large', pricePence: 7000 },
    ]);
    expect(pricesBySize(nails)).toEqual([{ size: null, pricePence: 1000 }]);
  });
});
