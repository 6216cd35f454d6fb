import type { Answers } from '../booking/answer-basics.ts';
import { parseWeight } from '../booking/answer-basics.ts';
import type { JoinWaitlistRequestInput } from '../../domain/waitlist.ts';
import type { Part } from '../../domain/waitlist-words.ts';

/** What the join form asks, as typed. */
export interface WaitlistAnswers {
  from: string;
  to: string;
  weekdays: number[];
  parts: Part[];
  byText: boolean;
  byEmail: boolean;
  name: string;
  phone: string;
  email: string;
  code: string;
}

/**
 * The join request from the booking form's answers (the dog and service already given: the first
 * dog of several, who is the one the owner was finding a time for) and the join form's own.
 */
export function joinRequest(
  answers: Answers,
  form: WaitlistAnswers,
  codeRequestId: string | null,
  idempotencyKey: string,
): JoinWaitlistRequestInput {
  return {
    serviceId: answers.serviceId ?? '',
    dog: {
      name: answers.dogName.trim(),
      breedId: answers.breedId ?? '',
      weightKg: parseWeight(answers.weight),
      coat: answers.coat ?? 'short',
      ...(answers.notes.trim() ? { notes: answers.notes.trim() } : {}),
      ...(answers.nervous ? { nervous: true } : {}),
    },
    ...(answers.extras.length ? { extras: answers.extras } : {}),
    from: form.from,
    to: form.to,
    weekdays: [...form.weekdays].sort((a, b) => a - b),
    parts: form.parts,
    owner: { name: form.name.trim(), phone: form.phone, email: form.email.trim() },
    notify: { text: form.byText, email: form.byEmail },
    ...(codeRequestId && form.code ? { phoneProof: { requestId: codeRequestId, code: form.code } } : {}),
    idempotencyKey,
  };
}
