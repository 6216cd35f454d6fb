import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The days end-to-end tests book on, one test a day. The tests share one server (decision 035), so two
 * tests booking one time race, and one of them meets "That time has just been taken". Tests used to
 * take "the nth day with room"; but the first day's room shrinks as the clock moves and other tests
 * book it, so one test's nth day became another's (two-dog tests on 10 December, seen). A day here is
 * the nth open day counted from the day after tomorrow: a date nothing a test does can move. Today
 * and tomorrow are left to the tests that book the first day with room, as a visitor would.
 *
 * A test that needs a day of its own adds its name at the end of this list.
 */
const OWN_DAYS = [
  'booking-a11y: the booking page and its move picker',
  'booking-conflict: the last table taken',
  'booking-flow: a returning number',
  'booking-flow: a saved dog',
  'booking-payment-pages: the success page',
  'booking-payment-pages: the payment-cancelled page',
  'security: the headers of a booking',
  'security: no policy violation, booked',
  'security: no policy violation, moved to',
  'security: a forged cross-site booking',
  'staff-extras: a longer visit',
  'staff-party: two dogs on the schedule',
  'staff-schedule: a move at 1280 px',
  'staff-schedule: a move at 390 px',
  'staff-schedule: an afternoon blocked at 1280 px',
  'staff-schedule: an afternoon blocked at 390 px',
  'staff-schedule: the last time taken',
  'staff-sign-in: a customer at the guard',
  'booking-two-dogs: by pointer',
  'booking-two-dogs: by keyboard',
  // Both rebook tests: one dog in the morning, two dogs in the afternoon (their next grooms four weeks on).
  'rebook: the next groom',
  'booking-waitlist: a full day',
  'booking-waitlist: an offer taken',
  'staff-waitlist: mornings full',
  'staff-waitlist-caller: a day with no time',
  'booking-waitlist: two dogs',
  'booking-forgets-answers: no deposit',
] as const;
export type OwnDay = (typeof OWN_DAYS)[number];

export interface Slot {
  start: string;
  time: string;
  placement?: 'side_by_side' | 'one_after_another';
}
export interface Day {
  date: string;
  open: boolean;
  slots: Slot[];
}

let openDates: Promise<string[]> | undefined;

/** The shop's open days from the day after tomorrow to the horizon, asked once per worker. */
function openDatesAfterTomorrow(request: APIRequestContext, base: string): Promise<string[]> {
  openDates ??= (async () => {
    const response = await request.get(`${base}/v1.0.1/availability?service=nails`);
    expect(response.status()).toBe(200);
    const { days } = (await response.json()) as { days: Day[] };
    return days.slice(2).flatMap((day) => (day.open ? [day.date] : []));
  })();
  return openDates;
}

/**
 * The day of test `who`, with the times the server offers on it for `query` (`service=nails`,
 * `dogs=full:9.5,shower:12`, with any weight or extras).
 */
export async function ownDay(request: APIRequestContext, who: OwnDay, query: string, base = ''): Promise<Day> {
  const date = (await openDatesAfterTomorrow(request, base))[OWN_DAYS.indexOf(who)];
  expect(date, `an open day for "${who}" within the horizon`).toBeTruthy();
  const response = await request.get(`${base}/v1.0.1/availability?${query}&from=${date}&days=1`);
  expect(response.status()).toBe(200);
  const { days } = (await response.json()) as { days: Day[] };
  expect(days[0]?.date).toBe(date);
  return days[0]!;
}
