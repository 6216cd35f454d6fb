import { describe, expect, it } from 'vitest';
import { dogNameKey, dogsApart, notApartMessage, type DogsApart } from './party-dogs.ts';

const named = (...names: string[]) => names.map((name) => ({ dog: { name } }));

describe('dogNameKey', () => {
  it.each([
    ['Bo', 'bo'],
    ['BO', 'bo'],
    ['B o', 'bo'],
    ['Bo  Bo', 'bobo'],
    ['Zoë', 'zoë'],
    // The composed and decomposed ë are one letter to the owner.
    ['Zoe\u0308', 'zoë'],
  ])('%j is compared as %j', (name, key) => expect(dogNameKey(name)).toBe(key));
});

describe('dogsApart', () => {
  it.each<[string, Parameters<typeof dogsApart>[0], DogsApart]>([
    ['one dog', named('Bo'), { apart: true }],
    ['two names', named('Bo', 'Pip'), { apart: true }],
    ['names that only look alike', named('Bo', 'Bob', 'Obo'), { apart: true }],
    ['capitals alone', named('Bo', 'bo'), { apart: false, reason: 'same_name', name: 'Bo', dogs: [0, 1] }],
    ['spaces alone', named('Pip', 'Bo', 'B o'), { apart: false, reason: 'same_name', name: 'Bo', dogs: [1, 2] }],
    [
      'the first clash of several',
      named('Bo', 'Pip', 'pip', 'BO'),
      { apart: false, reason: 'same_name', name: 'Pip', dogs: [1, 2] },
    ],
    [
      'two saved dogs',
      [
        { dog: { name: 'Bo' }, savedDogId: 'dogAAAAAAAAA' },
        { dog: { name: 'Pip' }, savedDogId: 'dogBBBBBBBBB' },
      ],
      { apart: true },
    ],
    [
      'one saved dog chosen twice, renamed the second time',
      [
        { dog: { name: 'Bo' }, savedDogId: 'dogAAAAAAAAA' },
        { dog: { name: 'Pip' }, savedDogId: 'dogAAAAAAAAA' },
      ],
      { apart: false, reason: 'same_saved_dog', name: 'Pip', dogs: [0, 1] },
    ],
    [
      'a saved Bo and a new bo',
      [{ dog: { name: 'Bo' }, savedDogId: 'dogAAAAAAAAA' }, { dog: { name: 'bo' } }],
      { apart: false, reason: 'same_name', name: 'Bo', dogs: [0, 1] },
    ],
  ])('%s', (_name, dogs, expected) => expect(dogsApart(dogs)).toEqual(expected));
});

describe('notApartMessage', () => {
  it.each<[Exclude<DogsApart, { apart: true }>, string]>([
    [
      { apart: false, reason: 'same_name', name: 'Bo', dogs: [0, 1] },
      'Two of your dogs are both called Bo — please give each a name we can tell apart.',
    ],
    [
      { apart: false, reason: 'same_saved_dog', name: 'Bo', dogs: [0, 1] },
      'You chose Bo for two of your dogs — please choose each of your dogs once.',
    ],
  ])('%j', (result, message) => expect(notApartMessage(result)).toBe(message));
});
