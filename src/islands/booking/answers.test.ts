import { describe, expect, it } from 'vitest';
import {
  EMPTY_ANSWERS,
  STORAGE_KEY,
  firstIncompleteStep,
  loadAnswers,
  parseWeight,
  saveAnswers,
  stepProblems,
  type Answers,
} from './answers.ts';
import { COMPLETE_ANSWERS } from './answers.cases.ts';
import { validateDog } from './dog-answers.ts';
import { bookingRequest, validateOwner } from './owner-answers.ts';
import { typicalCoat } from './typical-coats.ts';

const complete: Answers = COMPLETE_ANSWERS;

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

describe('parseWeight', () => {
  it.each([
    ['9.5', 9.5],
    ['9,5', 9.5],
    [' 12 kg', 12],
    ['12KG', 12],
    ['', Number.NaN],
    ['ten', Number.NaN],
    ['-3', Number.NaN],
    ['1e2', Number.NaN],
  ])('%j is %d', (text, kg) => {
    expect(parseWeight(text)).toBe(kg);
  });
});

describe('field validation with the server schemas', () => {
  it.each([
    ['weight', '9.5', true],
    ['weight', '9.55', false],
    ['weight', '0.2', false],
    ['weight', '101', false],
    ['weight', '', false],
    ['phone', '07700 900123', true],
    ['phone', '+44 7700 900123', true],
    ['phone', '020 8539 1234', false],
    ['email', 'sam@example.com', true],
    ['email', 'sam@', false],
    ['dogName', '  ', false],
    ['dogName', 'Bella', true],
    ['dogName', 'x'.repeat(41), false],
  ] as const)('%s %j valid: %s', (field, value, valid) => {
    const validate = { ...validateDog, ...validateOwner } as Record<string, (v: string) => { ok: boolean }>;
    expect(validate[field]!(value).ok).toBe(valid);
  });

  it('shows the normalised mobile as the success text', () => {
    expect(validateOwner.phone('+447700900123')).toEqual({ ok: true, text: '07700 900123' });
  });
});

describe('steps', () => {
  it('names the missing answers of each step', async () => {
    expect(await stepProblems(0, { ...complete, serviceId: null })).toEqual(['serviceId']);
    expect(await stepProblems(1, { ...complete, dogName: '', coat: null })).toEqual(['dogName', 'coat']);
    expect(await stepProblems(3, { ...complete, phone: '123' })).toEqual(['phone']);
    expect(await stepProblems(2, { ...complete, start: null })).toEqual(['start']);
  });

  it.each([
    [EMPTY_ANSWERS, 0],
    [{ ...complete, weight: '' }, 1],
    [{ ...complete, start: null }, 2],
    [{ ...complete, email: '' }, 3],
    [{ ...complete, acceptTerms: false }, 3],
    [complete, 4],
  ] as const)('first incomplete step of case %#: %i', async (answers, step) => {
    expect(await firstIncompleteStep(answers)).toBe(step);
  });
});

describe('bookingRequest', () => {
  const key = '0b7c6f0e-4a53-4d3c-9a8e-2f1d3c5b7a90';
  it('builds the schema-valid request with E.164 phone and numeric weight', () => {
    const request = bookingRequest({ ...complete, notes: ' Hates the dryer ', nervous: true }, key);
    expect(request).toMatchObject({
      serviceId: 'full',
      start: '2026-12-01T10:30:00.000Z',
      dog: {
        name: 'Bella',
        breedId: 'cockapoo',
        weightKg: 9.5,
        coat: 'medium',
        notes: 'Hates the dryer',
        nervous: true,
      },
      owner: {
        name: 'Sam Patel',
        phone: '+447700900123',
        email: 'sam@example.com',
        marketingConsent: false,
        acceptTerms: true,
      },
      idempotencyKey: key,
    });
  });

  it('sends the extras ticked, and no extras field without them', () => {
    expect(bookingRequest({ ...complete, extras: ['nail-grind', 'teeth'] }, key)?.extras).toEqual([
      'nail-grind',
      'teeth',
    ]);
    expect(bookingRequest(complete, key)).not.toHaveProperty('extras');
  });

  it('gives nothing while an answer is missing or the terms are not agreed', () => {
    expect(bookingRequest({ ...complete, acceptTerms: false }, key)).toBeNull();
    expect(bookingRequest({ ...complete, start: null }, key)).toBeNull();
  });
});

describe('session storage', () => {
  it('round-trips answers and refuses junk', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(await loadAnswers(storage)).toBeNull();
    saveAnswers(storage, { step: 2, answers: complete });
    expect(await loadAnswers(storage)).toEqual({ step: 2, answers: complete });
    storage.setItem(STORAGE_KEY, '{"step":9}');
    expect(await loadAnswers(storage)).toBeNull();
    storage.setItem(STORAGE_KEY, 'not json');
    expect(await loadAnswers(storage)).toBeNull();
    storage.setItem(STORAGE_KEY, JSON.stringify({ step: 1, answers: { ...complete, coat: 'fluffy' } }));
    expect(await loadAnswers(storage)).toBeNull();
    // Saved before extras existed: none chosen. Eleven is more than any visit takes.
    const { extras: _, ...older } = complete;
    storage.setItem(STORAGE_KEY, JSON.stringify({ step: 1, answers: older }));
    expect(await loadAnswers(storage)).toEqual({ step: 1, answers: { ...complete, extras: [] } });
    storage.setItem(STORAGE_KEY, JSON.stringify({ step: 1, answers: { ...complete, extras: Array(11).fill('x') } }));
    expect(await loadAnswers(storage)).toBeNull();
  });
});

describe('typicalCoat', () => {
  it.each([
    ['cockapoo', 'medium'],
    ['siberian-husky', 'double'],
    ['border-terrier', 'wire'],
    ['none-other', null],
    [null, null],
  ])('%s → %s', (breed, coat) => {
    expect(typicalCoat(breed)).toBe(coat);
  });
});
