import { describe, expect, it } from 'vitest';
import site from '../../content/site.json' with { type: 'json' };
import {
  REVIEW_WRITE_URL,
  reviewRequestDedupeKey,
  reviewRequestDue,
  reviewRequestEmail,
  reviewRequestText,
  type ReviewCheck,
} from './review-request.ts';

const WAKING = { from: '08:00', to: '21:00' };
/** Completed on Saturday 14 November 2026 at 11:00 GMT. */
const COMPLETED = new Date('2026-11-14T11:00:00Z');
const check = (over: Partial<ReviewCheck> = {}): ReviewCheck => ({
  visit: { status: 'confirmed', attendance: 'completed', completedAt: COMPLETED },
  erased: false,
  optedOut: false,
  alreadyAsked: false,
  email: 'sam@example.com',
  phone: '+447700900123',
  // Three hours after, 14:00 London.
  now: new Date('2026-11-14T14:00:00Z'),
  timeZone: 'Europe/London',
  waking: WAKING,
  ...over,
});

describe('reviewRequestDue', () => {
  it.each([
    {
      name: 'due by e-mail: completed, three hours ago, in waking hours',
      over: {},
      verdict: { due: true, channel: 'email' },
    },
    { name: 'by text when there is no e-mail', over: { email: null }, verdict: { due: true, channel: 'sms' } },
    { name: 'nothing to send to', over: { email: null, phone: null }, verdict: { due: false, why: 'no_contact' } },
    {
      name: 'a no-show is not a visit',
      over: { visit: { status: 'confirmed', attendance: 'no_show', completedAt: null } },
      verdict: { due: false, why: 'not_completed' },
    },
    {
      name: 'a cancelled booking is not a visit',
      over: { visit: { status: 'cancelled', attendance: null, completedAt: null } },
      verdict: { due: false, why: 'not_completed' },
    },
    {
      name: 'a dog still at the shop is not asked about',
      over: { visit: { status: 'confirmed', attendance: 'arrived', completedAt: null } },
      verdict: { due: false, why: 'not_completed' },
    },
    { name: 'an erased owner, never', over: { erased: true }, verdict: { due: false, why: 'erased' } },
    { name: 'an owner who opted out', over: { optedOut: true }, verdict: { due: false, why: 'opted_out' } },
    { name: 'once per owner, ever', over: { alreadyAsked: true }, verdict: { due: false, why: 'asked' } },
    {
      name: 'not within two hours of the visit',
      over: { now: new Date('2026-11-14T12:59:00Z') },
      verdict: { due: false, why: 'too_soon' },
    },
    {
      name: 'at two hours exactly',
      over: { now: new Date('2026-11-14T13:00:00Z') },
      verdict: { due: true, channel: 'email' },
    },
    {
      name: 'a week on, still',
      over: { now: new Date('2026-11-21T11:00:00Z') },
      verdict: { due: true, channel: 'email' },
    },
    {
      name: 'more than a week on, no longer',
      over: { now: new Date('2026-11-21T11:01:00Z') },
      verdict: { due: false, why: 'too_late' },
    },
    {
      name: 'completed at 19:30: not at 21:30, the evening is quiet',
      over: {
        visit: { status: 'confirmed', attendance: 'completed', completedAt: new Date('2026-11-14T19:30:00Z') },
        now: new Date('2026-11-14T21:30:00Z'),
      },
      verdict: { due: false, why: 'quiet_hours' },
    },
    {
      name: '… nor at 07:00 the next morning',
      over: {
        visit: { status: 'confirmed', attendance: 'completed', completedAt: new Date('2026-11-14T19:30:00Z') },
        now: new Date('2026-11-15T07:00:00Z'),
      },
      verdict: { due: false, why: 'quiet_hours' },
    },
    {
      name: '… but at 08:00',
      over: {
        visit: { status: 'confirmed', attendance: 'completed', completedAt: new Date('2026-11-14T19:30:00Z') },
        now: new Date('2026-11-15T08:00:00Z'),
      },
      verdict: { due: true, channel: 'email' },
    },
    {
      // 07:30 UTC in June is 08:30 BST: waking hours are London's, whatever the season.
      name: 'summer time: 07:30 UTC is 08:30 in London',
      over: {
        visit: { status: 'confirmed', attendance: 'completed', completedAt: new Date('2026-06-12T17:00:00Z') },
        now: new Date('2026-06-13T07:30:00Z'),
      },
      verdict: { due: true, channel: 'email' },
    },
    {
      name: 'the shop’s own waking hours (a setting)',
      over: { waking: { from: '09:00', to: '18:00' }, now: new Date('2026-11-14T18:30:00Z') },
      verdict: { due: false, why: 'quiet_hours' },
    },
  ] satisfies Array<{ name: string; over: Partial<ReviewCheck>; verdict: unknown }>)('$name', ({ over, verdict }) => {
    expect(reviewRequestDue(check(over))).toEqual(verdict);
  });
});

describe('the words', () => {
  const words = {
    ownerName: 'Sam Patel',
    dogName: 'Rex',
    writeUrl: REVIEW_WRITE_URL,
    stopUrl: 'https://shop.example/stop/abc',
  };

  it('the link is the one place facts live, a real Google address', () => {
    expect(REVIEW_WRITE_URL).toBe(site.reviews.writeUrl);
    expect(new URL(REVIEW_WRITE_URL).hostname).toMatch(/(^|\.)google\.com$/);
  });

  it('the e-mail asks everyone alike, offers nothing, and carries the link and the opt-out', () => {
    const mail = reviewRequestEmail(words);
    expect(mail.subject).toBe("How was Rex's groom?");
    expect(mail.bodyText).toContain('Hello Sam,');
    expect(mail.bodyText).toContain('good or bad');
    expect(mail.bodyText).toContain(REVIEW_WRITE_URL);
    expect(mail.bodyText).toContain('https://shop.example/stop/abc');
    expect(mail.bodyHtml).toContain(`href="${REVIEW_WRITE_URL.replace(/&/g, '&#38;')}"`);
    // No incentive, no marketing (DMCC Act; it rides on no consent).
    expect(mail.bodyText).not.toMatch(/£|%|off\b|discount|free|prize|draw|voucher|offer|book/i);
  });

  it('the text is one message with the link and "Stop: …"', () => {
    const { bodyText } = reviewRequestText(words);
    expect(bodyText).toContain(REVIEW_WRITE_URL);
    expect(bodyText).toMatch(/Stop: https:\/\/shop\.example\/stop\/abc$/);
    expect(bodyText).not.toMatch(/£|discount|free|voucher|offer/i);
  });

  it('once per owner: the dedupe key is the customer', () => {
    expect(reviewRequestDedupeKey('c1')).toBe('review_request:c1');
  });
});
