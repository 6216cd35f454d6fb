import { describe, expect, it } from 'vitest';
import type { LookupCustomer } from '../../../domain/schedule.ts';
import {
  chosenDog,
  initialPhoneBooking,
  offeredExtras,
  phoneBookingReducer,
  phoneBookingRequest,
  type PhoneBookingAction,
  type PhoneBookingState,
  visitWeight,
} from './phone-booking.ts';

const KEY = '00000000-0000-4000-8000-000000000001';
const START = '2026-11-24T10:30:00.000Z';

const rex = {
  id: 'dog-rex',
  name: 'Rex',
  breedId: 'beagle',
  breed: 'Beagle',
  weightKg: 11.5,
  coat: 'short',
  notes: 'Likes ears rubbed',
  nervous: true,
} as const;
const priya: LookupCustomer = {
  id: 'cus_priya',
  name: 'Priya Shah',
  phone: '+447700900123',
  email: '',
  verified: true,
  dogs: [rex],
  lastVisit: null,
};
const dogless: LookupCustomer = { ...priya, id: 'cus_tom', name: 'Tom', dogs: [] };

const blank = initialPhoneBooking('2026-11-24', KEY);
const state = (patch: Partial<PhoneBookingState>): PhoneBookingState => ({ ...blank, ...patch });

describe('the phone booking form', () => {
  it.each<[string, PhoneBookingState, PhoneBookingAction, Partial<PhoneBookingState>]>([
    [
      'a caller found brings their first dog',
      blank,
      { type: 'found', customer: priya },
      { customer: priya, dogId: 'dog-rex' },
    ],
    [
      'a caller with no dogs yet brings a new one',
      blank,
      { type: 'found', customer: dogless },
      { customer: dogless, dogId: 'new' },
    ],
    ['"New customer" ticked', blank, { type: 'newCustomer', on: true }, { customer: 'new', dogId: 'new' }],
    ['"New customer" unticked', state({ customer: 'new' }), { type: 'newCustomer', on: false }, { customer: null }],
    [
      'someone else: no caller, no dog',
      state({ customer: priya, dogId: 'dog-rex' }),
      { type: 'someoneElse' },
      { customer: null, dogId: 'new' },
    ],
    [
      "the caller's details, field by field",
      state({ caller: { name: 'Ann', phone: '', email: '' } }),
      { type: 'caller', patch: { phone: '07700 900123' } },
      { caller: { name: 'Ann', phone: '07700 900123', email: '' } },
    ],
    ['another of their dogs', state({ customer: priya }), { type: 'pickDog', id: 'new' }, { dogId: 'new' }],
    [
      "the dog's details, field by field",
      blank,
      { type: 'dog', patch: { coat: 'wire', nervous: true } },
      { dog: { ...blank.dog, coat: 'wire', nervous: true } },
    ],
    ['the services loaded: the first is chosen', blank, { type: 'servicesLoaded', first: 'full' }, { service: 'full' }],
    [
      'the services loaded after a choice: the choice stays',
      state({ service: 'nails' }),
      { type: 'servicesLoaded', first: 'full' },
      { service: 'nails' },
    ],
    [
      'another service forgets the time',
      state({ start: START }),
      { type: 'service', id: 'nails' },
      { service: 'nails', start: '' },
    ],
    [
      'another day forgets the time',
      state({ start: START }),
      { type: 'date', date: '2026-11-25' },
      { date: '2026-11-25', start: '' },
    ],
    ['a time', blank, { type: 'start', start: START }, { start: START }],
    [
      'an extra ticked: the time is forgotten (the visit is longer)',
      state({ start: START, extras: ['teeth'] }),
      { type: 'extra', id: 'nail-grind', on: true },
      { extras: ['teeth', 'nail-grind'], start: '' },
    ],
    [
      'an extra ticked twice is kept once',
      state({ extras: ['teeth'] }),
      { type: 'extra', id: 'teeth', on: true },
      { extras: ['teeth'] },
    ],
    [
      'an extra unticked',
      state({ start: START, extras: ['teeth', 'bandana'] }),
      { type: 'extra', id: 'teeth', on: false },
      { extras: ['bandana'], start: '' },
    ],
    [
      'another weight forgets the time (another size, another length)',
      state({ start: START }),
      { type: 'dog', patch: { weightKg: '30' } },
      { dog: { ...blank.dog, weightKg: '30' }, start: '' },
    ],
    [
      "the dog's name keeps the time",
      state({ start: START }),
      { type: 'dog', patch: { name: 'Pip' } },
      { dog: { ...blank.dog, name: 'Pip' } },
    ],
    [
      'another of their dogs forgets the time',
      state({ customer: priya, dogId: 'dog-rex', start: START }),
      { type: 'pickDog', id: 'new' },
      { dogId: 'new', start: '' },
    ],
    ['the note', blank, { type: 'note', note: 'Back door' }, { note: 'Back door' }],
    [
      'refused: a new key, the time kept',
      state({ start: START }),
      { type: 'refused', key: 'k2', slotGone: false },
      { key: 'k2', start: START, timesVersion: 0 },
    ],
    [
      'the time just taken: a new key, no time, fresh times',
      state({ start: START }),
      { type: 'refused', key: 'k2', slotGone: true },
      { key: 'k2', start: '', timesVersion: 1 },
    ],
  ])('%s', (_, before, action, after) => {
    expect(phoneBookingReducer(before, action)).toEqual({ ...before, ...after });
  });

  it('knows the saved dog chosen, and none for a new one', () => {
    expect(chosenDog(state({ customer: priya, dogId: 'dog-rex' }))).toBe(rex);
    expect(chosenDog(state({ customer: priya, dogId: 'new' }))).toBeUndefined();
    expect(chosenDog(state({ customer: 'new', dogId: 'dog-rex' }))).toBeUndefined();
  });
});

