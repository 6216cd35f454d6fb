import { describe, expect, it } from 'vitest';
import { BookingSettingsSchema, DEFAULT_BOOKING_SETTINGS } from './booking-settings.ts';
import { CreateBookingRequestSchema, InstantSchema } from './booking-schemas.ts';
import { IsoDateSchema } from './calendar.ts';
import { DATE_HORIZON_MESSAGE, dateWithinHorizon, instantWithinHorizon } from './date-horizon.ts';
import { FinancesQuerySchema } from './finances.ts';
import { BlockRequestSchema, FreeTimesQuerySchema, ScheduleQuerySchema, StaffMoveRequestSchema } from './schedule.ts';
import { ClosureInputSchema } from './shop-settings.ts';

describe('dateWithinHorizon', () => {
  it.each([
    ['2000-01-01', true],
    ['2026-11-26', true],
    ['2999-12-31', true],
    ['1999-12-31', false],
    ['3000-01-01', false],
    ['9999-12-31', false],
    ['0000-01-01', false],
    ['+02026-01-01', false],
    ['', false],
  ])('%s: %s', (date, inside) => expect(dateWithinHorizon(date)).toBe(inside));
});

describe('instantWithinHorizon', () => {
  it.each([
    ['2000-01-01T00:00:00.000Z', true],
    ['2026-11-26T09:00:00+00:00', true],
    ['2999-12-31T23:59:59.999Z', true],
    // Midnight in London on the first day of 3000 is past the last day.
    ['3000-01-01T00:00:00.000Z', false],
    ['2999-12-31T23:30:00-01:00', false],
    ['1999-12-31T23:59:59.999Z', false],
    ['9999-06-01T10:00:00Z', false],
    ['not a date', false],
  ])('%s: %s', (instant, inside) => expect(instantWithinHorizon(instant)).toBe(inside));

  it('takes a Date too', () => {
    expect(instantWithinHorizon(new Date('2026-11-26T09:00:00Z'))).toBe(true);
    expect(instantWithinHorizon(new Date(Number.NaN))).toBe(false);
  });
});

/**
 * Every schema that takes a date from staff or a customer answers the same at the edges: one rule,
 * one message. A new schema that takes a date belongs in this table.
 */
const block = (start: string) => ({ start, end: start.replace(/T\d\d/, 'T23') });
const settingsWithOfferEnd = (endsAt: string) => ({
  ...DEFAULT_BOOKING_SETTINGS,
  promotion: { ...DEFAULT_BOOKING_SETTINGS.promotion!, endsAt },
});
const schemas: [string, (date: string) => { success: boolean; error?: { issues: { message: string }[] } }][] = [
  ['a calendar date', (d) => IsoDateSchema.safeParse(d)],
  ['an instant', (d) => InstantSchema.safeParse(`${d}T10:00:00.000Z`)],
  [
    'a booking',
    (d) =>
      CreateBookingRequestSchema.safeParse({
        serviceId: 'full',
        start: `${d}T10:00:00.000Z`,
        dog: { name: 'Dot', breedId: 'pug', weightKg: 7, coat: 'short' },
        owner: {
          name: 'Kit Lane',
          phone: '07700 900600',
          email: 'kit@example.com',
          marketingConsent: false,
          acceptTerms: true,
        },
        idempotencyKey: '6f1c3a52-3c55-4d7e-9a8e-2a4d2f7f9b10',
      }),
  ],
  ['a time block', (d) => BlockRequestSchema.safeParse(block(`${d}T10:00:00.000Z`))],
  ["the schedule's day", (d) => ScheduleQuerySchema.safeParse({ from: d })],
  ['the free times', (d) => FreeTimesQuerySchema.safeParse({ service: 'full', date: d })],
  ['a move by staff', (d) => StaffMoveRequestSchema.safeParse({ start: `${d}T10:00:00.000Z` })],
  ['a closure', (d) => ClosureInputSchema.safeParse({ date: d })],
  ['a finances range', (d) => FinancesQuerySchema.safeParse({ from: d, to: d })],
  ["an offer's end", (d) => BookingSettingsSchema.safeParse(settingsWithOfferEnd(`${d}T10:00:00.000Z`))],
];

describe('one horizon for every date', () => {
  it.each(schemas)('%s: 2000-01-01 and 2999-12-31 pass, 1999-12-31 and 9999-12-31 do not', (_name, parse) => {
    expect(parse('2000-01-01').success).toBe(true);
    expect(parse('2999-12-31').success).toBe(true);
    for (const outside of ['1999-12-31', '9999-12-31']) {
      const result = parse(outside);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toContain(DATE_HORIZON_MESSAGE);
    }
  });
});
