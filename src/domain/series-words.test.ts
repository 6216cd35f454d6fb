import { describe, expect, it } from 'vitest';
import site from '../../content/site.json' with { type: 'json' };
import { seriesText, seriesVisitLines, type MessageSeries } from './series-words.ts';
import { textSegments } from './text-segments.ts';

const LONDON = 'Europe/London';
const WEEK = 7 * 86_400_000;
/** Visits every `weeks` weeks from Thu 7 Jan 2027 16:00 (GMT); the last Sunday of March moves the instant. */
function series(visits: number, weeks = 6, id = (i: number) => `visit${i}`): MessageSeries {
  const first = Date.parse('2027-01-07T16:00:00Z');
  return {
    weeks,
    visits: Array.from({ length: visits }, (_, i) => {
      const at = first + i * weeks * WEEK;
      // From the last Sunday of March, the same London 16:00 is 15:00Z.
      const start = new Date(at >= Date.parse('2027-03-28T01:00:00Z') ? at - 3_600_000 : at);
      return { id: id(i), start, end: new Date(start.getTime() + 3_600_000) };
    }),
  };
}
const link = `${site.url}/b/${'x'.repeat(24)}#next`;

describe('seriesText', () => {
  it.each([
    [
      2,
      'Bella',
      `${site.name}: Bella's next 2 grooms are booked, every 6 weeks: Thu 7 Jan, 16:00; Thu 18 Feb, 16:00. Details and changes: ${link}`,
      2,
    ],
    [
      6,
      'Bella',
      `${site.name}: Bella's next 6 grooms are booked, every 6 weeks: Thu 7 Jan, 16:00; Thu 18 Feb, 16:00; Thu 1 Apr, 16:00; Thu 13 May, 16:00; Thu 24 Jun, 16:00; Thu 5 Aug, 16:00. Details and changes: ${link}`,
      2,
    ],
    // A name outside the GSM-7 alphabet makes the text UCS-2 (67 characters a segment): six dates would
    // be five segments, so the count, the first and the last (four: the least that still says it).
    [
      6,
      'Łatka',
      `${site.name}: Łatka's next 6 grooms are booked, every 6 weeks, from Thu 7 Jan, 16:00 to Thu 5 Aug, 16:00. Every date, and changes: ${link}`,
      4,
    ],
  ])('%i visits for %s, across the clock change at the same London time', (visits, dog, text, segments) => {
    const written = seriesText(site.name, dog, series(visits), link, LONDON);
    expect(written).toBe(text);
    expect(textSegments(written)).toBe(segments);
  });

  it('names every date whenever the name is GSM-7: 1 to 40 letters, 6 visits every 12 weeks, the real address', () => {
    for (let letters = 1; letters <= 40; letters++) {
      const written = seriesText(site.name, 'W'.repeat(letters), series(6, 12), link, LONDON);
      expect(written).toContain('Details and changes:');
      expect(textSegments(written), written).toBeLessThanOrEqual(2);
    }
  });

  it('names a visit moved to the nearest free time at its real time', () => {
    const moved = series(3);
    const second = moved.visits[1]!;
    const visits = [
      moved.visits[0]!,
      { ...second, start: new Date(second.start.getTime() - 86_400_000 + 15 * 60_000) },
      moved.visits[2]!,
    ];
    expect(seriesText(site.name, 'Bella', { ...moved, visits }, link, LONDON)).toContain(
      'Thu 7 Jan, 16:00; Wed 17 Feb, 16:15; Thu 1 Apr, 16:00.',
    );
  });
});

describe('seriesVisitLines', () => {
  it('names every visit with its own page, in order', () => {
    expect(seriesVisitLines(series(3), LONDON, (id) => `https://example.test/b/${id}`)).toBe(
      [
        '1. Thursday 7 January 2027 at 16:00: https://example.test/b/visit0',
        '2. Thursday 18 February 2027 at 16:00: https://example.test/b/visit1',
        '3. Thursday 1 April 2027 at 16:00: https://example.test/b/visit2',
      ].join('\n'),
    );
  });
});
