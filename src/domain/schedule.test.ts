import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS } from './booking-settings.ts';
import { StaffBookingRequestSchema } from './staff-booking-request.ts';
import { AttendanceRequestSchema, BlockRequestSchema, mondayOf, scheduleDays } from './schedule.ts';

describe('scheduleDays', () => {
  const settings = { ...DEFAULT_BOOKING_SETTINGS, closures: ['2026-11-26'] };
  it.each([
    { date: '2026-11-24', expected: { date: '2026-11-24', open: true, opens: '09:00', closes: '18:00' } },
    { date: '2026-11-29', expected: { date: '2026-11-29', open: false, reason: 'closed' } },
    { date: '2026-11-26', expected: { date: '2026-11-26', open: false, reason: 'closure' } },
    {
      date: '2026-12-25',
      expected: { date: '2026-12-25', open: false, reason: 'bank_holiday', holiday: 'Christmas Day' },
    },
    {
      date: '2026-12-28',
      expected: { date: '2026-12-28', open: false, reason: 'bank_holiday', holiday: 'Boxing Day (substitute day)' },
    },
  ])('$date', ({ date, expected }) => {
    expect(scheduleDays(date, 1, settings)).toEqual([expected]);
  });

  it('opens on a bank holiday when the shop says so', () => {
    expect(scheduleDays('2026-12-25', 1, { ...settings, closedOnBankHolidays: false })[0]!.open).toBe(true);
  });

  it('gives a week of consecutive days across the clock change', () => {
    expect(scheduleDays('2026-10-22', 7, settings).map((d) => d.date)).toEqual([
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
    ]);
  });
});

describe('mondayOf', () => {
  it.each([
    ['2026-11-23', '2026-11-23'],
    ['2026-11-24', '2026-11-23'],
    ['2026-11-29', '2026-11-23'],
    ['2026-11-30', '2026-11-30'],
    ['2027-01-01', '2026-12-28'],
  ])('%s → %s', (date, monday) => expect(mondayOf(date)).toBe(monday));
});

describe('request schemas', () => {
  const valid = {
    serviceId: 'full',
    start: '2026-11-24T10:00:00.000Z',
    idempotencyKey: '0b6f3c6e-8f3e-4c1e-9a51-3c1d2e4f5a6b',
    dog: { name: 'Bella', breedId: 'cockapoo', weightKg: 9.5, coat: 'long' },
  };
  it.each([
    { name: 'a customer from the lookup', body: { ...valid, customer: { id: 'AAAAAAAAAAAAAAAAAAAA' } }, ok: true },
    {
      name: 'a new customer without e-mail',
      body: { ...valid, customer: { name: 'Jo Bloggs', phone: '07700 900123' } },
      ok: true,
    },
    {
      name: 'a new customer with an empty e-mail',
      body: { ...valid, customer: { name: 'Jo Bloggs', phone: '07700 900123', email: '' } },
      ok: true,
    },
    { name: 'a landline', body: { ...valid, customer: { name: 'Jo Bloggs', phone: '020 8539 1234' } }, ok: false },
    {
      name: 'a customer id and typed details together',
      body: { ...valid, customer: { id: 'AAAAAAAAAAAAAAAAAAAA', name: 'Jo' } },
      ok: false,
    },
    { name: 'no customer', body: valid, ok: false },
    {
      name: 'a saved dog',
      body: { ...valid, customer: { id: 'AAAAAAAAAAAAAAAAAAAA' }, dog: { ...valid.dog, id: 'BBBBBBBBBBBBBBBB' } },
      ok: true,
    },
  ])('a phone booking: $name', ({ body, ok }) => {
    expect(StaffBookingRequestSchema.safeParse(body).success).toBe(ok);
  });

  it.each([
    { body: { start: '2026-11-24T13:00:00Z', end: '2026-11-24T18:00:00Z', reason: 'Vet training' }, ok: true },
    { body: { start: '2026-11-24T13:00:00Z', end: '2026-11-24T18:00:00Z' }, ok: true },
    { body: { start: '2026-11-24T13:00:00Z', end: '2026-11-24T13:00:00Z' }, ok: false },
    { body: { start: '2026-11-24T13:00:00Z', end: '2026-12-09T13:00:00Z' }, ok: false },
    { body: { start: '2026-11-24T13:00:00Z', end: '2026-12-08T13:00:00Z' }, ok: true },
    { body: { start: '2026-11-24T13:00:00Z', end: '2026-11-24T18:00:00Z', reason: 'x'.repeat(201) }, ok: false },
  ])('a blocked time $body', ({ body, ok }) => {
    expect(BlockRequestSchema.safeParse(body).success).toBe(ok);
  });

  it.each([
    { body: { attendance: 'arrived' }, ok: true },
    { body: { attendance: null }, ok: true },
    { body: { attendance: 'completed', balance: { pence: 3500, method: 'card' } }, ok: true },
    { body: { attendance: 'completed', balance: { pence: 0, method: 'cash' } }, ok: true },
    { body: { attendance: 'no_show', balance: { pence: 3500, method: 'card' } }, ok: false },
    { body: { attendance: 'completed', balance: { pence: 35.5, method: 'card' } }, ok: false },
    { body: { attendance: 'completed', balance: { pence: 3500, method: 'cheque' } }, ok: false },
    { body: { attendance: 'left' }, ok: false },
  ])('attendance $body', ({ body, ok }) => {
    expect(AttendanceRequestSchema.safeParse(body).success).toBe(ok);
  });
});
