import { describe, expect, it } from 'vitest';
import { listPrices, pricesIn, stalePrices, withFigure, writtenPrice } from './service-descriptions.ts';

const FULL =
  '<p>The works.</p><p>Small dogs from £45, medium from £55, large from £70. We confirm the price when we meet your dog.</p>';

describe('pricesIn', () => {
  it.each([
    ['<p>No price here.</p>', []],
    ['from £45', [{ text: '£45', pence: 4500, from: true }]],
    ['From: £45.50 a visit', [{ text: '£45.50', pence: 4550, from: true }]],
    ['from <strong>£45</strong>', [{ text: '£45', pence: 4500, from: true }]],
    ['Add nails for £10.', [{ text: '£10', pence: 1000, from: false }]],
    ['from &pound;1,200', [{ text: '&pound;1,200', pence: 120_000, from: true }]],
    ['£ 30 each', [{ text: '£ 30', pence: 3000, from: false }]],
    ['costs £45.5', [{ text: '£45', pence: 4500, from: false }]],
  ])('%s', (description, found) =>
    expect(pricesIn(description).map(({ text, pence, from }) => ({ text, pence, from }))).toEqual(found),
  );
});

describe('stalePrices', () => {
  it.each([
    ['no price in the prose', '<p>A calm first visit.</p>', 2500, undefined, []],
    ['the lowest "from" price is the figure', FULL, 4500, undefined, []],
    ['the figure went up: "from £45" is stale', FULL, 4800, undefined, [4500]],
    ['the figure went down below the prose', FULL, 4000, undefined, [4500]],
    ['an add-on price is not the service price', '<p>From £45; nails for £10.</p>', 4500, undefined, []],
    ['a bare mention of the old figure, in this edit', '<p>£45 for small dogs.</p>', 4800, 4500, [4500]],
    ['a bare mention of another amount stays', '<p>£45 for small dogs.</p>', 4800, 5000, []],
    ['both rules, one amount', FULL, 4800, 4500, [4500]],
    ['both rules, two amounts', '<p>£40 once, and from £42.</p>', 4800, 4000, [4000, 4200]],
    ['the figure unchanged by this edit', '<p>£45 for small dogs.</p>', 4500, 4500, []],
    ['pence count', '<p>from £12.50</p>', 1250, undefined, []],
  ])('%s', (_, description, figure, before, stale) => expect(stalePrices(description, figure, before)).toEqual(stale));
});

describe('withFigure', () => {
  it.each([
    [FULL, [4500], 4800, FULL.replace('£45', '£48')],
    ['<p>£45 now, from £45 always</p>', [4500], 4875, '<p>£48.75 now, from £48.75 always</p>'],
    ['<p>from &pound;45; nails £10</p>', [4500], 4800, '<p>from £48; nails £10</p>'],
    ['<p>nothing stale</p>', [], 4800, '<p>nothing stale</p>'],
  ])('%#', (description, stale, figure, mended) => {
    expect(withFigure(description, stale, figure)).toBe(mended);
    expect(stalePrices(mended, figure)).toEqual([]);
  });
});

describe('written prices', () => {
  it.each([
    [4800, '£48'],
    [4850, '£48.50'],
    [5, '£0.05'],
    [123_400, '£1234'],
  ])('%i → %s', (pence, text) => expect(writtenPrice(pence)).toBe(text));
  it.each([
    [[], ''],
    [[4500], '£45'],
    [[4000, 4500], '£40 and £45'],
    [[1000, 4000, 4500], '£10, £40 and £45'],
  ])('%j → %s', (amounts, text) => expect(listPrices(amounts)).toBe(text));
});
