import { describe, expect, it } from 'vitest';
import site from '../../content/site.json' with { type: 'json' };
import {
  BookingSettingsSchema,
  DEFAULT_BOOKING_SETTINGS,
  IsoDateSchema,
  bookingSettingsFrom,
} from './booking-settings.ts';

describe('DEFAULT_BOOKING_SETTINGS', () => {
  it("is valid and follows site.json and the shop's rules", () => {
    const s = BookingSettingsSchema.parse(DEFAULT_BOOKING_SETTINGS);
    expect(s.timeZone).toBe('Europe/London');
    expect(s.openingHours.monday).toEqual({ opens: '09:00', closes: '18:00' });
    expect(s.openingHours.saturday).toEqual({ opens: '09:00', closes: '18:00' });
    expect(s.openingHours.sunday).toBeNull();
    expect(s).toMatchObject({
      capacity: 2,
      minNoticeMinutes: 120,
      horizonWeeks: 8,
      slotStepMinutes: 15,
      holdMinutes: 30,
      deposit: { kind: 'none' },
      cancellationNoticeHours: 24,
      closures: [],
      closedOnBankHolidays: true,
    });
    expect(s.promotion).toEqual({
      discountPence: site.promotion.discountPence,
      maxWeightKg: 12,
      serviceKind: 'shower',
    });
  });
});

describe('bookingSettingsFrom', () => {
  it.each([
    [null, true],
    [{ capacity: 1 }, true],
    [{ deposit: { kind: 'fixed', pence: 1000 } }, true],
    [{ deposit: { kind: 'percent', percent: 20 } }, true],
    [{ deposit: { kind: 'percent', percent: 120 } }, false],
    [{ deposit: { kind: 'fixed', pence: -1 } }, false],
    [{ capacity: 0 }, false],
    [{ holdMinutes: 10 }, false],
    [{ closures: ['2026-12-24'] }, true],
    [{ closures: ['2026-02-30'] }, false],
    [{ timeZone: 'Mars/Olympus' }, false],
    [
      { openingHours: { ...DEFAULT_BOOKING_SETTINGS.openingHours, monday: { opens: '18:00', closes: '09:00' } } },
      false,
    ],
  ])('%j valid: %s', (partial, valid) => {
    const run = () => bookingSettingsFrom(partial as never);
    if (valid) expect(run).not.toThrow();
    else expect(run).toThrow();
  });
});

describe('IsoDateSchema', () => {
  it.each([
    ['2026-03-29', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['26-03-29', false],
    ['2000-02-29', true],
    ['2100-02-29', false],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2000-01-01', true],
    ['2999-12-31', true],
    ['0000-01-01', false],
    ['1999-12-31', false],
    ['3000-01-01', false],
    ['9999-12-31', false],
    ['+02026-01-01', false],
    ['2026-01-01\n', false],
  ])('%s valid: %s', (d, valid) => expect(IsoDateSchema.safeParse(d).success).toBe(valid));
});
