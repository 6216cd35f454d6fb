import { describe, expect, it } from 'vitest';
import {
  dueDate,
  dueForGroom,
  dueForGroomDedupeKey,
  isNudgeHour,
  nudgeBookUrl,
  nudgeEmail,
  oneClickUrl,
  stopUrl,
  type DueCheck,
} from './due-for-groom.ts';

const LONDON = 'Europe/London';
/** A visit on Saturday 3 October 2026 at 10:00 BST; six weeks on is Saturday 14 November (GMT). */
const VISIT = { id: 'visit-1', start: new Date('2026-10-03T09:00:00Z') };
const check = (over: Partial<DueCheck> = {}): DueCheck => ({
  visit: VISIT,
  weeks: 6,
  laterBookings: [],
  consent: 'given',
  email: 'sam@example.com',
  alreadySent: false,
  // Monday 16 November 2026, 11:00 GMT: two days after the due date, in nudge hours.
  now: new Date('2026-11-16T11:00:00Z'),
  timeZone: LONDON,
  ...over,
});

describe('dueForGroom', () => {
  it.each([
    { name: 'due: consent, nothing booked, in hours', over: {}, verdict: { due: true, dueDate: '2026-11-14' } },
    { name: 'no consent', over: { consent: 'none' }, verdict: { due: false, why: 'no_consent' } },
    { name: 'opted out', over: { consent: 'opted_out' }, verdict: { due: false, why: 'opted_out' } },
    { name: 'no e-mail to send to', over: { email: null }, verdict: { due: false, why: 'no_email' } },
    { name: 'once per visit', over: { alreadySent: true }, verdict: { due: false, why: 'sent' } },
    {
      name: 'a confirmed booking after the visit',
      over: { laterBookings: [{ start: new Date('2026-12-01T10:00:00Z'), status: 'confirmed' }] },
      verdict: { due: false, why: 'booked' },
    },
    {
      name: 'a hold being paid after the visit',
      over: { laterBookings: [{ start: new Date('2026-12-01T10:00:00Z'), status: 'pending_payment' }] },
      verdict: { due: false, why: 'booked' },
    },
    {
      name: 'cancelled and lapsed bookings are not booked',
      over: {
        laterBookings: [
          { start: new Date('2026-12-01T10:00:00Z'), status: 'cancelled' },
          { start: new Date('2026-12-02T10:00:00Z'), status: 'expired' },
        ],
      },
      verdict: { due: true, dueDate: '2026-11-14' },
    },
    {
      name: 'cancelled, then booked again: booked',
      over: {
        laterBookings: [
          { start: new Date('2026-12-01T10:00:00Z'), status: 'cancelled' },
          { start: new Date('2026-12-08T10:00:00Z'), status: 'confirmed' },
        ],
      },
      verdict: { due: false, why: 'booked' },
    },
    {
      name: 'a booking before the visit does not count',
      over: { laterBookings: [{ start: new Date('2026-09-01T10:00:00Z'), status: 'confirmed' }] },
      verdict: { due: true, dueDate: '2026-11-14' },
    },
    {
      name: 'the day before the due date',
      over: { now: new Date('2026-11-13T12:00:00Z') },
      verdict: { due: false, why: 'not_yet' },
    },
    {
      name: 'the due date itself (Saturday), 10:00',
      over: { now: new Date('2026-11-14T10:00:00Z') },
      verdict: { due: true, dueDate: '2026-11-14' },
    },
    {
      name: 'fourteen days late is still sent',
      over: { now: new Date('2026-11-28T12:00:00Z') },
      verdict: { due: true, dueDate: '2026-11-14' },
    },
    {
      name: 'fifteen days late is not',
      over: { now: new Date('2026-11-30T12:00:00Z') },
      verdict: { due: false, why: 'too_late' },
    },
    {
      name: 'Sunday is quiet',
      over: { now: new Date('2026-11-15T12:00:00Z') },
      verdict: { due: false, why: 'quiet_hours' },
    },
    {
      name: 'before 10:00 is quiet',
      over: { now: new Date('2026-11-16T09:59:00Z') },
      verdict: { due: false, why: 'quiet_hours' },
    },
    {
      name: '19:00 is quiet',
      over: { now: new Date('2026-11-16T19:00:00Z') },
      verdict: { due: false, why: 'quiet_hours' },
    },
    {
      name: 'an opt-out wins over everything else',
      over: { consent: 'opted_out', alreadySent: false, email: 'sam@example.com' },
      verdict: { due: false, why: 'opted_out' },
    },
  ] satisfies { name: string; over: Partial<DueCheck>; verdict: unknown }[])('$name', ({ over, verdict }) => {
    expect(dueForGroom(check(over))).toEqual(verdict);
  });
});

