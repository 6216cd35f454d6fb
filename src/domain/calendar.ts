import * as z from 'zod/mini';
import { DATE_HORIZON_MESSAGE, dateWithinHorizon } from './date-horizon.ts';

/**
 * The shop's calendar values: weekdays, dates and wall-clock times. Shared by the booking island
 * (which loads only zod/mini schemas, docs/decisions/054) and the server, through booking-settings.ts.
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A calendar date of this business: YYYY-MM-DD inside the shop's one horizon (date-horizon.ts). */
export const IsoDateSchema = z.string().check(
  z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a date YYYY-MM-DD'),
  // Only a well-formed date is told about the horizon; a malformed one has its own message above.
  z.refine((d: string) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || dateWithinHorizon(d), DATE_HORIZON_MESSAGE),
  z.refine((d: string) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
    const length = m === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
    return day <= length;
  }, 'must be a real calendar date'),
);

export const WallTimeSchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM'));
