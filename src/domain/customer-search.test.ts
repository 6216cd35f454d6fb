import { describe, expect, it } from 'vitest';
import { customerSearchFor, phoneSearchDigits, prefixEnd, searchWords } from './customer-search.ts';

describe('phoneSearchDigits: any spelling of a UK number, as E.164 digits', () => {
  it.each([
    ['07700 900461', '447700900461'],
    ['07700-900-461', '447700900461'],
    ['+44 7700 900461', '447700900461'],
    ['+44 (0)7700 900461', '447700900461'],
    ['0044 7700 900461', '447700900461'],
    ['447700900461', '447700900461'],
    ['7700 900', '447700900'],
    ['077', '4477'],
    ['+33 6 12 34', '3361234'],
    ['020 8539', '44208539'],
    ['900123', '900123'],
    ['07', null],
    ['sam', null],
    ['07700 9004six', null],
    ['', null],
  ])('%s → %s', (text, digits) => expect(phoneSearchDigits(text)).toBe(digits));
});

describe('searchWords folds as the database does', () => {
  it.each([
    ['Zoë O’Brien', ['zoe', 'obrien']],
    ['Priya Khan-Patel', ['priya', 'khan', 'patel']],
    ["D'Arcy  ŁUKASZ", ['darcy', 'lukasz']],
    ['Biscuit 2', ['biscuit', '2']],
    ['sam sam', ['sam']],
    ['!!!', []],
  ])('%s → %j', (text, words) => expect(searchWords(text)).toEqual(words));
});

describe('customerSearchFor: the typed text as the terms both searches look for', () => {
  it.each([
    // Nothing that could match: Customers lists everyone, the phone booking's lookup nobody.
    [undefined, []],
    ['   ', []],
    ['%%', []],
    // A surname is a word like any other.
    ['Khan', [['khan']]],
    ['priya KHAN', [['priya'], ['khan']]],
    ['Zoë O’Brien', [['zoe'], ['obrien']]],
    ['sam bis', [['sam'], ['bis']]],
    // An e-mail address: its start, as typed.
    ['Sam@Example', [['sam@example']]],
    ['owner12', [['owner12']]],
    // A number: its start however written, the digits as typed, or its last digits.
    ['900123', [['900123', '~321009']]],
    ['900 123', [['900123', '~321009']]],
    ['07700 900123', [['447700900123', '07700900123', '~32100900770']]],
    ['+44 7700 900123', [['447700900123', '~321009007744']]],
    ['+44 (0)7700 900123', [['447700900123', '~321009007744']]],
    ['7700 900', [['447700900', '7700900', '~0090077']]],
    // Words and digits together: each must match.
    ['Khan 0123', [['khan'], ['44123', '0123', '~3210']]],
    ['Biscuit 2', [['biscuit'], ['2']]],
  ])('%s → %j', (q, groups) => expect(customerSearchFor(q)).toEqual({ groups }));
});

describe('prefixEnd: the first string after all that start with the prefix', () => {
  it.each([
    ['khan', 'khao'],
    ['~321', '~322'],
    ['sam@example.co', 'sam@example.cp'],
    ['z', '{'],
    ['a\u{d7ff}', 'a\u{e000}'],
    ['a\u{10ffff}', 'b'],
  ])('%s → %s', (prefix, end) => expect(prefixEnd(prefix)).toBe(end));
});
