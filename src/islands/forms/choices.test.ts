import { describe, expect, it } from 'vitest';
import { NO_MATCH_OTHER_TEXT, NO_MATCH_TEXT, filterChoices, namedChoice } from './choices.ts';

const breeds = [
  { _id: 'poodle', name: 'Poodle' },
  { _id: 'toy-poodle', name: 'Toy Poodle' },
  { _id: 'cockapoo', name: 'Cockapoo' },
  { _id: 'shih-tzu', name: 'Shih Tzu' },
  { _id: 'none-other', name: 'None/Other' },
];
const names = (search: string) => filterChoices(breeds, search).items.map((b) => b._id);

describe('filterChoices (contract §5)', () => {
  it.each([
    ['', ['poodle', 'toy-poodle', 'cockapoo', 'shih-tzu', 'none-other']],
    ['   ', ['poodle', 'toy-poodle', 'cockapoo', 'shih-tzu', 'none-other']],
    ['poo', ['poodle', 'toy-poodle', 'cockapoo']],
    ['POODLE', ['poodle', 'toy-poodle']],
    ['  toy poo  ', ['toy-poodle']],
    ['tzu', ['shih-tzu']],
    ['other', ['none-other']],
  ])('search %j shows %j', (search, expected) => {
    expect(names(search)).toEqual(expected);
    expect(filterChoices(breeds, search).noMatch).toBe(false);
  });

  it('offers only the Other item when nothing matches', () => {
    const result = filterChoices(breeds, 'labradoodle');
    expect(result).toEqual({ items: [{ _id: 'none-other', name: 'None/Other' }], noMatch: true });
  });

  it('matches substrings, not prefixes only nor fuzzy', () => {
    expect(names('odl')).toEqual(['poodle', 'toy-poodle']);
    expect(names('pdl')).toEqual(['none-other']);
  });

  it('keeps the exact no-match texts of the spec', () => {
    expect(NO_MATCH_TEXT).toBe(
      'It seems none of the available choices match your search criteria, please try again using a different phrase.',
    );
    expect(NO_MATCH_OTHER_TEXT).toBe(
      'If you can\'t find the breed of your pet, you can select the "Other" option below',
    );
  });
});

describe('namedChoice: what a search left without a choice names', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['tzu', 'shih-tzu'], // the only match
    ['  Cockapoo ', 'cockapoo'],
    ['poodle', 'poodle'], // the whole name, though Toy Poodle has it too
    ['POODLE', 'poodle'],
    ['poo', null], // three breeds: the visitor must say which
    ['odl', null],
    ['other', 'none-other'], // named on purpose
    ['labradoodle', null], // matched nothing: Other is offered, not chosen
  ])('search %j names %j', (search, expected) => {
    expect(namedChoice(breeds, search)?._id ?? null).toBe(expected);
  });
});
