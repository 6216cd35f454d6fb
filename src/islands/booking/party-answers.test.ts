import { describe, expect, it } from 'vitest';
import { EMPTY_ANSWERS, NO_DOG, STEP, type Answers, type PartyDog } from './answer-basics.ts';
import { COMPLETE_ANSWERS } from './answers.cases.ts';
import { stepProblems } from './answers.ts';
import { bookingReducer, INITIAL_STATE, type BookingState } from './booking-state.ts';
import { addDog, changeDog, dogCount, dogsQuery, removeDog, savedDogAnswers } from './party-answers.ts';
import { partyProblems } from './dog-answers.ts';
import { bookingRequest, partyBookingRequest } from './owner-answers.ts';
import { parseStoredAnswers } from './stored-answers.ts';

const moss: PartyDog = {
  ...NO_DOG,
  serviceId: 'shower',
  dogName: 'Moss',
  breedId: 'whippet',
  weight: '8',
  coat: 'short',
  extras: ['bandana'],
};
const chosen: Answers = { ...COMPLETE_ANSWERS, extras: ['nail-grind'], placement: undefined };
const two: Answers = { ...chosen, party: [moss], placement: 'one_after_another' };

describe('the further dogs, as patches of the answers', () => {
  const cases: Array<[string, Answers, (a: Answers) => Partial<Answers>, Partial<Answers>]> = [
    [
      'another dog starts blank on the first dog, and the time is chosen again',
      chosen,
      addDog,
      { party: [{ ...NO_DOG, serviceId: 'full', extras: [] }], start: null, placement: undefined },
    ],
    [
      'a third dog comes after the second',
      two,
      addDog,
      { party: [moss, { ...NO_DOG, serviceId: 'full', extras: [] }], start: null, placement: undefined },
    ],
    [
      'a dog taken out leaves the others, and the time is chosen again',
      two,
      (a) => removeDog(a, 0),
      { party: [], start: null, placement: undefined },
    ],
    [
      'an answer of one dog changes that dog only',
      two,
      (a) => changeDog(a, 0, { weight: '9' }),
      { party: [{ ...moss, weight: '9' }] },
    ],
    [
      'another service drops the extras the last one offered',
      two,
      (a) => changeDog(a, 0, { serviceId: 'full' }),
      { party: [{ ...moss, serviceId: 'full', extras: [] }] },
    ],
    ['the same service again keeps them', two, (a) => changeDog(a, 0, { serviceId: 'shower' }), { party: [moss] }],
    [
      'a saved dog fills its answers',
      two,
      (a) =>
        changeDog(
          a,
          0,
          savedDogAnswers({
            _id: 'saved-dog-0000000001',
            name: 'Pip',
            breedId: 'cockapoo',
            breedName: 'Cockapoo',
            weightKg: 11.5,
            coat: 'long',
            notes: 'Shy',
            nervous: true,
          }),
        ),
      {
        party: [
          {
            ...moss,
            savedDogId: 'saved-dog-0000000001',
            dogName: 'Pip',
            breedId: 'cockapoo',
            weight: '11.5',
            coat: 'long',
            coatGuessed: false,
            notes: 'Shy',
            nervous: true,
          },
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_, answers, change, expected) => {
    expect(change(answers)).toEqual(expected);
    // The form's reducer takes the patch as any answer, and leaves the first dog as it was.
    const ready: BookingState = { ...INITIAL_STATE, phase: 'ready', answers };
    const after = bookingReducer(ready, { type: 'answered', patch: change(answers) });
    expect(after.answers).toEqual({ ...answers, ...expected });
  });

  it('counts the dogs, the first among them', () => {
    expect([dogCount(EMPTY_ANSWERS), dogCount(chosen), dogCount(two)]).toEqual([1, 1, 2]);
  });
});

describe('the form reducer with several dogs', () => {
  it('keeps how the dogs sit at the time chosen', () => {
    const after = bookingReducer(
      { ...INITIAL_STATE, phase: 'ready', answers: two, slotTaken: true },
      {
        type: 'timeChosen',
        time: { date: '2026-12-02', start: '2026-12-02T09:00:00.000Z', placement: 'side_by_side' },
      },
    );
    expect(after.answers).toMatchObject({
      date: '2026-12-02',
      start: '2026-12-02T09:00:00.000Z',
      placement: 'side_by_side',
    });
    expect(after.slotTaken).toBe(false);
  });
  it('another service for the first dog keeps the further dogs and theirs', () => {
    const after = bookingReducer(
      { ...INITIAL_STATE, phase: 'ready', answers: two },
      { type: 'answered', patch: { serviceId: 'nails' } },
    );
    expect(after.answers).toMatchObject({ serviceId: 'nails', extras: [], party: [moss] });
  });
});

describe('the times asked for every dog', () => {
  it.each<[string, Answers, string | undefined]>([
    ['one dog is asked as always', chosen, undefined],
    ['two dogs, each service:weight[:extras]', two, 'full:9.5:nail-grind,shower:8:bandana'],
    [
      'a dog without extras has none, a comma in its weight is a point',
      { ...two, extras: [], party: [{ ...moss, extras: ['nail-grind', 'teeth'], weight: '8,5' }] },
      'full:9.5,shower:8.5:nail-grind;teeth',
    ],
  ])('%s', (_, answers, query) => {
    expect(dogsQuery(answers)).toBe(query);
  });
});

describe('the dog step with several dogs', () => {
  it.each<[string, PartyDog[], string[]]>([
    ['a complete second dog', [moss], []],
    [
      'a blank second dog: each missing answer, by its field',
      [{ ...NO_DOG, serviceId: 'full', extras: [] }],
      ['dogs-0-dogName', 'dogs-0-breedId', 'dogs-0-weight', 'dogs-0-coat'],
    ],
    ['a third dog without its weight', [moss, { ...moss, weight: 'ten' }], ['dogs-1-weight']],
  ])('%s', async (_, party, problems) => {
    expect(partyProblems({ party })).toEqual(problems);
    expect(await stepProblems(STEP.dog, { ...chosen, party })).toEqual(problems);
  });
});

describe('partyBookingRequest', () => {
  const key = '0b7c6f0e-4a53-4d3c-9a8e-2f1d3c5b7a90';
  it('sends every dog in order with its service and extras, and the placement of the time chosen', () => {
    expect(partyBookingRequest(two, key)).toMatchObject({
      dogs: [
        {
          serviceId: 'full',
          dog: { name: 'Bella', breedId: 'cockapoo', weightKg: 9.5, coat: 'medium' },
          extras: ['nail-grind'],
        },
        {
          serviceId: 'shower',
          dog: { name: 'Moss', breedId: 'whippet', weightKg: 8, coat: 'short' },
          extras: ['bandana'],
        },
      ],
      start: COMPLETE_ANSWERS.start,
      placement: 'one_after_another',
      owner: { phone: '+447700900123', acceptTerms: true },
      idempotencyKey: key,
    });
  });
  it('is null while a dog is incomplete', () => {
    expect(partyBookingRequest({ ...two, party: [{ ...moss, coat: null }] }, key)).toBeNull();
  });
  it("leaves one dog's request as it always was", () => {
    expect(bookingRequest(chosen, key)).not.toHaveProperty('dogs');
  });
});

describe('saved answers with several dogs', () => {
  it('come back with every dog and the placement', () => {
    expect(parseStoredAnswers(JSON.stringify({ step: STEP.review, answers: two }))).toEqual({
      step: STEP.review,
      answers: two,
    });
  });
  it('more dogs than any shop takes are not answers this form wrote', () => {
    const many = { ...two, party: Array(6).fill(moss) };
    expect(parseStoredAnswers(JSON.stringify({ step: STEP.dog, answers: many }))).toBeNull();
  });
});
