import { describe, expect, it } from 'vitest';
import { bankHolidayOn, bankHolidaysOf, easterSunday, isBankHoliday } from './bank-holidays.ts';

// The official lists (gov.uk/bank-holidays, England and Wales).
const OFFICIAL: Record<number, string[]> = {
  2022: [
    '2022-01-03',
    '2022-04-15',
    '2022-04-18',
    '2022-05-02',
    '2022-06-02',
    '2022-06-03',
    '2022-08-29',
    '2022-09-19',
    '2022-12-26',
    '2022-12-27',
  ],
  2023: [
    '2023-01-02',
    '2023-04-07',
    '2023-04-10',
    '2023-05-01',
    '2023-05-08',
    '2023-05-29',
    '2023-08-28',
    '2023-12-25',
    '2023-12-26',
  ],
  2024: [
    '2024-01-01',
    '2024-03-29',
    '2024-04-01',
    '2024-05-06',
    '2024-05-27',
    '2024-08-26',
    '2024-12-25',
    '2024-12-26',
  ],
  2025: [
    '2025-01-01',
    '2025-04-18',
    '2025-04-21',
    '2025-05-05',
    '2025-05-26',
    '2025-08-25',
    '2025-12-25',
    '2025-12-26',
  ],
  2026: [
    '2026-01-01',
    '2026-04-03',
    '2026-04-06',
    '2026-05-04',
    '2026-05-25',
    '2026-08-31',
    '2026-12-25',
    '2026-12-28',
  ],
  2027: [
    '2027-01-01',
    '2027-03-26',
    '2027-03-29',
    '2027-05-03',
    '2027-05-31',
    '2027-08-30',
    '2027-12-27',
    '2027-12-28',
  ],
  2020: [
    '2020-01-01',
    '2020-04-10',
    '2020-04-13',
    '2020-05-08',
    '2020-05-25',
    '2020-08-31',
    '2020-12-25',
    '2020-12-28',
  ],
};

describe('bankHolidaysOf', () => {
  it.each(Object.entries(OFFICIAL))('%s matches the official list', (year, dates) => {
    expect(bankHolidaysOf(Number(year)).map((h) => h.date)).toEqual(dates);
  });

  it.each([
    ['2026-12-28', 'Boxing Day (substitute day)'],
    ['2027-12-27', 'Christmas Day (substitute day)'],
    ['2027-12-28', 'Boxing Day (substitute day)'],
    ['2022-01-03', "New Year's Day (substitute day)"],
    ['2022-12-26', 'Boxing Day'],
    ['2022-12-27', 'Christmas Day (substitute day)'],
    ['2023-05-08', 'Coronation of King Charles III'],
    ['2026-04-03', 'Good Friday'],
    ['2026-12-26', null],
    ['2027-12-25', null],
    ['2026-05-26', null],
  ])('%s is %s', (date, name) => {
    expect(bankHolidayOn(date)).toBe(name);
    expect(isBankHoliday(date)).toBe(name !== null);
  });

  it('always gives eight or more weekday holidays', () => {
    for (let year = 1990; year <= 2100; year++) {
      const list = bankHolidaysOf(year);
      expect(list.length).toBeGreaterThanOrEqual(8);
      for (const h of list) expect(new Date(`${h.date}T12:00:00Z`).getUTCDay()).not.toBe(0);
      expect(new Set(list.map((h) => h.date)).size).toBe(list.length);
    }
  });
});

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i → %s', (year, date) => expect(easterSunday(year)).toBe(date));
});
