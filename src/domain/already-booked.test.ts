import { describe, expect, it } from 'vitest';
import { alreadyBookedQuestion, dogNameKey } from './already-booked.ts';

describe('alreadyBookedQuestion', () => {
  it('names the dog and the time in the shop’s zone, with an em dash', () => {
    // 11:45 in London in winter is 11:45 UTC; in summer it is 10:45 UTC.
    expect(alreadyBookedQuestion(['Biscuit'], '2026-12-14T11:45:00Z', 'Europe/London')).toBe(
      'You already booked Biscuit at 11:45 \u2014 book another?',
    );
    expect(alreadyBookedQuestion(['Biscuit'], '2027-06-14T10:45:00Z', 'Europe/London')).toBe(
      'You already booked Biscuit at 11:45 — book another?',
    );
  });

  it('writes the time whatever zone the device is in', () => {
    const start = new Date('2027-06-14T10:45:00+00:00');
    expect(alreadyBookedQuestion(['Biscuit'], start, 'Europe/London')).toContain(' at 11:45 ');
    expect(alreadyBookedQuestion(['Biscuit'], start, 'America/New_York')).toContain(' at 06:45 ');
  });

  it('names every dog of a party once, as one booking', () => {
    expect(alreadyBookedQuestion(['Bramble', 'Pip'], '2026-12-14T09:00:00Z', 'Europe/London')).toBe(
      'You already booked Bramble and Pip at 09:00 — book another?',
    );
    expect(alreadyBookedQuestion([' Bo ', 'Bo'], '2026-12-14T09:00:00Z', 'Europe/London')).toBe(
      'You already booked Bo at 09:00 — book another?',
    );
  });
});

describe('dogNameKey', () => {
  it('reads names as one dog whatever their case and spaces', () => {
    expect(dogNameKey(' Biscuit ')).toBe(dogNameKey('BISCUIT'));
    expect(dogNameKey('Biscuit')).not.toBe(dogNameKey('Bisquit'));
  });
});