describe('dueDate and nudge hours', () => {
  it('counts calendar weeks in London, across the clock change', () => {
    // 10:00 BST on 3 October; the clocks go back on 25 October: still 14 November.
    expect(dueDate(VISIT.start, 6, LONDON)).toBe('2026-11-14');
    // 23:30 GMT on 30 March is already 31 March in London after the change (00:30 BST).
    expect(dueDate(new Date('2026-03-30T23:30:00Z'), 4, LONDON)).toBe('2026-04-28');
  });

  it.each([
    ['2026-07-06T08:59:00Z', false], // 09:59 BST
    ['2026-07-06T09:00:00Z', true], // 10:00 BST
    ['2026-07-06T17:59:00Z', true], // 18:59 BST
    ['2026-07-06T18:00:00Z', false], // 19:00 BST
    ['2026-07-05T12:00:00Z', false], // a Sunday
    ['2026-07-04T12:00:00Z', true], // a Saturday
  ])('%s in hours: %s', (at, expected) => {
    expect(isNudgeHour(new Date(at), LONDON)).toBe(expected);
  });
});

describe('the words', () => {
  const words = {
    ownerName: 'Sam Patel',
    dogName: 'Biscuit',
    weeks: 6,
    bookUrl: nudgeBookUrl('https://example.test/', { id: 'visit-1', partyId: null }),
    stopUrl: stopUrl('https://example.test', 'tok_en'),
  };

  it('links the visit’s rebook card and the one-tap opt-out', () => {
    expect(words.bookUrl).toBe('https://example.test/b/visit-1#next');
    expect(nudgeBookUrl('https://example.test', { id: 'visit-1', partyId: 'party-1' })).toBe(
      'https://example.test/book',
    );
    expect(words.stopUrl).toBe('https://example.test/stop/tok_en');
    expect(oneClickUrl('https://example.test', 'tok_en')).toBe(
      'https://example.test/v1.0.1/marketing/opt-out?token=tok_en',
    );
    expect(dueForGroomDedupeKey('visit-1')).toBe('due_for_groom:visit-1');
  });

  it('says it warmly, once, with both links in the text and as real links in the HTML', () => {
    const mail = nudgeEmail(words);
    expect(mail.subject).toBe('Is Biscuit due for a groom?');
    expect(mail.bodyText).toContain('Hello Sam,');
    expect(mail.bodyText).toContain("It's been 6 weeks since Biscuit's last groom with us");
    expect(mail.bodyText).toContain('https://example.test/b/visit-1#next');
    expect(mail.bodyText).toContain('https://example.test/stop/tok_en');
    expect(mail.bodyHtml).toContain('<a href="https://example.test/b/visit-1#next">Book Biscuit&#39;s next groom</a>');
    expect(mail.bodyHtml).toContain('<a href="https://example.test/stop/tok_en">Stop nudges and offers</a>');
    expect(mail.bodyText).not.toMatch(/!/);
  });

  it('escapes what the owner typed', () => {
    const mail = nudgeEmail({ ...words, ownerName: null, dogName: '<b>Rex</b>' });
    expect(mail.bodyText).toContain('Hello,');
    expect(mail.bodyHtml).not.toContain('<b>Rex</b>');
  });
});
