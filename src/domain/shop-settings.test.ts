import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS } from './booking-settings.ts';
import {
  describeAuditEntry,
  describeHours,
  describeMinutes,
  SERVICE_KIND_LABELS,
  SERVICE_KINDS,
  serviceIdFor,
  serviceKindLabel,
  SettingsChangeSchema,
} from './shop-settings.ts';

describe('serviceIdFor', () => {
  it.each([
    ['Full Groom', 'full-groom'],
    ['Teeth & Breath!', 'teeth-breath'],
    ['Crème de la Crème', 'creme-de-la-creme'],
    ['  --  ', 'service'],
    ['🐶', 'service'],
    ['A'.repeat(100), 'a'.repeat(56)],
  ])('%s → %s', (title, id) => expect(serviceIdFor(title)).toBe(id));
});

describe('describeHours', () => {
  it.each([
    [DEFAULT_BOOKING_SETTINGS.openingHours, 'Mon–Sat 09:00–18:00, Sun closed'],
    [
      { ...DEFAULT_BOOKING_SETTINGS.openingHours, wednesday: null },
      'Mon–Tue 09:00–18:00, Wed closed, Thu–Sat 09:00–18:00, Sun closed',
    ],
    [
      { ...DEFAULT_BOOKING_SETTINGS.openingHours, saturday: { opens: '09:00', closes: '14:00' } },
      'Mon–Fri 09:00–18:00, Sat 09:00–14:00, Sun closed',
    ],
  ])('%#', (hours, text) => expect(describeHours(hours)).toBe(text));
});

describe('describeMinutes', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [60, '1 hour'],
    [120, '2 hours'],
    [1440, '1 day'],
    [2880, '2 days'],
    [90, '90 min'],
  ])('%i → %s', (m, text) => {
    expect(describeMinutes(m)).toBe(text);
  });
});

describe('describeAuditEntry', () => {
  it.each([
    [
      'settings.update',
      'booking',
      { before: { capacity: 2 }, after: { capacity: 1 } },
      'Grooming tables: 2 tables → 1 table',
    ],
    ['settings.update', 'booking', { before: {}, after: {} }, 'Settings saved, nothing changed'],
    ['service.create', 'nails', { after: { title: 'Nails', price: 1000 } }, 'Service added: Nails at £10.00'],
    [
      'service.update',
      'nails',
      { before: { title: 'Nails', price: 1000, active: true }, after: { title: 'Nails', price: 1200, active: false } },
      'Service “Nails”: price £10.00 → £12.00, hidden',
    ],
    [
      'service.update',
      'ears-teeth',
      { before: { title: 'Ears', kind: 'other' }, after: { title: 'Ears', kind: 'extras' } },
      'Service “Ears”: kind Extras (ears, teeth)',
    ],
    [
      'settings.update',
      'booking',
      { before: { sizeLimitsKg: { small: 10, medium: 25 } }, after: { sizeLimitsKg: { small: 12, medium: 25 } } },
      'Dog sizes: small up to 10 kg, medium up to 25 kg → small up to 12 kg, medium up to 25 kg',
    ],
    [
      'settings.update',
      'booking',
      { before: { maxDogsPerBooking: 3 }, after: { maxDogsPerBooking: 1 } },
      'Dogs in one booking: up to 3 dogs → one dog',
    ],
    [
      'settings.update',
      'booking',
      { before: { partyPlacement: 'either' }, after: { partyPlacement: 'one_after_another' } },
      'Several dogs placed: either, side by side when tables are free → one after the other',
    ],
    [
      'service.create',
      'full',
      {
        after: {
          title: 'Full',
          price: 4500,
          sizes: [
            { size: 'small', price: 4500, duration: 105 },
            { size: 'large', price: 7000, duration: 150 },
          ],
        },
      },
      'Service added: Full at £45.00 (Small £45.00, Large £70.00)',
    ],
    [
      'service.update',
      'full',
      {
        before: { title: 'Full', sizes: [{ size: 'medium', price: 5500, duration: 120 }] },
        after: { title: 'Full', sizes: [{ size: 'medium', price: 5800, duration: 120 }] },
      },
      'Service “Full”: sizes Medium £58.00',
    ],
    [
      'service.update',
      'full',
      {
        before: { title: 'Full', sizes: [{ size: 'medium', price: 5500, duration: 120 }] },
        after: { title: 'Full', sizes: [] },
      },
      'Service “Full”: sizes one price for every dog',
    ],
    // An audit row written before sizes existed has none on either side: nothing to say about them.
    [
      'service.update',
      'nails',
      { before: { title: 'Nails' }, after: { title: 'Nails' } },
      'Service “Nails”: saved, nothing changed',
    ],
    [
      'closure.create',
      '2026-12-24',
      { after: { reason: 'Christmas Eve' } },
      'Closed on Thu 24 Dec 2026 (Christmas Eve)',
    ],
    ['closure.remove', '2026-12-24', {}, 'Open again on Thu 24 Dec 2026'],
  ])('%s %s', (action, id, change, text) => expect(describeAuditEntry(action, id, change)).toBe(text));
});

describe('SettingsChangeSchema', () => {
  it.each([
    [{ capacity: 3 }, true],
    [{}, false],
    [{ capacity: 3, promotion: null }, false],
    [{ slotStepMinutes: 10 }, false],
    [{ closedOnBankHolidays: false }, true],
  ])('%j → %s', (value, ok) => expect(SettingsChangeSchema.safeParse(value).success).toBe(ok));
});

describe('service kinds in words', () => {
  it('names every kind, each differently, never by its code', () => {
    const labels = SERVICE_KINDS.map((k) => SERVICE_KIND_LABELS[k]);
    expect(new Set(labels).size).toBe(SERVICE_KINDS.length);
    for (const k of SERVICE_KINDS) expect(SERVICE_KIND_LABELS[k]).not.toBe(k);
  });
  it.each([
    ['hand-strip', 'Hand stripping'],
    ['extras', 'Extras (ears, teeth)'],
    ['spa', 'spa'],
  ])('%s → %s', (kind, label) => expect(serviceKindLabel(kind)).toBe(label));
});
