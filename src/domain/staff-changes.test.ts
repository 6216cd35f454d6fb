import { describe, expect, it } from 'vitest';
import { freshUntil, isFreshlyProven, staffChangeNotice } from './staff-changes.ts';

const NOW = new Date('2026-11-26T14:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('isFreshlyProven', () => {
  it.each([
    ['never proven', null, false],
    ['just now', ago(0), true],
    ['four minutes 59 ago', ago(299), true],
    ['exactly five minutes ago', ago(300), false],
    ['an hour ago', ago(3600), false],
    ['thirty seconds ahead (another server’s clock)', ago(-30), true],
    ['two minutes ahead', ago(-120), false],
  ])('%s', (_label, provenAt, fresh) => {
    expect(isFreshlyProven(provenAt, NOW)).toBe(fresh);
  });

  it('ends at freshUntil', () => {
    expect(freshUntil(NOW).toISOString()).toBe('2026-11-26T14:05:00.000Z');
  });
});

describe('staffChangeNotice', () => {
  const owner = { name: 'Olive Owner', phone: '+447700900001' };
  const sam = { name: 'Sam Brush', phone: '+447700900123' };
  it.each([
    [
      { kind: 'added', member: sam } as const,
      owner,
      'Sam Brush (07700 900123) was added to the staff by Olive Owner (07700 900001)',
    ],
    [
      { kind: 'removed', member: sam } as const,
      owner,
      'Sam Brush (07700 900123) was removed from the staff by Olive Owner',
    ],
    [
      { kind: 'phone_changed', member: { ...sam, phone: '+447700900999' }, from: '+447700900123' } as const,
      owner,
      'the number of Sam Brush was changed from 07700 900123 to 07700 900999 by Olive Owner',
    ],
    [{ kind: 'added', member: sam } as const, 'terminal' as const, 'was added to the staff from the shop’s terminal'],
    [{ kind: 'added', member: { name: null, phone: null } } as const, owner, 'a member of staff was added'],
  ])('says %j by %j', (change, actor, says) => {
    const text = staffChangeNotice(change, actor, '26 Nov 2026 at 14:00');
    expect(text).toContain(says);
    expect(text).toContain('on 26 Nov 2026 at 14:00');
    expect(text).toMatch(/If you did not expect this/);
  });
});
