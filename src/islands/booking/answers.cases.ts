import { EMPTY_ANSWERS, type Answers } from './answer-basics.ts';

/** A visitor's answers with every step done: the cases of answers.test.ts and confirm-booking.test.ts. */
export const COMPLETE_ANSWERS: Answers = {
  ...EMPTY_ANSWERS,
  serviceId: 'full',
  dogName: 'Bella',
  breedId: 'cockapoo',
  weight: '9.5',
  coat: 'medium',
  date: '2026-12-01',
  start: '2026-12-01T10:30:00.000Z',
  ownerName: 'Sam Patel',
  phone: '07700 900123',
  email: 'sam@example.com',
  acceptTerms: true,
};
