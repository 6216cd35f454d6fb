import { addDays, daysBetween, weekdayOf } from './london-time.ts';
import { WEEKDAYS } from './calendar.ts';
import { writtenDate } from './written-dates.ts';

/**
 * The waitlist in words and its defaults (docs/decisions/084), pure: dates are the shop's calendar
 * dates, weekdays ISO (1 Monday … 7 Sunday). Shared by the join form, the request's page, its
 * messages and the server.
 */

export type Part = 'morning' | 'afternoon';

export interface WhatSuits {
  from: string;
  to: string;
  weekdays: readonly number[];
  parts: readonly Part[];
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** 1 Monday … 7 Sunday of a calendar date. */
export function isoWeekday(date: string): number {
  return WEEKDAYS.indexOf(weekdayOf(date)) + 1;
}

/** "Monday, Wednesday or Friday". */
function orList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && b.every((x) => a.includes(x));
}

/** "weekday", "weekend", "Monday or Friday", or null for every day of the week. */
function daysInWords(weekdays: readonly number[]): string | null {
  if (sameSet(weekdays, [1, 2, 3, 4, 5, 6, 7])) return null;
  if (sameSet(weekdays, [1, 2, 3, 4, 5])) return 'weekday';
  if (sameSet(weekdays, [6, 7])) return 'weekend';
  return orList([...weekdays].sort((a, b) => a - b).map((d) => DAY_NAMES[d - 1]!));
}

const shortDate = (date: string) => writtenDate(date, { weekday: 'short', month: 'short' });

/**
 * What suits a request, in words: "any weekday morning from Mon 30 Nov to Fri 11 Dec", "any time on
 * Tue 1 Dec", "any Monday or Friday afternoon from …".
 */
export function whatSuitsInWords(suits: WhatSuits): string {
  // One date: its weekday says itself.
  const days = suits.from === suits.to ? null : daysInWords(suits.weekdays);
  const part = suits.parts.length === 1 ? suits.parts[0]! : null;
  const when = days && part ? `${days} ${part}` : (days ?? part);
  const dates =
    suits.from === suits.to ? `on ${shortDate(suits.from)}` : `from ${shortDate(suits.from)} to ${shortDate(suits.to)}`;
  return `${when ? `any ${when}` : 'any time'} ${dates}`;
}

/** How a request is told, in words: "by text to the number ending 461 and by e-mail". */
export function toldInWords(notify: { text: boolean; email: boolean }, phone: string): string {
  const ways = [
    ...(notify.text ? [`by text to the number ending ${phone.slice(-3)}`] : []),
    ...(notify.email ? ['by e-mail'] : []),
  ];
  return ways.join(' and ');
}

/** How far a waitlist request reaches by default: the day looked at and the 13 after it. */
export const DEFAULT_WINDOW_DAYS = 14;

/**
 * What the form offers first, from the day the owner was looking at: that day and the next two
 * weeks (never past the last bookable day), the weekdays the shop opens, morning and afternoon.
 */
export function defaultWindow(lookingAt: string, openWeekdays: readonly number[], lastBookableDay: string): WhatSuits {
  const end = addDays(lookingAt, DEFAULT_WINDOW_DAYS - 1);
  const to = daysBetween(end, lastBookableDay) < 0 ? lastBookableDay : end;
  const weekdays = openWeekdays.length ? [...openWeekdays].sort((a, b) => a - b) : [1, 2, 3, 4, 5, 6, 7];
  return {
    from: lookingAt,
    to: daysBetween(lookingAt, to) < 0 ? lookingAt : to,
    weekdays,
    parts: ['morning', 'afternoon'],
  };
}

/** Whether any date from `from` to `to` falls on one of `weekdays` (a request that could never be met is refused). */
export function anyDayFits(suits: Pick<WhatSuits, 'from' | 'to' | 'weekdays'>): boolean {
  const span = daysBetween(suits.from, suits.to);
  for (let i = 0; i <= Math.min(span, 6); i++)
    if (suits.weekdays.includes(isoWeekday(addDays(suits.from, i)))) return true;
  return false;
}

/**
 * What a request asks for, every dog named: "Pepper's Full Groom" for one dog, "Bella's Full Groom
 * and Otis's Bath & Brush" for a party (docs/decisions/084 "Several dogs"), as its messages and page say it.
 */
export function visitsInWords(dogs: ReadonlyArray<{ name: string; service: string }>): string {
  const each = dogs.map((d) => `${d.name}'s ${d.service}`);
  return each.length <= 1 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}
