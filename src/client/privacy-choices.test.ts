import { describe, expect, it } from 'vitest';
import { parsePrivacyChoices } from './privacy-choices.ts';

describe('parsePrivacyChoices', () => {
  it.each([
    [null, { consent: null, statistics: 'allowed' }],
    ['', { consent: null, statistics: 'allowed' }],
    ['not json', { consent: null, statistics: 'allowed' }],
    ['null', { consent: null, statistics: 'allowed' }],
    ['{"consent":"granted","statistics":"allowed"}', { consent: 'granted', statistics: 'allowed' }],
    ['{"consent":"denied","statistics":"objected"}', { consent: 'denied', statistics: 'objected' }],
    ['{"consent":"yes","statistics":"maybe"}', { consent: null, statistics: 'allowed' }],
  ])('%j', (raw, expected) => {
    expect(parsePrivacyChoices(raw)).toEqual(expected);
  });
});
