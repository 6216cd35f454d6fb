import { useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import {
  MAX_DONE,
  MAX_NOTE,
  MAX_SUGGESTION,
  NOTICED,
  NOTICED_LABELS,
  ReportCardViewSchema,
  type Noticed,
  type ReportCardView,
  type StaffReportCard,
} from '../../../domain/report-card.ts';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { z } from 'zod/mini';
import { FileField } from '../../forms/FileField.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { usePhotoToSend } from './use-photo-to-send.ts';
import { staffPhotoUrl } from './visit-photo-url.ts';

const SentSchema = z.object({ report: ReportCardViewSchema, sent: z.boolean() });

/**
 * Writing the report card (decision 094), tablet first: the after photo (the check-in card's camera
 * input and shrink), what was done and the next visit's suggestion already filled in, four short
 * optional notes, then one "Send". A card already sent is edited here: the owner's page changes,
 * and no second message goes.
 */
export function ReportComposer({
  booking: b,
  card,
  report,
  onBack,
  onSent,
}: {
  booking: ScheduleBooking;
  card: StaffReportCard;
  report: ReportCardView | null;
  onBack: () => void;
  onSent: (report: ReportCardView, messaged: boolean) => void;
}) {
  const id = useId();
  const submit = useSubmit('The report card could not be sent.');
  const [done, setDone] = useState(report?.done ?? card.prefill.done);
  const [noticed, setNoticed] = useState<Noticed>(report?.noticed ?? { skin: '', ears: '', nails: '', behaviour: '' });
  const [suggestion, setSuggestion] = useState(report?.suggestion ?? card.prefill.suggestion);
  const { photo, choose, upload } = usePhotoToSend(b.id);

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!done.trim()) return submit.fail('Say what was done, in a few words.');
    void submit.run(
      async () => {
        // The photo first: a failed upload is the answer, and nothing is sent without it.
        const uploaded = await upload();
        if (uploaded && !uploaded.data) return { ...uploaded, data: null };
        return staffCall(apiRoutes.sendReportCard, {
          params: { id: b.id },
          body: { done, noticed, suggestion, ...(uploaded?.data ? { afterPhotoKey: uploaded.data } : {}) },
          schema: SentSchema,
          timeoutMs: 20_000,
        });
      },
      (answer) => onSent(answer.report, answer.sent),
    );
  };

  return (
    <form className="sched-form sched-report__form" onSubmit={send} noValidate aria-label="Report card">
      <FileField
        id={`${id}-after`}
        label="After photo"
        hint="Opens the tablet’s camera."
        accept="image/*"
        capture="environment"
        optional
        onChange={choose}
      />
      {photo ? (
        <img
          className="checkin-photo"
          src={`data:${photo.type};base64,${photo.base64}`}
          alt={`The after photo of ${b.dog.name} just taken`}
        />
      ) : report?.hasAfter ? (
        <img className="checkin-photo" src={staffPhotoUrl(b.id, 'after')} alt={`The after photo of ${b.dog.name}`} />
      ) : null}
      <TextField id={`${id}-done`} label="What was done" maxLength={MAX_DONE} value={done} onChange={setDone} />
      <fieldset className="rec-fieldset sched-report__noticed">
        <legend>Anything noticed</legend>
        <p className="field-hint">Leave a line empty when there is nothing to note.</p>
        {NOTICED.map((part) => (
          <TextField
            key={part}
            id={`${id}-${part}`}
            label={NOTICED_LABELS[part]}
            optional
            maxLength={MAX_NOTE}
            value={noticed[part]}
            onChange={(value) => setNoticed((n) => ({ ...n, [part]: value }))}
          />
        ))}
      </fieldset>
      <TextField
        id={`${id}-suggestion`}
        label="Suggestion for the next visit"
        optional
        maxLength={MAX_SUGGESTION}
        value={suggestion}
        onChange={setSuggestion}
      />
      <FormActions
        submit={submit}
        label={report ? 'Save the changes' : 'Send the report card'}
        busyLabel={report ? 'Saving…' : 'Sending…'}
        onCancel={onBack}
        cancelLabel="Back"
      />
    </form>
  );
}
