import { describe, expect, it } from 'vitest';
import { formulaSafeCell, startsFormula } from './spreadsheet-cells.ts';

describe('formulaSafeCell', () => {
  it.each([
    ['Sam Jones', 'Sam Jones'],
    ['', ''],
    ['Full Groom', 'Full Groom'],
    ['Bath & brush - small dogs', 'Bath & brush - small dogs'],
    ['Anne-Marie', 'Anne-Marie'],
    ['2026-07-10 23:00', '2026-07-10 23:00'],
    ['pi_3Qx', 'pi_3Qx'],
    ['=1+1', "'=1+1"],
    ['+44 7700', "'+44 7700"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [' =1+1', "' =1+1"],
    ['"=1+1"', '\'"=1+1"'],
    // What a semicolon, tab, pipe or line-by-line reader would split off.
    ['x;=1+1', "x;'=1+1"],
    ['x; =1+1', "x;' =1+1"],
    ['x;"=1+1"', 'x;\'"=1+1"'],
    ['a\t=HYPERLINK("http://evil.example","Click")', 'a\t\'=HYPERLINK("http://evil.example","Click")'],
    ['a|@SUM(1)', "a|'@SUM(1)"],
    ['Smith,-2', "Smith,'-2"],
    ['one\n+1', "one\n'+1"],
    ['one\r\n=1', "one\r'\n'=1"],
    ['a;b;=c;+d', "a;b;'=c;'+d"],
  ])('%j → %j', (cell, safe) => {
    expect(formulaSafeCell(cell)).toBe(safe);
    expect(formulaSafeCell(safe)).toBe(safe);
  });

  it.each([',', ';', '\t', '|', '\n'])('leaves no part after %j starting a formula', (separator) => {
    for (const attack of ['x;=1+1', 'a\t=HYPERLINK("h")', 'a|@x', 'a,-1+cmd', 'a\n=1', 'a;"=1"']) {
      expect(formulaSafeCell(attack).split(separator).filter(startsFormula)).toEqual([]);
    }
  });
});

describe('startsFormula', () => {
  it.each([
    ['=1+1', true],
    ['"=1+1"', true],
    [' @x', true],
    ['-1+1', true],
    ["'=1+1", false],
    ['-35.00', false],
    ['+5', false],
    ['Sam', false],
    ['', false],
  ])('%j: %s', (cell, formula) => expect(startsFormula(cell)).toBe(formula));
});
