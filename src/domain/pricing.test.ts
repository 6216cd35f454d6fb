import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings, type Deposit } from './booking-settings.ts';
import { breedEstimate, depositFor, formatDuration, quote } from './pricing.ts';

const now = new Date('2026-11-20T12:00:00Z');
const shower = { price: 3000, kind: 'shower', title: 'Bath & Brush (Shower)' };
const full = { price: 4500, kind: 'full', title: 'Full Groom' };
const s = (over: Partial<BookingSettings> = {}) => ({ ...DEFAULT_BOOKING_SETTINGS, ...over });

describe('quote: the promotion (£5 off a shower for a dog under 12kg)', () => {
  it.each([
    { name: 'small dog, shower', service: shower, kg: 8, applied: true, total: 2500 },
    { name: '11.9kg', service: shower, kg: 11.9, applied: true, total: 2500 },
    { name: 'exactly 12kg is not under 12kg', service: shower, kg: 12, applied: false, total: 3000 },
    { name: '12.1kg', service: shower, kg: 12.1, applied: false, total: 3000 },
    { name: 'small dog, full groom', service: full, kg: 8, applied: false, total: 4500 },
    { name: 'cheap shower: never below zero', service: { price: 300, kind: 'shower' }, kg: 5, applied: true, total: 0 },
    { name: 'no promotion set', service: shower, kg: 8, settings: s({ promotion: null }), applied: false, total: 3000 },
    {
      name: 'promotion ended',
      service: shower,
      kg: 8,
      settings: s({ promotion: { ...DEFAULT_BOOKING_SETTINGS.promotion!, endsAt: '2026-11-20T12:00:00Z' } }),
      applied: false,
      total: 3000,
    },
    {
      name: 'promotion not ended yet',
      service: shower,
      kg: 8,
      settings: s({ promotion: { ...DEFAULT_BOOKING_SETTINGS.promotion!, endsAt: '2026-11-20T12:00:01Z' } }),
      applied: true,
      total: 2500,
    },
  ])('$name', ({ service, kg, settings, applied, total }) => {
    const q = quote({ service, dogWeightKg: kg, settings: settings ?? s(), now });
    expect(q.promotionApplied).toBe(applied);
    expect(q.totalFromPence).toBe(total);
    expect(q.fromPricePence).toBe(service.price);
    expect(q.promotionPence).toBe(service.price - total);
    expect(q.depositPence).toBe(0);
  });

  it('spells out the lines', () => {
    expect(
      quote({ service: shower, dogWeightKg: 8, settings: s({ deposit: { kind: 'fixed', pence: 1000 } }), now }).lines,
    ).toEqual([
      { kind: 'service', label: 'Bath & Brush (Shower)', pence: 3000 },
      { kind: 'promotion', label: 'Small dog offer, £5 off (under 12kg)', pence: -500 },
      { kind: 'total', label: 'Total, from', pence: 2500 },
      { kind: 'deposit', label: 'Deposit due now', pence: 1000 },
    ]);
    expect(quote({ service: full, dogWeightKg: 30, settings: s(), now }).lines.map((l) => l.kind)).toEqual([
      'service',
      'total',
    ]);
  });

  it('refuses a price that is not whole pence', () => {
    expect(() => quote({ service: { price: 10.5, kind: 'x' }, dogWeightKg: 5, settings: s(), now })).toThrow(
      RangeError,
    );
  });
});

