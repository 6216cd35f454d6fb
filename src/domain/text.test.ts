import { describe, expect, it } from 'vitest';
import { freeText, hasUnusualCharacters, plainText } from './text.ts';

const name = plainText(1, 40, { label: "your dog's name" });
const notes = freeText(500, { label: 'the notes' });

describe('plainText (one line)', () => {
  it.each([
    ['Biscuit', 'Biscuit'],
    ['  Biscuit  ', 'Biscuit'],
    ['Zoë-Mäe O\u2019Brien', 'Zoë-Mäe O\u2019Brien'],
    ['Юпитер', 'Юпитер'],
    ['小白', '小白'],
    ['Rex 🐶', 'Rex 🐶'], // a surrogate pair is a whole character
    ['Sir\u00a0Woof', 'Sir\u00a0Woof'],
    ['Rex\n', 'Rex'], // trailing line feed trimmed away before the rule looks
    ['x'.repeat(40), 'x'.repeat(40)],
  ])('accepts %j as %j', (input, output) => {
    expect(name.parse(input)).toBe(output);
  });

  it.each([
    ['a NUL', 'Rex\u0000'],
    ['a NUL alone', '\u0000'],
    ['a tab inside', 'Re\tx'],
    ['a line feed inside', 'Re\nx'],
    ['a CR inside', 'Re\rx'],
    ['an escape', 'Rex\u001b[31m'],
    ['DEL', 'Rex\u007f'],
    ['a C1 control', 'Rex\u0085'],
    ['a C1 control (U+009F)', 'Rex\u009f'],
    ['a lone high surrogate', 'Rex\ud83d'],
    ['a lone low surrogate', '\udc36Rex'],
    ['swapped surrogates', 'Rex\udc36\ud83d'],
    ['U+FFFE', 'Rex\ufffe'],
    ['U+FFFF', 'Rex\uffff'],
    ['U+FDD0', 'Rex\ufdd0'],
    ['U+1FFFE', 'Rex\u{1fffe}'],
    ['U+10FFFF', 'Rex\u{10ffff}'],
  ])('refuses %s with a readable message', (_label, input) => {
    const result = name.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(
      "Please remove unusual characters from your dog's name",
    );
  });

  it.each([
    ['', "Please enter your dog's name"],
    ['   ', "Please enter your dog's name"],
    ['x'.repeat(41), "Please keep your dog's name to 40 characters or fewer"],
  ])('refuses %j: %s', (input, message) => {
    expect(name.safeParse(input).error!.issues[0]!.message).toBe(message);
  });

  it('has a plain message when the field has no label', () => {
    expect(plainText(0, 10).safeParse('a\u0000').error!.issues[0]!.message).toBe(
      'control characters and other unusual characters are not allowed',
    );
  });
});

describe('freeText (several lines)', () => {
  it.each([
    ['Nervous of dryers.\nLikes cheese.', 'Nervous of dryers.\nLikes cheese.'],
    ['Line one\r\nLine two\rLine three', 'Line one\nLine two\nLine three'],
    ['Col\tumn', 'Col\tumn'],
    ['  padded\n\n', 'padded'],
    ['', ''],
  ])('accepts %j as %j', (input, output) => {
    expect(notes.parse(input)).toBe(output);
  });

  it.each([
    ['a NUL', 'ok\u0000'],
    ['a vertical tab', 'a\u000bb'],
    ['a form feed', 'a\u000cb'],
    ['a lone surrogate', 'a\ud800b'],
    ['U+FFFF', '\uffffa'],
  ])('refuses %s', (_label, input) => {
    expect(notes.safeParse(input).error!.issues[0]!.message).toBe('Please remove unusual characters from the notes');
  });

  it('counts the length after trimming', () => {
    expect(notes.safeParse(` ${'x'.repeat(500)} `).success).toBe(true);
    expect(notes.safeParse('x'.repeat(501)).success).toBe(false);
  });
});

describe('hasUnusualCharacters', () => {
  it.each([
    ['plain', false, false],
    ['tab\there', false, true],
    ['tab\there', true, false],
    ['line\nfeed', true, false],
    ['carriage\rreturn', true, true],
    ['\u2028', false, false], // a line separator is a character people paste; harmless
  ])('%j (multi-line %s) → %s', (value, multiline, unusual) => {
    expect(hasUnusualCharacters(value, multiline)).toBe(unusual);
  });
});
