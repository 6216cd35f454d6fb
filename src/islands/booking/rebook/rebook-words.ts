import { notHadWords, type Proposal } from '../../../domain/rebook.ts';
import { writtenDate, writtenWhen } from '../../../domain/written-dates.ts';

const SHORT = { weekday: 'short', month: 'short' } as const;

/** "Tue 12 Jan, 10:00": a visit as the card lists it. */
export const shortWhen = (start: string, timeZone: string) => writtenWhen(start, timeZone, SHORT);

/** One proposed visit in a sentence: when, and for one that moved or could not be had, what was asked and why. */
export function proposalWords(p: Proposal, timeZone: string): { when: string; note: string | null } {
  if (p.kind === 'as_asked') return { when: shortWhen(p.start, timeZone), note: null };
  const asked = `${writtenDate(p.asked.date, SHORT)}, ${p.asked.time}`;
  if (p.kind === 'moved')
    return { when: shortWhen(p.start, timeZone), note: `instead of ${asked}: ${notHadWords(p.why)}` };
  // Beyond the shop's horizon is not a full diary: the date cannot be booked yet (decision 101).
  if (p.why === 'beyond_horizon') return { when: asked, note: `${notHadWords(p.why)}. Not booked.` };
  return { when: asked, note: `no free time within 3 days: ${notHadWords(p.why)}. Not booked.` };
}

/** "Every 6 weeks, 3 visits". */
export const everyWords = (weeks: number, visits: number) => `Every ${weeks} weeks, ${visits} visits`;
