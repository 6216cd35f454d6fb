import { useRef, useState, type FormEvent } from 'react';
import { callApi } from '../../client/api.ts';
import * as afterBooking from '../../domain/after-booking-api-routes.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import { PhoneCodeResponseSchema } from '../../domain/phone-codes.ts';
import {
  JoinWaitlistRequestSchema,
  JoinWaitlistResponseSchema,
  type JoinWaitlistResponse,
} from '../../domain/waitlist.ts';
import type { AvailabilityDay } from '../../domain/booking-api-schemas.ts';
import { addDays } from '../../domain/london-time.ts';
import { DEFAULT_WINDOW_DAYS, defaultWindow, isoWeekday } from '../../domain/waitlist-words.ts';
import type { Answers } from '../booking/answer-basics.ts';
import { Checkbox } from '../forms/Choices.tsx';
import { FormActions } from '../forms/FormActions.tsx';
import { unlessBusy } from '../forms/unless-busy.ts';
import { OtpField } from '../forms/OtpField.tsx';
import { TextField } from '../forms/TextField.tsx';
import { useSubmit } from '../forms/use-submit.ts';
import { dogNames, joinRequest, type WaitlistAnswers } from './join-request.ts';
import { WhatSuitsFields } from './WhatSuitsFields.tsx';
import { WaitlistJoined } from './WaitlistJoined.tsx';
import './waitlist.css';

export interface JoinWaitlistProps {
  answers: Answers;
  /** The day the owner was looking at, and the days the calendar has shown (which weekdays open, how far). */
  lookingAt: string;
  days: AvailabilityDay[];
  onClose(): void;
}

/**
 * "Tell me if a time frees up" (docs/decisions/084), loaded on demand from the time step: the dog
 * and service already answered, what suits, how to be told, the owner and the code for the mobile.
 */
export default function JoinWaitlist({ answers, lookingAt, days, onClose }: JoinWaitlistProps) {
  const openWeekdays = [...new Set(days.filter((d) => d.open).map((d) => isoWeekday(d.date)))];
  // The calendar may not have shown the horizon's end yet: then two weeks, and the server holds the end.
  const beyond = days.find((d) => d.reason === 'beyond_horizon')?.date;
  const lastDay = beyond && beyond > lookingAt ? addDays(beyond, -1) : undefined;
  const start = defaultWindow(lookingAt, openWeekdays, lastDay ?? addDays(lookingAt, DEFAULT_WINDOW_DAYS - 1));
  const [form, setForm] = useState<WaitlistAnswers>({
    ...start,
    weekdays: [...start.weekdays],
    parts: [...start.parts],
    byText: true,
    byEmail: Boolean(answers.email),
    name: answers.ownerName,
    phone: answers.phone,
    email: answers.email,
    code: '',
  });
  const [codeRequest, setCodeRequest] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [joined, setJoined] = useState<JoinWaitlistResponse | null>(null);
  const key = useRef<string | null>(null);
  const submit = useSubmit();
  const codeSubmit = useSubmit('We could not text a code just now. Please try again.');
  const set = (change: Partial<WaitlistAnswers>) => setForm((f) => ({ ...f, ...change }));

  if (joined) return <WaitlistJoined joined={joined} />;

  const check = (): boolean => {
    const parsed = JoinWaitlistRequestSchema.safeParse(joinRequest(answers, form, codeRequest, crypto.randomUUID()));
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path.slice(0, 2).join('.')] ??= issue.message;
    setIssues(found);
    return parsed.success;
  };
  const askCode = () => {
    void codeSubmit.run(
      () =>
        callApi(apiRoutes.phoneCodes, {
          body: { phone: form.phone, purpose: 'booking' },
          schema: PhoneCodeResponseSchema,
        }),
      (answer) => setCodeRequest(answer.requestId),
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return submit.fail('Please check the answers marked above.');
    if (!codeRequest || form.code.length !== 6)
      return submit.fail('Please ask for the code we text to your mobile, and type it in.');
    key.current ??= crypto.randomUUID();
    const body = joinRequest(answers, form, codeRequest, key.current);
    void submit
      .run(
        () => callApi(afterBooking.joinWaitlist, { body, schema: JoinWaitlistResponseSchema, timeoutMs: 15_000 }),
        setJoined,
      )
      .then((answer) => {
        if (!answer) key.current = null;
      });
  };

  return (
    <form className="waitlist-form" onSubmit={onSubmit} noValidate aria-labelledby="waitlist-heading">
      <h3 id="waitlist-heading">Tell me if a time frees up</h3>
      <p>
        We'll keep {dogNames(answers) || 'your dog'} on our waitlist and tell you when a time that suits frees up. First
        asked, first offered.
      </p>
      <WhatSuitsFields form={form} set={set} issues={issues} lookingAt={lookingAt} lastDay={lastDay} />
      <Checkbox
        id="wl-by-text"
        label="How should we tell you?"
        checked={form.byText}
        onChange={(byText) => set({ byText })}
        required={false}
        message={issues.notify}
      >
        By text message
      </Checkbox>
      <Checkbox id="wl-by-email" checked={form.byEmail} onChange={(byEmail) => set({ byEmail })} required={false}>
        By e-mail
      </Checkbox>
      <TextField
        id="wl-name"
        label="Your name"
        value={form.name}
        autoComplete="name"
        onChange={(name) => set({ name })}
        message={issues['owner.name']}
      />
      <TextField
        id="wl-phone"
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={form.phone}
        onChange={(phone) => set({ phone })}
        message={issues['owner.phone']}
      />
      <TextField
        id="wl-email"
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={form.email}
        optional={!form.byEmail}
        onChange={(email) => set({ email })}
        message={issues['owner.email']}
      />
      {codeRequest ? (
        <OtpField
          id="wl-code"
          label="The code we texted you"
          value={form.code}
          onChange={(code) => set({ code })}
          status={1}
          hint="Six digits, from the text we just sent."
        />
      ) : null}
      <div className="waitlist-code">
        <button type="button" className="ibutton ibutton--ghost" {...unlessBusy(codeSubmit.busy, askCode)}>
          {codeRequest ? 'Text me a new code' : 'Text me a code'}
        </button>
        <p className="field-message" role="alert">
          {codeSubmit.problem?.text ?? ''}
        </p>
      </div>
      <FormActions
        submit={submit}
        label="Join the waitlist"
        busyLabel="Joining…"
        onCancel={onClose}
        cancelLabel="Not now"
      />
    </form>
  );
}