describe("the visit's weight and extras", () => {
  it.each<[string, Partial<PhoneBookingState>, number | undefined]>([
    ["a saved dog's weight", { customer: priya, dogId: 'dog-rex' }, 11.5],
    ['a weight typed', { customer: 'new', dog: { ...blank.dog, weightKg: ' 9.5 ' } }, 9.5],
    ['nothing typed yet', { customer: 'new' }, undefined],
    ['half a weight typed', { customer: 'new', dog: { ...blank.dog, weightKg: '0.' } }, undefined],
    ['no weight at all', { customer: 'new', dog: { ...blank.dog, weightKg: 'big' } }, undefined],
    ['more than any dog weighs', { customer: 'new', dog: { ...blank.dog, weightKg: '250' } }, undefined],
  ])('%s', (_, patch, weight) => expect(visitWeight(state(patch))).toBe(weight));

  it('keeps only the extras offered with the service, in the catalogue order', () => {
    const offered = [{ id: 'nail-grind' }, { id: 'teeth' }, { id: 'bandana' }];
    expect(offeredExtras(state({ extras: ['bandana', 'deshed-boost', 'nail-grind'] }), offered)).toEqual([
      'nail-grind',
      'bandana',
    ]);
  });
});

describe('the phone booking request', () => {
  it.each<[string, Partial<PhoneBookingState>, string]>([
    ['no caller', { start: START }, 'Find the caller, or choose “New customer”.'],
    ['no time', { customer: 'new' }, 'Choose one of the free times.'],
  ])('asks first for what is missing: %s', (_, patch, problem) => {
    expect(phoneBookingRequest(state(patch))).toEqual({ problem });
  });

  it('sends a new caller and a new dog as typed, trimmed, without empty extras', () => {
    const request = phoneBookingRequest(
      state({
        customer: 'new',
        caller: { name: ' Ann Lee ', phone: ' 07700 900123 ', email: ' ' },
        dog: { name: ' Pepper ', breedId: 'beagle', weightKg: '11.5', coat: 'long', nervous: false },
        service: 'nails',
        start: START,
        note: '  ',
      }),
    );
    expect(request).toEqual({
      body: {
        serviceId: 'nails',
        start: START,
        idempotencyKey: KEY,
        customer: { name: 'Ann Lee', phone: '07700 900123' },
        dog: { name: 'Pepper', breedId: 'beagle', weightKg: 11.5, coat: 'long', nervous: false },
      },
    });
  });

  it('sends the extras ticked that the service offers, and none when none are', () => {
    const ready = state({ customer: 'new', service: 'nails', start: START, extras: ['deshed-boost', 'teeth'] });
    expect(phoneBookingRequest(ready, [{ id: 'nail-grind' }, { id: 'teeth' }])).toMatchObject({
      body: { extras: ['teeth'] },
    });
    expect(phoneBookingRequest(ready, [{ id: 'nail-grind' }])).not.toHaveProperty('body.extras');
  });

  it('sends a customer found by id and their saved dog as it is now, with the note', () => {
    const request = phoneBookingRequest(
      state({ customer: priya, dogId: 'dog-rex', service: 'full', start: START, note: ' Back door ' }),
    );
    const { breed: _, ...dog } = rex;
    expect(request).toEqual({
      body: {
        serviceId: 'full',
        start: START,
        idempotencyKey: KEY,
        customer: { id: 'cus_priya' },
        dog,
        note: 'Back door',
      },
    });
  });
});
