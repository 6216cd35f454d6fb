import { useEffect, useRef, useState, type FormEvent } from 'react';
import { noVerdict } from '../../../client/api.ts';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import {
  StaffWaitlistRequestSchema,
  StaffWaitlistResponseSchema,
  type StaffWaitlistResponse,
} from '../../../domain/staff-waitlist-request.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { WhatSuitsFields } from '../../waitlist/WhatSuitsFields.tsx';
import '../../waitlist/waitlist.css';
import { CallerAdded } from './CallerAdded.tsx';
import {
  callerOf,
  callerWaitlistDefaults,
  callerWaitlistRequest,
  type CallerWaitlistAnswers,
} from './caller-waitlist.ts';
import { dayOf } from './common.ts';
import { chosenDog, type PhoneBookingState } from './phone-booking.ts';

export interface CallerWaitlistProps {
  state: PhoneBookingState;
  /** The extras offered with the service chosen. */
  offered: readonly { id: string }[];
  serviceTitle: string;
  onBack(): void;
  onClose(): void;
}

/** Paths of the request whose problems are shown at this form's own fields; the rest are the booking's answers. */
const OWN_FIELDS = new Set(['from', 'to', 'weekdays', 'parts', 'notify']);

/**
 * "Add to the waitlist instead" in the phone booking (docs/decisions/087), loaded when staff ask for
 * it: the caller, dog, service and extras already answered in the dialog, what suits the caller and
 * how to tell them. The caller is on the phone, so no code: staff vouch for the number.
 */
export default function CallerWaitlist({ state, offered, serviceTitle, onBack, onClose }: CallerWaitlistProps) {
  const owner = callerOf(state);
  const today = dayOf();
  const [form, setForm] = useState(() => callerWaitlistDefaults(state.date, today, owner.email));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<StaffWaitlistResponse | null>(null);
  const key = useRef<string | null>(null);
  const submit = useSubmit('The caller could not be added to the waitlist. Please try again.');
  const set = (change: Partial<CallerWaitlistAnswers>) => setForm((f) => ({ ...f, ...change }));
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened this form is gone: the form's heading takes the focus, inside the dialog.
  useEffect(() => heading.current?.focus(), []);

  if (added) return <CallerAdded added={added} name={owner.name} byText={form.byText} onClose={onClose} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    key.current ??= crypto.randomUUID();
    const request = callerWaitlistRequest(state, offered, form, key.current);
    if ('problem' in request) return submit.fail(request.problem);
    const parsed = StaffWaitlistRequestSchema.safeParse(request.body);
    const found: Record<string, string> = {};
    let other: string | null = null;
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const path = issue.path.slice(0, 2).join('.');
        if (OWN_FIELDS.has(String(issue.path[0]))) found[path] ??= issue.message;
        else other ??= `${path}: ${issue.message}`;
      }
    setIssues(found);
    if (other) return submit.fail(`Please check the booking's answers: ${other}`);
    if (!parsed.success) return submit.fail('Please check the answers marked above.');
    void submit.run(async () => {
      const result = await staffCall(apiRoutes.addCallerToWaitlist, {
        body: request.body,
        schema: StaffWaitlistResponseSchema,
      });
      // Refused for sure: the next attempt is a new request. No answer: the same key, so a retry adds once.
      if (result.error !== null && !noVerdict(result.status)) key.current = null;
      return result;
    }, setAdded);
  };

  const dogName = chosenDog(state)?.name ?? (state.dog.name.trim() || 'the dog');
  return (
    <form className="sched-form" onSubmit={onSubmit} noValidate aria-labelledby="caller-waitlist-heading">
      <h3 id="caller-waitlist-heading" tabIndex={-1} ref={heading}>
        Add to the waitlist
      </h3>
      <p>
        {dogName}&rsquo;s {serviceTitle} for {owner.name || 'the caller'}. When a time that suits frees up we offer it
        to the people waiting in the order they asked: first asked, first offered.
      </p>
      <WhatSuitsFields form={form} set={set} issues={issues} lookingAt={today} lastDay={undefined} />
      <Checkbox
        id="wl-by-text"
        label="How should we tell them?"
        checked={form.byText}
        onChange={(byText) => set({ byText })}
        required={false}
        message={issues.notify}
      >
        By text message
      </Checkbox>
      {owner.email ? (
        <Checkbox id="wl-by-email" checked={form.byEmail} onChange={(byEmail) => set({ byEmail })} required={false}>
          By e-mail to {owner.email}
        </Checkbox>
      ) : (
        <p className="field-hint">No e-mail address for this caller, so we tell them by text.</p>
      )}
      <FormActions
        submit={submit}
        label="Add to the waitlist"
        busyLabel="Adding…"
        onCancel={onBack}
        cancelLabel="Back to the booking"
      />
    </form>
  );
}
