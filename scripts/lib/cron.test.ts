import { describe, expect, it } from 'vitest';
import { CronError, cronMatches, nextCronRun, parseCron } from './cron.ts';

const at = (iso: string) => new Date(iso);

describe('cronMatches', () => {
  it.each([
    // The site's own five schedules.
    ['*/5 * * * *', '2026-11-23T10:05:00Z', true],
    ['*/5 * * * *', '2026-11-23T10:05:59.999Z', true],
    ['*/5 * * * *', '2026-11-23T10:06:00Z', false],
    ['*/5 * * * *', '2026-11-23T00:00:00Z', true],
    ['0 17 * * *', '2026-11-23T17:00:30Z', true],
    ['0 17 * * *', '2026-11-23T17:01:00Z', false],
    // UTC, not London: 17:00 UTC is 18:00 in London in summer.
    ['0 17 * * *', '2026-07-01T16:00:00Z', false],
    ['0 3 * * *', '2026-11-23T03:00:00Z', true],
    ['0 3 * * *', '2026-11-23T04:00:00Z', false],
    // Lists, ranges, steps and names.
    ['15,45 9-17 * * mon-fri', '2026-11-23T09:45:00Z', true], // a Monday
    ['15,45 9-17 * * mon-fri', '2026-11-22T09:45:00Z', false], // a Sunday
    ['15,45 9-17 * * mon-fri', '2026-11-23T18:15:00Z', false],
    ['0 9-17/4 * * *', '2026-11-23T13:00:00Z', true],
    ['0 9-17/4 * * *', '2026-11-23T15:00:00Z', false],
    ['5/20 * * * *', '2026-11-23T10:45:00Z', true],
    ['5/20 * * * *', '2026-11-23T10:20:00Z', false],
    ['0 0 1 jan *', '2026-01-01T00:00:00Z', true],
    ['0 0 * * 7', '2026-11-22T00:00:00Z', true], // 7 is Sunday too
    // Both day fields restricted: either day runs.
    ['0 0 1 * mon', '2026-12-01T00:00:00Z', true], // the 1st, a Tuesday
    ['0 0 1 * mon', '2026-11-23T00:00:00Z', true], // a Monday, not the 1st
    ['0 0 1 * mon', '2026-11-24T00:00:00Z', false],
    // One restricted: both must hold.
    ['0 0 1 * *', '2026-11-02T00:00:00Z', false],
    // Netlify's extensions.
    ['@hourly', '2026-11-23T10:00:00Z', true],
    ['@hourly', '2026-11-23T10:30:00Z', false],
    ['@daily', '2026-11-23T00:00:00Z', true],
    ['@weekly', '2026-11-22T00:00:00Z', true],
    ['@monthly', '2026-12-01T00:00:00Z', true],
    ['@yearly', '2027-01-01T00:00:00Z', true],
    ['@yearly', '2027-01-02T00:00:00Z', false],
  ])('%s at %s → %s', (expression, iso, expected) => {
    expect(cronMatches(expression, at(iso))).toBe(expected);
  });
});

describe('nextCronRun', () => {
  it.each([
    ['*/5 * * * *', '2026-11-23T10:05:00Z', '2026-11-23T10:10:00.000Z'],
    ['*/5 * * * *', '2026-11-23T10:07:31Z', '2026-11-23T10:10:00.000Z'],
    ['0 17 * * *', '2026-11-23T17:00:00Z', '2026-11-24T17:00:00.000Z'],
    ['0 3 * * *', '2026-12-31T23:59:00Z', '2027-01-01T03:00:00.000Z'],
    ['@yearly', '2026-11-23T10:00:00Z', '2027-01-01T00:00:00.000Z'],
    ['0 0 29 2 *', '2026-03-01T00:00:00Z', '2028-02-29T00:00:00.000Z'],
  ])('%s after %s → %s', (expression, iso, expected) => {
    expect(nextCronRun(expression, at(iso))?.toISOString()).toBe(expected);
  });

  it('is null for a day that never comes', () => {
    expect(nextCronRun('0 0 30 2 *', at('2026-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('parseCron', () => {
  it.each([
    ['* * * *', 'five fields'],
    ['60 * * * *', 'minute "60"'],
    ['* 24 * * *', 'hour "24"'],
    ['* * 0 * *', 'day of month "0"'],
    ['* * * 13 *', 'month "13"'],
    ['* * * * 8', 'day of week "8"'],
    ['*/0 * * * *', 'bad step'],
    ['5-1 * * * *', 'runs backwards'],
    ['@reboot', 'unknown schedule'],
    ['@annually', 'unknown schedule'],
    ['a * * * *', 'minute "a"'],
  ])('refuses %s (%s)', (expression, message) => {
    expect(() => parseCron(expression)).toThrow(CronError);
    expect(() => parseCron(expression)).toThrow(message);
  });
});
