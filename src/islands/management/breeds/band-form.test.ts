import { describe, expect, it } from 'vitest';
import type { StaffBreed } from '../../../domain/breed-records.ts';
import { bandChange, bandFormOf, bandOf, EMPTY_BAND } from './band-form.ts';

const FILLED = { name: ' Lagotto ', minutes: '90', from: '55', to: '70', size: 'medium', weeks: '' };

describe('bandOf', () => {
  it.each([
    ['no name', { ...EMPTY_BAND }, 'Please give the breed a name'],
    ['a length under 5 minutes', { ...FILLED, minutes: '4' }, 'The usual length is in minutes, from 5 to 600'],
    ['a part minute', { ...FILLED, minutes: '7.5' }, 'The usual length is in minutes, from 5 to 600'],
    ['a price in words', { ...FILLED, from: 'fifty' }, 'Please give prices in pounds, like 45 or 45.50'],
    ['one end of the band', { ...FILLED, to: ' ' }, 'Give both ends of the price band, or neither'],
    ['a band upside down', { ...FILLED, from: '70', to: '55' }, 'The band must not end below where it starts'],
    ['a size not on the list', { ...FILLED, size: 'huge' }, 'Please choose the usual size from the list'],
    ['3 weeks between grooms', { ...FILLED, weeks: '3' }, 'The weeks between grooms are a whole number from 4 to 12'],
    ['13 weeks', { ...FILLED, weeks: '13' }, 'The weeks between grooms are a whole number from 4 to 12'],
  ])('%s', (_, form, problem) => expect(bandOf(form)).toEqual({ problem }));

  it.each([
    [
      FILLED,
      {
        name: 'Lagotto',
        usualDurationMin: 90,
        priceFromPence: 5500,
        priceToPence: 7000,
        usualSize: 'medium',
        groomIntervalWeeks: null,
      },
    ],
    [
      { ...FILLED, weeks: ' 6 ' },
      {
        name: 'Lagotto',
        usualDurationMin: 90,
        priceFromPence: 5500,
        priceToPence: 7000,
        usualSize: 'medium',
        groomIntervalWeeks: 6,
      },
    ],
    [
      { ...EMPTY_BAND, name: 'Mutt' },
      {
        name: 'Mutt',
        usualDurationMin: null,
        priceFromPence: null,
        priceToPence: null,
        usualSize: null,
        groomIntervalWeeks: null,
      },
    ],
    [
      { ...FILLED, from: '£45.50', to: '45.5', size: 'large' },
      {
        name: 'Lagotto',
        usualDurationMin: 90,
        priceFromPence: 4550,
        priceToPence: 4550,
        usualSize: 'large',
        groomIntervalWeeks: null,
      },
    ],
  ])('%#', (form, body) => expect(bandOf(form)).toEqual({ body }));
});

const BREED: StaffBreed = {
  _id: 'beagle',
  name: 'Beagle',
  image_url_s3: null,
  usualDurationMin: 60,
  priceFromPence: 4000,
  priceToPence: 5000,
  usualSize: 'medium',
  groomIntervalWeeks: 8,
  fallback: false,
  dogs: 2,
  estimate: null,
};

describe('bandFormOf and bandChange', () => {
  it('reads a breed back', () =>
    expect(bandFormOf(BREED)).toEqual({
      name: 'Beagle',
      minutes: '60',
      from: '40.00',
      to: '50.00',
      size: 'medium',
      weeks: '8',
    }));
  it('reads a breed of no usual size as none chosen', () =>
    expect(bandFormOf({ ...BREED, usualSize: null }).size).toBe(''));
  const band = {
    usualDurationMin: 60,
    priceFromPence: 4000,
    priceToPence: 5000,
    usualSize: 'small' as const,
    groomIntervalWeeks: null,
  };
  it.each([
    ['the same name is not sent', BREED, { name: 'Beagle', ...band }, band],
    ['a new name is', BREED, { name: 'Beagles', ...band }, { name: 'Beagles', ...band }],
    ['the fixed breed never renames', { ...BREED, fallback: true }, { name: 'Other', ...band }, band],
  ])('%s', (_, breed, body, change) => expect(bandChange(breed, body)).toEqual(change));
});
