import { describe, expect, it } from 'vitest';
import {
  nextVisitSuggestion,
  noticedLines,
  photoUseWords,
  ReportCardRequestSchema,
  reportCardText,
  whatWasDone,
} from './report-card.ts';

const EMPTY = { skin: '', ears: '', nails: '', behaviour: '' };
const VALID = { done: 'Full Groom', noticed: EMPTY, suggestion: 'Same time in 6 weeks' };

describe('whatWasDone', () => {
  it.each([
    { service: 'Full Groom', extras: [], says: 'Full Groom' },
    { service: 'Full Groom', extras: ['Bandana'], says: 'Full Groom with Bandana' },
    {
      service: 'Bath & Tidy',
      extras: ['Nail grinding', 'Bandana'],
      says: 'Bath & Tidy with Nail grinding and Bandana',
    },
    {
      service: 'Full Groom',
      extras: ['Teeth', 'Nail grinding', 'Bandana'],
      says: 'Full Groom with Teeth, Nail grinding and Bandana',
    },
    { service: 'Full Groom', extras: ['  '], says: 'Full Groom' },
  ])('$says', ({ service, extras, says }) => expect(whatWasDone(service, extras)).toBe(says));

  it('never offers more than the request takes', () => {
    expect(whatWasDone('Full Groom', Array(40).fill('Nail grinding')).length).toBeLessThanOrEqual(300);
  });
});

describe('nextVisitSuggestion', () => {
  it.each([
    { weeks: 6, says: 'Same time in 6 weeks' },
    { weeks: 12, says: 'Same time in 12 weeks' },
    { weeks: null, says: '' },
  ])('$weeks weeks', ({ weeks, says }) => expect(nextVisitSuggestion(weeks)).toBe(says));
});

describe('noticedLines', () => {
  it.each([
    { name: 'all empty: nothing to note', noticed: EMPTY, parts: [] },
    { name: 'blank is empty', noticed: { ...EMPTY, ears: '  ' }, parts: [] },
    { name: 'one note', noticed: { ...EMPTY, nails: 'A little long' }, parts: ['nails'] },
    {
      name: 'in the card’s order',
      noticed: { skin: 'Dry', ears: 'Clean', nails: '', behaviour: 'Lovely' },
      parts: ['skin', 'ears', 'behaviour'],
    },
  ])('$name', ({ noticed, parts }) => expect(noticedLines(noticed).map((l) => l.part)).toEqual(parts));

  it('labels each note', () => {
    expect(noticedLines({ ...EMPTY, behaviour: 'Nervous of the dryer' })).toEqual([
      { part: 'behaviour', label: 'Behaviour', note: 'Nervous of the dryer' },
    ]);
  });
});

describe('ReportCardRequestSchema', () => {
  it.each([
    { name: 'a plain report', body: VALID, ok: true },
    { name: 'with an after photo', body: { ...VALID, afterPhotoKey: 'a'.repeat(64) }, ok: true },
    {
      name: 'a note on every part',
      body: { ...VALID, noticed: { skin: 'a', ears: 'b', nails: 'c', behaviour: 'd' } },
      ok: true,
    },
    { name: 'nothing done', body: { ...VALID, done: '   ' }, ok: false },
    { name: 'done too long', body: { ...VALID, done: 'x'.repeat(301) }, ok: false },
    { name: 'a note too long', body: { ...VALID, noticed: { ...EMPTY, ears: 'x'.repeat(201) } }, ok: false },
    { name: 'a part missing', body: { ...VALID, noticed: { skin: '', ears: '', nails: '' } }, ok: false },
    { name: 'an unknown part', body: { ...VALID, noticed: { ...EMPTY, tail: 'x' } }, ok: false },
    { name: 'suggestion too long', body: { ...VALID, suggestion: 'x'.repeat(201) }, ok: false },
    { name: 'a photo key that is not one', body: { ...VALID, afterPhotoKey: 'photo.jpg' }, ok: false },
    { name: 'a stray key', body: { ...VALID, sentAt: '2026-01-01' }, ok: false },
    { name: 'control characters', body: { ...VALID, done: 'Full\u0000Groom' }, ok: false },
  ])('$name', ({ body, ok }) => expect(ReportCardRequestSchema.safeParse(body).success).toBe(ok));

  it('trims what staff typed', () => {
    expect(ReportCardRequestSchema.parse({ ...VALID, done: '  Full Groom ' }).done).toBe('Full Groom');
  });
});

describe('the words', () => {
  it('says the message with the page and nothing else', () => {
    expect(reportCardText('Nell', 'Leyton Dog Grooming', 'https://example.test/b/abc#report')).toBe(
      "Nell's report card from Leyton Dog Grooming: https://example.test/b/abc#report",
    );
  });
  it.each([
    { photoUse: true, says: 'Photos may be shared' },
    { photoUse: false, says: 'Photos not to be shared' },
    { photoUse: null, says: 'Photos not to be shared' },
  ])('photo use $photoUse', ({ photoUse, says }) => expect(photoUseWords(photoUse)).toBe(says));
});