describe('quote: size and extras (decision 080)', () => {
  const grind = { title: 'Nail grind', pricePence: 500 };
  const bandana = { title: 'Bandana', pricePence: 300 };
  it.each([
    { name: 'a medium dog names its size', size: 'medium' as const, extras: [], total: 5500, extrasPence: undefined },
    { name: 'extras add up', size: 'medium' as const, extras: [grind, bandana], total: 6300, extrasPence: 800 },
    { name: 'one price for all sizes', size: null, extras: [grind], total: 6000, extrasPence: 500 },
  ])('$name', ({ size, extras, total, extrasPence }) => {
    const q = quote({ service: { ...full, price: 5500 }, size, extras, dogWeightKg: 14, settings: s(), now });
    expect(q.totalFromPence).toBe(total);
    expect(q.extrasPence).toBe(extrasPence);
    expect(q.lines[0]!.label).toBe(size ? 'Full Groom, medium dog' : 'Full Groom');
    expect(q.lines.filter((l) => l.kind === 'extra').map((l) => l.pence)).toEqual(extras.map((e) => e.pricePence));
  });

  it('discounts the service, never the extras, and takes the deposit on the whole', () => {
    const q = quote({
      service: shower,
      size: 'small',
      extras: [grind],
      dogWeightKg: 8,
      settings: s({ deposit: { kind: 'percent', percent: 50 } }),
      now,
    });
    expect(q.lines).toEqual([
      { kind: 'service', label: 'Bath & Brush (Shower), small dog', pence: 3000 },
      { kind: 'promotion', label: 'Small dog offer, £5 off (under 12kg)', pence: -500 },
      { kind: 'extra', label: 'Nail grind', pence: 500 },
      { kind: 'total', label: 'Total, from', pence: 3000 },
      { kind: 'deposit', label: 'Deposit due now', pence: 1500 },
    ]);
  });

  it('refuses an extra that is not whole pence', () => {
    expect(() =>
      quote({ service: shower, extras: [{ title: 'x', pricePence: -1 }], dogWeightKg: 8, settings: s(), now }),
    ).toThrow(RangeError);
  });
});

describe('depositFor', () => {
  it.each([
    [{ kind: 'none' }, 4500, 0],
    [{ kind: 'fixed', pence: 1000 }, 4500, 1000],
    [{ kind: 'fixed', pence: 5000 }, 4500, 4500], // capped at the total
    [{ kind: 'fixed', pence: 1000 }, 0, 0],
    [{ kind: 'percent', percent: 20 }, 4500, 900],
    [{ kind: 'percent', percent: 100 }, 4500, 4500],
    [{ kind: 'percent', percent: 15 }, 2999, 450], // 449.85 → 450
    [{ kind: 'percent', percent: 10 }, 2505, 251], // 250.5 → 251: half a penny rounds up
    [{ kind: 'percent', percent: 12.5 }, 1001, 125], // 125.125 → 125
    [{ kind: 'percent', percent: 33.3 }, 1, 0],
    [{ kind: 'percent', percent: 20 }, -100, 0], // never negative
  ] as Array<[Deposit, number, number]>)('%j of %i → %i', (deposit, total, pence) => {
    expect(depositFor(deposit, total)).toBe(pence);
  });

  it('deposit follows the discounted total', () => {
    const q = quote({
      service: shower,
      dogWeightKg: 8,
      settings: s({ deposit: { kind: 'percent', percent: 20 } }),
      now,
    });
    expect(q.depositPence).toBe(500);
  });
});

describe("a breed's usual figures", () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [60, '1 h'],
    [90, '1 h 30'],
    [125, '2 h 05'],
    [600, '10 h'],
  ])('%i minutes read "%s"', (minutes, text) => expect(formatDuration(minutes)).toBe(text));

  it.each([
    [{ usualDurationMin: 90, priceFromPence: 5500, priceToPence: 7000 }, 'usually 1 h 30, £55–£70'],
    [{ usualDurationMin: 90, priceFromPence: 5550, priceToPence: 7000 }, 'usually 1 h 30, £55.50–£70'],
    [{ usualDurationMin: null, priceFromPence: 5500, priceToPence: 5500 }, 'usually £55'],
    [{ usualDurationMin: 45, priceFromPence: null, priceToPence: null }, 'usually 45 min'],
    [{ usualDurationMin: null, priceFromPence: null, priceToPence: null }, null],
  ])('%j → %s', (band, text) => expect(breedEstimate(band)).toBe(text));

  it('refuses a duration that is not whole minutes', () => expect(() => formatDuration(1.5)).toThrow(RangeError));
});
