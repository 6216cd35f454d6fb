import { describe, expect, it } from 'vitest';
import { NO_DOG, type Answers, type PartyDog } from '../booking/answer-basics.ts';
import { COMPLETE_ANSWERS } from '../booking/answers.cases.ts';
import { JoinWaitlistRequestSchema } from '../../domain/waitlist.ts';
import { dogNames, joinRequest, type WaitlistAnswers } from './join-request.ts';

const form: WaitlistAnswers = {
  from: '2026-12-01',
  to: '2026-12-14',
  weekdays: [3, 1],
  parts: ['morning'],
  byText: true,
  byEmail: false,
  name: 'Robin Hart',
  phone: '07700 900461',
  email: '',
  code: '123456',
};
const moss: PartyDog = {
  ...NO_DOG,
  serviceId: 'shower',
  dogName: 'Moss',
  breedId: 'whippet',
  weight: '8',
  coat: 'short',
  extras: ['bandana'],
};
const one: Answers = { ...COMPLETE_ANSWERS, extras: [] };
const two: Answers = { ...one, party: [moss] };
const key = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('joinRequest', () => {
  it("one dog's answers ask as they always did", () => {
    const body = joinRequest(one, form, 'A'.repeat(24), key);
    expect(body).toMatchObject({ serviceId: one.serviceId, dog: { name: one.dogName.trim() } });
    expect('dogs' in body).toBe(false);
    expect(JoinWaitlistRequestSchema.safeParse(body).error?.issues ?? []).toEqual([]);
  });
  it('several dogs ask as `dogs`, in booking order, each with its own service and extras', () => {
    const body = joinRequest(two, form, 'A'.repeat(24), key);
    expect('dogs' in body && body.dogs.map((d) => [d.serviceId, d.dog.name, d.extras])).toEqual([
      [one.serviceId, one.dogName.trim(), undefined],
      ['shower', 'Moss', ['bandana']],
    ]);
    expect('serviceId' in body).toBe(false);
    expect(JoinWaitlistRequestSchema.safeParse(body).error?.issues ?? []).toEqual([]);
  });
  it.each([
    [one, one.dogName.trim()],
    [two, `${one.dogName.trim()} and Moss`],
    [{ ...two, party: [moss, { ...moss, dogName: 'Otis' }] }, `${one.dogName.trim()}, Moss and Otis`],
  ])('names the dogs: %#', (answers, names) => expect(dogNames(answers)).toBe(names));
});
