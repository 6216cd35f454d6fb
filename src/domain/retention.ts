import { z } from 'zod';
import site from '../../content/site.json' with { type: 'json' };

/**
 * How long personal data is kept, and the instant before which a row is due for deletion. The
 * periods the privacy notice promises live in content/site.json (`retention`): the notice states
 * them through `{{statistics-kept-for}}`, `{{sent-messages-kept-for}}` and `{{visit-photos-kept-for}}`, and the daily retention
 * job (src/server/retention.ts) deletes by them, so the two cannot drift apart.
 * See docs/decisions/046-retention.md.
 */
export const RetentionPeriodsSchema = z.object({
  /** Visits, page views and events, counted from the visit's last activity or the row's own time. */
  visitStatisticsMonths: z.number().int().min(1).max(120),
  /** E-mails and texts we sent, counted from when they went out. */
  sentMessagesMonths: z.number().int().min(1).max(120),
  /** Photos of a visit (check-in, report card), counted from the visit's start (decision 095). */
  visitPhotosMonths: z.number().int().min(1).max(120),
});
export type RetentionPeriods = z.infer<typeof RetentionPeriodsSchema>;

/** Parsed once: a period of 0 in site.json would delete everything, so it fails the build instead. */
export const RETENTION_PERIODS: RetentionPeriods = Object.freeze(RetentionPeriodsSchema.parse(site.retention));

/**
 * Rate-limit windows are counters a minute long (docs/decisions/014); a day after one started it
 * limits nothing. Not personal data the notice speaks of (the address is hashed), so no period there.
 */
export const RATE_LIMIT_WINDOWS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The same wall-clock instant `months` calendar months earlier, in UTC, the day clamped to the end
 * of a shorter month (31 March less one month is 28 or 29 February). UTC rather than London time:
 * an hour either way at a clock change does not matter to a period counted in months.
 */
export function monthsBefore(now: Date, months: number): Date {
  if (!Number.isInteger(months) || months < 0) throw new RangeError(`months must be a whole number ≥ 0, not ${months}`);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

export interface RetentionCutoffs {
  /** Visits last active before this, and page views and events recorded before this, are deleted. */
  visitStatistics: Date;
  /** Messages sent before this are deleted; unsent and failed ones are not (they were never sent). */
  sentMessages: Date;
  /** Rate-limit windows that started before this are deleted. */
  rateLimitWindows: Date;
  /** Photos of visits that started before this are deleted. */
  visitPhotos: Date;
}

/** Strictly before a cut-off goes; a row exactly at it stays until the next run. */
export function retentionCutoffs(now: Date, periods: RetentionPeriods = RETENTION_PERIODS): RetentionCutoffs {
  return {
    visitStatistics: monthsBefore(now, periods.visitStatisticsMonths),
    sentMessages: monthsBefore(now, periods.sentMessagesMonths),
    rateLimitWindows: new Date(now.getTime() - RATE_LIMIT_WINDOWS_KEPT_MS),
    visitPhotos: monthsBefore(now, periods.visitPhotosMonths),
  };
}

/** "13 months", "1 month": a period as the privacy notice says it. */
export function monthsInWords(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}
