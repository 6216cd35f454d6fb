import { describe, expect, it } from 'vitest';
import type { LookupCustomer } from '../../../domain/schedule.ts';
import { StaffWaitlistRequestSchema } from '../../../domain/staff-waitlist-request.ts';
import {
  callerOf,
  callerWaitlistDefaults,
  callerWaitlistRequest,
  type CallerWaitlistAnswers,
} from './caller-waitlist.ts';
import { initialPhoneBooking, type PhoneBookingState } from './phone-booking.ts';

const KEY = '00000000-0000-4000-8000-000000000001';
const rex = {
  id: 'dog-rex',
  name: 'Rex',
  breedId: 'beagle',
  breed: 'Beagle',
  weightKg: 11.5,
  coat: 'short',
  notes: '',
  nervous: true,
} as const;
const priya: LookupCustomer = {
  id: 'cus_priya_1',
  name: 'Priya Shah ',
  phone: '+447700900123',
  email: 'priya@example.com',
  verified: true,
  dogs: [rex],
  lastVisit: null,
};
const blank = { ...initialPhoneBooking('2026-12-01', KEY), service: 'full' };
const state = (patch: Partial<PhoneBookingState>): PhoneBookingState => ({ ...blank, ...patch });
const form: CallerWaitlistAnswers = {
  from: '2026-12-01',
  to: '2026-12-14',
  weekdays: [6, 1, 2],
  parts: ['morning'],
  byText: true,
  byEmail: false,
};

describe("the caller's waitlist defaults", () => {
  it.each<[string, [string, string, string, string?], Partial<CallerWaitlistAnswers>]>([
    [
      'the day wanted and two weeks from it, Monday to Saturday, morning and afternoon, by text',
      ['2026-12-01', '2026-11-28', ''],
      {
        from: '2026-12-01',
        to: '2026-12-14',
        weekdays: [1, 2, 3, 4, 5, 6],
        parts: ['morning', 'afternoon'],
        byText: true,
        byEmail: false,
      },
    ],
    [
      'a caller with an e-mail address is told by e-mail too',
      ['2026-12-01', '2026-11-28', 'a@b.co'],
      { byEmail: true },
    ],
    ['a day already past starts today', ['2026-11-20', '2026-11-28', ''], { from: '2026-11-28', to: '2026-12-11' }],
    ['never past the last bookable day', ['2026-12-01', '2026-11-28', '', '2026-12-05'], { to: '2026-12-05' }],
    [
      'the last bookable day itself',
      ['2026-12-05', '2026-11-28', '', '2026-12-05'],
      { from: '2026-12-05', to: '2026-12-05' },
    ],
    // Across the clock change: calendar dates, not 24-hour steps.
    ['across the end of October', ['2026-10-20', '2026-10-01', ''], { from: '2026-10-20', to: '2026-11-02' }],
  ])('%s', (_name, [wanted, today, email, last], expected) => {
    expect(callerWaitlistDefaults(wanted, today, email, last)).toMatchObject(expected);
  });
});

describe("the caller's waitlist request", () => {
  it('a caller found: their record, their saved dog as it is, the extras offered with the service, the customer id', () => {
    const request = callerWaitlistRequest(
      state({ customer: priya, dogId: 'dog-rex', extras: ['teeth', 'gone'] }),
      [{ id: 'teeth' }],
      form,
      KEY,
    );
    expect(request).toEqual({
      body: {
        serviceId: 'full',
        dog: { name: 'Rex', breedId: 'beagle', weightKg: 11.5, coat: 'short', nervous: true },
        extras: ['teeth'],
        from: '2026-12-01',
        to: '2026-12-14',
        weekdays: [1, 2, 6],
        parts: ['morning'],
        owner: { name: 'Priya Shah', phone: '+447700900123', email: 'priya@example.com' },
        notify: { text: true, email: false },
        customerId: 'cus_priya_1',
        idempotencyKey: KEY,
      },
    });
    if ('body' in request) expect(StaffWaitlistRequestSchema.safeParse(request.body).success).toBe(true);
  });

  it('a new caller: as typed, no customer id', () => {
    const request = callerWaitlistRequest(
      state({
        customer: 'new',
        caller: { name: ' Ada ', phone: '07700 900461', email: '' },
        dog: { name: 'Pip ', breedId: 'pug', weightKg: '8', coat: 'short', nervous: false },
      }),
      [],
      form,
      KEY,
    );
    expect(request).toMatchObject({
      body: {
        dog: { name: 'Pip', breedId: 'pug', weightKg: 8, coat: 'short' },
        owner: { name: 'Ada', phone: '07700 900461', email: '' },
      },
    });
    expect('body' in request && 'customerId' in request.body).toBe(false);
    if ('body' in request) expect(StaffWaitlistRequestSchema.safeParse(request.body).success).toBe(true);
  });

  it.each<[string, Partial<PhoneBookingState>, string]>([
    ['no caller yet', {}, 'Find the caller, or choose “New customer”.'],
    [
      'a record with no mobile',
      { customer: { ...priya, phone: null } },
      "This customer's record has no mobile number: type them in as a new customer.",
    ],
    ['no service', { customer: priya, service: '' }, 'Choose the service.'],
  ])('%s: says what is missing', (_name, patch, problem) => {
    expect(callerWaitlistRequest(state(patch), [], form, KEY)).toEqual({ problem });
  });

  it("the caller's details: the record found, else those typed", () => {
    expect(callerOf({ customer: priya, caller: { name: 'x', phone: 'y', email: 'z' } })).toEqual({
      name: 'Priya Shah',
      phone: '+447700900123',
      email: 'priya@example.com',
    });
    expect(callerOf({ customer: 'new', caller: { name: ' Jo ', phone: ' 07700 900462 ', email: '' } })).toEqual({
      name: 'Jo',
      phone: '07700 900462',
      email: '',
    });
  });
});
