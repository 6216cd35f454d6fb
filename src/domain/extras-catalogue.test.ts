import { describe, expect, it } from 'vitest';
import { describeExtraChange, extraAdds, ExtraChangeSchema, ExtraInputSchema, extraIdFor } from './extras-catalogue.ts';

const VALID = {
  title: 'Paw balm',
  description: '',
  price: 400,
  minutes: 5,
  only_with: [],
  display_order: 6,
  active: true,
};

describe('an extra as staff send it', () => {
  it.each([
    ['a negative price', { price: -1 }],
    ['part pence', { price: 1.5 }],
    ['more than 240 minutes', { minutes: 241 }],
    ['negative minutes', { minutes: -5 }],
    ['a service twice', { only_with: ['full', 'full'] }],
    ['not a service id', { only_with: ['Full Groom'] }],
    ['51 services', { only_with: Array.from({ length: 51 }, (_, i) => `s${i}`) }],
    ['a NUL byte', { title: 'Paw\u0000balm' }],
    ['no title', { title: ' ' }],
    ['an unknown field', { id: 'paw-balm' }],
  ])('refuses %s', (_, patch) => expect(ExtraInputSchema.safeParse({ ...VALID, ...patch }).success).toBe(false));

  it('takes a whole extra, and a change of one field but not of none', () => {
    expect(ExtraInputSchema.parse({ ...VALID, only_with: ['full', 'shower'], minutes: 240 })).toMatchObject({
      only_with: ['full', 'shower'],
    });
    expect(ExtraChangeSchema.safeParse({ active: false }).success).toBe(true);
    expect(ExtraChangeSchema.safeParse({}).success).toBe(false);
  });
});

describe('extraIdFor', () => {
  it.each([
    ['Nail grinding', 'nail-grinding'],
    ['  Crème Brûlée Bath! ', 'creme-brulee-bath'],
    ['🐾', 'extra'],
  ])('%s → %s', (title, id) => expect(extraIdFor(title)).toBe(id));
});

describe('extraAdds', () => {
  it.each([
    [{ price: 500, minutes: 10 }, '+£5.00, 10 min'],
    [{ price: 300, minutes: 0 }, '+£3.00, no extra time'],
    [{ price: 0, minutes: 60 }, '+£0.00, 1 hour'],
  ])('%j → %s', (extra, text) => expect(extraAdds(extra)).toBe(text));
});

describe('describeExtraChange', () => {
  const teeth = {
    title: 'Teeth brushing',
    description: '',
    price: 500,
    minutes: 5,
    only_with: [],
    display_order: 2,
    active: true,
  };
  it.each<[string, string, unknown, unknown, string | null]>([
    ['added', 'extra.create', undefined, teeth, 'Extra added: Teeth brushing at £5.00, 5 min'],
    [
      'price and time',
      'extra.update',
      teeth,
      { ...teeth, price: 600, minutes: 10 },
      'Extra “Teeth brushing”: price £5.00 → £6.00, 5 → 10 min',
    ],
    ['retired', 'extra.update', teeth, { ...teeth, active: false }, 'Extra “Teeth brushing”: retired'],
    ['offered again', 'extra.update', { ...teeth, active: false }, teeth, 'Extra “Teeth brushing”: offered again'],
    [
      'renamed and limited',
      'extra.update',
      teeth,
      { ...teeth, title: 'Teeth', only_with: ['full', 'shower'] },
      'Extra “Teeth”: renamed from “Teeth brushing”, only with full, shower',
    ],
    [
      'every service again',
      'extra.update',
      { ...teeth, only_with: ['full'] },
      teeth,
      'Extra “Teeth brushing”: with every service',
    ],
    ['nothing', 'extra.update', teeth, teeth, 'Extra “Teeth brushing”: saved, nothing changed'],
    ['not an extra', 'service.update', teeth, teeth, null],
  ])('%s', (_, action, before, after, line) =>
    expect(describeExtraChange(action, 'teeth', { before, after })).toBe(line),
  );
});
