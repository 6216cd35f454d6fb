import { describe, expect, it } from 'vitest';
import { changeView, firstView, presetRange, type FinancesChange, type FinancesView, type Preset } from './view.ts';

describe('presetRange', () => {
  it.each<[Preset, string, string, string]>([
    ['This week', '2026-11-25', '2026-11-23', '2026-11-29'],
    ['This week', '2026-11-23', '2026-11-23', '2026-11-29'],
    ['This month', '2026-11-25', '2026-11-01', '2026-11-30'],
    ['This month', '2026-12-31', '2026-12-01', '2026-12-31'],
    ['This month', '2028-02-10', '2028-02-01', '2028-02-29'],
    ['Last month', '2026-11-25', '2026-10-01', '2026-10-31'],
    ['Last month', '2027-01-01', '2026-12-01', '2026-12-31'],
    ['This year', '2026-11-25', '2026-01-01', '2026-12-31'],
  ])('%s on %s runs from %s to %s', (preset, today, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });
});

describe('changeView', () => {
  const start = firstView('2026-11-25');
  it.each<[string, FinancesView, FinancesChange, FinancesView]>([
    [
      'a preset sets its range and keeps the grouping',
      { ...start, by: 'week' },
      { type: 'preset', preset: 'Last month', today: '2026-11-25' },
      { preset: 'Last month', range: { from: '2026-10-01', to: '2026-10-31' }, by: 'week' },
    ],
    [
      'the year is read by month',
      start,
      { type: 'preset', preset: 'This year', today: '2026-11-25' },
      { preset: 'This year', range: { from: '2026-01-01', to: '2026-12-31' }, by: 'month' },
    ],
    [
      'a first day of one’s own makes the range custom',
      start,
      { type: 'from', date: '2026-11-10' },
      { preset: 'Custom', range: { from: '2026-11-10', to: '2026-11-30' }, by: 'day' },
    ],
    [
      'a last day of one’s own makes the range custom',
      start,
      { type: 'to', date: '2026-11-20' },
      { preset: 'Custom', range: { from: '2026-11-01', to: '2026-11-20' }, by: 'day' },
    ],
    ['a cleared date changes nothing', start, { type: 'to', date: '' }, start],
    ['the grouping alone', start, { type: 'by', by: 'month' }, { ...start, by: 'month' }],
  ])('%s', (_, view, change, next) => {
    expect(changeView(view, change)).toEqual(next);
  });

  it('opens on this month, day by day', () => {
    expect(start).toEqual({ preset: 'This month', range: { from: '2026-11-01', to: '2026-11-30' }, by: 'day' });
  });
});
