import { describe, expect, it } from 'vitest';
import site from '../../content/site.json';
import {
  formatOpens,
  localBusinessJsonLd,
  openingHoursInWords,
  openingRows,
  openingSummary,
  whatsappHref,
} from './site-facts.ts';

describe('opening hours from site.json', () => {
  it('formats as the spec writes them', () => {
    expect(formatOpens('09:00')).toBe('9:00am');
    expect(openingSummary()).toBe('Monday to Saturday, 9:00am – 18:00');
    expect(openingSummary(undefined, { short: true })).toBe('Mon–Sat, 9:00am – 18:00');
  });

  it('marks a day without hours as closed', () => {
    const sunday = openingRows().find((r) => r.day === 'Sunday');
    expect(sunday).toMatchObject({ closed: true, hours: 'Closed' });
  });

  it('lists days separately when their hours differ', () => {
    const days = [
      { day: 'Monday', opens: '09:00', closes: '18:00' },
      { day: 'Tuesday', opens: '10:00', closes: '16:00' },
      { day: 'Wednesday', opens: null, closes: null },
    ];
    expect(openingSummary(days)).toBe('Monday 9:00am – 18:00; Tuesday 10:00am – 16:00');
  });

  it.each([
    ['site.json', undefined, 'Monday to Saturday, 9:00am – 18:00; closed on Sunday'],
    [
      'two closed days',
      site.openingHours.map((d) => (d.day === 'Saturday' ? { ...d, opens: null, closes: null } : d)),
      'Monday to Friday, 9:00am – 18:00; closed on Saturday and Sunday',
    ],
    [
      'three closed days',
      site.openingHours.map((d) => (['Monday', 'Saturday'].includes(d.day) ? { ...d, opens: null, closes: null } : d)),
      'Tuesday to Friday, 9:00am – 18:00; closed on Monday, Saturday and Sunday',
    ],
    [
      'open every day',
      site.openingHours.map((d) => ({ ...d, opens: '09:00', closes: '18:00' })),
      'Monday to Sunday, 9:00am – 18:00',
    ],
  ])('says the hours in words for running text: %s', (_case, days, words) => {
    expect(openingHoursInWords(days)).toBe(words);
  });
});

describe('contact links', () => {
  it('gives wa.me the digits only', () => {
    expect(whatsappHref('+44 7700 900461')).toBe('https://wa.me/447700900461');
  });
});

describe('LocalBusiness JSON-LD', () => {
  const data = localBusinessJsonLd();
  it('carries the facts of site.json', () => {
    expect(data.name).toBe(site.name);
    expect(data.telephone).toBe(site.phone.e164);
    expect(data.address.postalCode).toBe(site.address.postcode);
    expect(data.geo.latitude).toBe(site.address.geo.lat);
    expect(data.aggregateRating).toMatchObject({ ratingValue: site.reviews.rating, reviewCount: site.reviews.count });
    expect(data.priceRange).toBe(site.priceRange);
  });
  it('groups the six open days into one specification and leaves Sunday out', () => {
    expect(data.openingHoursSpecification).toHaveLength(1);
    expect(data.openingHoursSpecification[0]!.dayOfWeek).toHaveLength(6);
    expect(data.openingHoursSpecification[0]!.dayOfWeek).not.toContain('https://schema.org/Sunday');
  });
});
