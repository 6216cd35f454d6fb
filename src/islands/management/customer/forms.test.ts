import { describe, expect, it } from 'vitest';
import type { DogCard } from '../../../domain/customer-records.ts';
import { checkContact, offersLine, reviewRequestLine, type ContactForm } from './contact-form.ts';
import { checkDog, dogFormOf, type DogForm } from './dog-form.ts';

const contact: ContactForm = {
  name: ' Sam ',
  phone: '',
  email: ' sam@example.com ',
  notes: '',
  marketingConsent: true,
};

describe('checkContact', () => {
  it.each<[string, Partial<ContactForm>, Awaited<ReturnType<typeof checkContact>>]>([
    ['trims the name and e-mail', {}, { body: { ...contact, name: 'Sam', email: 'sam@example.com', phone: '' } }],
    [
      'writes a mobile as stored',
      { phone: '07700 900461' },
      { body: { ...contact, name: 'Sam', email: 'sam@example.com', phone: '+447700900461' } },
    ],
    [
      'refuses a number that is not a UK mobile',
      { phone: '020 7946 0000' },
      { problem: 'Please enter a UK mobile number, like 07700 900461, or leave it empty' },
    ],
    ['asks for a name', { name: '  ' }, { problem: 'Please enter their name' }],
  ])('%s', async (_, change, answer) => {
    expect(await checkContact({ ...contact, ...change })).toEqual(answer);
  });
});

const dog: DogCard = {
  _id: 'dog1',
  name: 'Biscuit',
  breed: null,
  weightKg: 12.5,
  weights: [{ kg: 12.5, at: '2026-10-01T10:00:00.000Z' }],
  coat: 'medium',
  ownerNotes: '',
  nervous: false,
  temperament: 'Calm',
  vetName: null,
  vetPhone: null,
  vaccinations: [{ name: 'Lepto', expiresOn: '2027-01-01' }],
};
const same = { coat: 'medium', temperament: 'Calm', nervous: false, vetName: '', vetPhone: '' } as const;
const { coat: _coat, ...coatNotKnown } = same;

describe('checkDog', () => {
  it.each<[string, Partial<DogForm>, ReturnType<typeof checkDog>]>([
    ['an unchanged weight is not weighed again', {}, { body: { ...same, vaccinations: dog.vaccinations } }],
    [
      'a new weight to a tenth of a kilo',
      { weight: '13,46' },
      { body: { ...same, weightKg: 13.5, vaccinations: dog.vaccinations } },
    ],
    [
      'a weight out of range',
      { weight: '0.2' },
      { problem: 'Please give the weight in kilograms, between 0.5 and 100' },
    ],
    [
      'a weight that is not a number',
      { weight: 'heavy' },
      { problem: 'Please give the weight in kilograms, between 0.5 and 100' },
    ],
    [
      'empty vaccination rows are dropped',
      { vaccinations: [{ name: ' ', expiresOn: '' }] },
      { body: { ...same, vaccinations: [] } },
    ],
    [
      'a vaccination needs both',
      { vaccinations: [{ name: 'Kennel cough', expiresOn: '' }] },
      { problem: 'Each vaccination needs a name and the day it runs out' },
    ],
    ['coat not known is left out', { coat: '' }, { body: { ...coatNotKnown, vaccinations: dog.vaccinations } }],
  ])('%s', (_, change, answer) => {
    expect(checkDog({ ...dogFormOf(dog), ...change }, dog)).toEqual(answer);
  });
});

describe('offersLine', () => {
  const now = new Date('2026-12-10T12:00:00Z');
  it.each([
    ['consent', { marketingConsent: true, marketingOptedOutAt: null }, 'Yes, by consent'],
    ['never asked', { marketingConsent: false, marketingOptedOutAt: null }, 'No'],
    ['an older record', { marketingConsent: false }, 'No'],
    [
      'opted out, this year',
      { marketingConsent: false, marketingOptedOutAt: '2026-12-03T09:00:00.000Z' },
      'Opted out of offers on 3 Dec',
    ],
    [
      'opted out, last year',
      { marketingConsent: false, marketingOptedOutAt: '2025-12-03T09:00:00.000Z' },
      'Opted out of offers on 3 Dec 2025',
    ],
    [
      'consent again after an opt-out',
      { marketingConsent: true, marketingOptedOutAt: '2026-12-03T09:00:00.000Z' },
      'Yes, by consent',
    ],
  ])('%s', (_, record, line) => {
    expect(offersLine(record, now)).toBe(line);
  });
});

describe('reviewRequestLine', () => {
  const now = new Date('2026-12-10T12:00:00Z');
  it.each([
    ['never sent', { reviewRequest: null }, null],
    ['an older record', {}, null],
    [
      'by e-mail, this year',
      { reviewRequest: { at: '2026-12-03T15:00:00.000Z', channel: 'email' } },
      'Sent by e-mail on 3 Dec',
    ],
    [
      'by text, last year',
      { reviewRequest: { at: '2025-11-28T15:00:00.000Z', channel: 'sms' } },
      'Sent by text on 28 Nov 2025',
    ],
  ] as const)('%s', (_, record, line) => {
    expect(reviewRequestLine(record, now)).toBe(line);
  });
});
