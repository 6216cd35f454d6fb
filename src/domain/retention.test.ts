import { describe, expect, it } from 'vitest';
import site from '../../content/site.json' with { type: 'json' };
import {
  monthsBefore,
  monthsInWords,
  RETENTION_PERIODS,
  RetentionPeriodsSchema,
  retentionCutoffs,
} from './retention.ts';

describe('monthsBefore', () => {
  it.each([
    ['2027-12-15T03:00:00.000Z', 13, '2026-11-15T03:00:00.000Z'],
    ['2027-12-15T03:00:00.000Z', 12, '2026-12-15T03:00:00.000Z'],
    ['2027-01-10T00:00:00.000Z', 1, '2026-12-10T00:00:00.000Z'],
    // A shorter month clamps to its last day, in a leap year and not.
    ['2027-03-31T12:30:00.000Z', 1, '2027-02-28T12:30:00.000Z'],
    ['2028-03-31T12:30:00.000Z', 1, '2028-02-29T12:30:00.000Z'],
    ['2027-05-31T23:59:59.999Z', 13, '2026-04-30T23:59:59.999Z'],
    ['2027-12-15T03:00:00.000Z', 0, '2027-12-15T03:00:00.000Z'],
  ])('%s less %i months is %s', (now, months, expected) => {
    expect(monthsBefore(new Date(now), months).toISOString()).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s months', (months) => {
    expect(() => monthsBefore(new Date('2027-12-15T03:00:00Z'), months)).toThrow(RangeError);
  });
});

describe('retentionCutoffs', () => {
  it('counts each period back from now, rate-limit windows a day', () => {
    const cutoffs = retentionCutoffs(new Date('2027-12-15T03:00:00Z'), {
      visitStatisticsMonths: 13,
      sentMessagesMonths: 12,
      visitPhotosMonths: 6,
    });
    expect(cutoffs).toEqual({
      visitStatistics: new Date('2026-11-15T03:00:00Z'),
      sentMessages: new Date('2026-12-15T03:00:00Z'),
      rateLimitWindows: new Date('2027-12-14T03:00:00Z'),
      visitPhotos: new Date('2027-06-15T03:00:00Z'),
    });
  });

  it('reads the periods of content/site.json by default', () => {
    expect(RETENTION_PERIODS).toEqual({
      visitStatisticsMonths: site.retention.visitStatisticsMonths,
      sentMessagesMonths: site.retention.sentMessagesMonths,
      visitPhotosMonths: site.retention.visitPhotosMonths,
    });
    const now = new Date('2027-12-15T03:00:00Z');
    expect(retentionCutoffs(now).visitStatistics).toEqual(monthsBefore(now, site.retention.visitStatisticsMonths));
  });
});

describe('RetentionPeriodsSchema', () => {
  it.each([
    [{ visitStatisticsMonths: 13, sentMessagesMonths: 12, visitPhotosMonths: 12 }, true],
    // Zero would delete every row on the next run.
    [{ visitStatisticsMonths: 0, sentMessagesMonths: 12, visitPhotosMonths: 12 }, false],
    [{ visitStatisticsMonths: 13, sentMessagesMonths: -1, visitPhotosMonths: 12 }, false],
    [{ visitStatisticsMonths: 13, sentMessagesMonths: 12, visitPhotosMonths: 0 }, false],
    [{ visitStatisticsMonths: 13.5, sentMessagesMonths: 12, visitPhotosMonths: 12 }, false],
    [{ visitStatisticsMonths: '13', sentMessagesMonths: 12, visitPhotosMonths: 12 }, false],
    [{ visitStatisticsMonths: 13, sentMessagesMonths: 12 }, false],
  ])('%j valid: %s', (periods, valid) => {
    expect(RetentionPeriodsSchema.safeParse(periods).success).toBe(valid);
  });
});

describe('monthsInWords', () => {
  it.each([
    [1, '1 month'],
    [12, '12 months'],
    [13, '13 months'],
  ])('%i → %s', (months, words) => {
    expect(monthsInWords(months)).toBe(words);
  });
});
