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

type DogAnswers = Pick<Answers, 'dogName' | 'breedId' | 'weight' | 'coat' | 'notes' | 'nervous' | 'extras'>;

/** One dog as the join request carries it, from its "Your dog" answers. */
function dogOf(d: DogAnswers) {
  return {
    name: d.dogName.trim(),
    breedId: d.breedId ?? '',
    weightKg: parseWeight(d.weight),
    coat: d.coat ?? 'short',
    ...(d.notes.trim() ? { notes: d.notes.trim() } : {}),
    ...(d.nervous ? { nervous: true } : {}),
  };
}

/** Every dog's name, as the form says them: "Bella", "Bella and Otis". */
export function dogNames(answers: Answers): string {
  const names = [answers, ...(answers.party ?? [])].map((d) => d.dogName.trim()).filter(Boolean);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The join request from the booking form's answers (the dog or dogs and services already given:
 * several dogs ask as `dogs`, in booking order, docs/decisions/084 "Several dogs") and the join form's own.
 */
export function joinRequest(
  answers: Answers,
  form: WaitlistAnswers,
  codeRequestId: string | null,
  idempotencyKey: string,
): JoinWaitlistRequestInput {
  const asked = answers.party?.length
    ? {
        dogs: [{ ...answers, serviceId: answers.serviceId ?? '' }, ...answers.party].map((d) => ({
          serviceId: d.serviceId,
          dog: dogOf(d),
          ...(d.extras.length ? { extras: d.extras } : {}),
        })),
      }
    : {
        serviceId: answers.serviceId ?? '',
        dog: dogOf(answers),
        ...(answers.extras.length ? { extras: answers.extras } : {}),
      };
  return {
    ...asked,
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
