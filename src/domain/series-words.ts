import { textSegments } from './text-segments.ts';
import { writtenWhen } from './written-dates.ts';

/**
 * The words that name every visit of a series (docs/decisions/085) in its confirmation: the owner
 * who booked six visits is told of six, each at its real time (a date moved to the nearest free
 * time is named where it landed, not where it was asked).
 */

/** One visit of a series as its messages name it: its own page, and its own calendar event. */
export interface SeriesVisit {
  id: string;
  start: Date;
  end: Date;
  /** The visit's revision (0 when booked): calendars replace an older version. */
  sequence?: number;
}

/** A series' live visits in date order, the first (whose id is the series') included. */
export interface MessageSeries {
  weeks: number;
  visits: readonly SeriesVisit[];
}

/** A text of the series stays within two segments; more would cost the shop and arrive in pieces. */
export const SERIES_TEXT_SEGMENTS = 2;

export const WHOLE_SERIES_CANCEL =
  'To cancel the whole series at once, open any visit\'s page and choose "Cancel the whole series".';

const short = (at: Date, timeZone: string) => writtenWhen(at, timeZone, { weekday: 'short', month: 'short' });
const long = (at: Date, timeZone: string) => writtenWhen(at, timeZone, { weekday: 'long', year: true }, ' at ');

/** "Bella's next 6 grooms are booked, every 6 weeks". */
export function seriesHeadline(dog: string, series: MessageSeries): string {
  return `${dog}'s next ${series.visits.length} grooms are booked, every ${series.weeks} weeks`;
}

/**
 * The series' text: every visit when they fit in two segments ("…: Thu 7 Jan, 16:00; Thu 18 Feb,
 * 16:00; …"), else the count, the first and the last. Either way the link is the series' page,
 * which lists every visit (its card is #next).
 */
export function seriesText(
  shopName: string,
  dog: string,
  series: MessageSeries,
  seriesLink: string,
  timeZone: string,
): string {
  const head = `${shopName}: ${seriesHeadline(dog, series)}`;
  const every = `${head}: ${series.visits.map((v) => short(v.start, timeZone)).join('; ')}. Details and changes: ${seriesLink}`;
  if (textSegments(every) <= SERIES_TEXT_SEGMENTS) return every;
  const first = series.visits[0]!;
  const last = series.visits[series.visits.length - 1]!;
  return `${head}, from ${short(first.start, timeZone)} to ${short(last.start, timeZone)}. Every date, and changes: ${seriesLink}`;
}

/** One line a visit, "2. Thursday 18 February 2027 at 16:00: {its own page}", for the e-mails. */
export function seriesVisitLines(series: MessageSeries, timeZone: string, linkOf: (id: string) => string): string {
  return series.visits.map((v, i) => `${i + 1}. ${long(v.start, timeZone)}: ${linkOf(v.id)}`).join('\n');
}
