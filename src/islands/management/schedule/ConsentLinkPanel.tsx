import { staffCall } from '../../../client/staff-session.ts';
import { StaffBookingResponseSchema, type ScheduleBooking } from '../../../domain/schedule.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { unlessBusy } from '../../forms/unless-busy.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatClock } from '../format.ts';
import { TapProblem } from '../StaffDialog.tsx';
import type { Announcement } from './common.ts';

/**
 * The owner's consent by a texted link (decision 093), for a dog checked in with a surcharge the
 * owner has not agreed to at the counter: send the link (or again, which replaces it), see that it
 * was sent, then that it was agreed once the schedule refreshes.
 */
export default function ConsentLinkPanel({
  booking: b,
  onChanged,
}: {
  booking: ScheduleBooking;
  onChanged: (message: Announcement | null) => Promise<void>;
}) {
  const submit = useSubmit('The link could not be sent.');
  const c = b.checkIn!;
  if (c.consent?.method === 'link')
    return (
      <section className="checkin-link" aria-label="The owner’s agreement">
        <p>
          Agreed by link: {c.consent.name}, {formatClock(c.consent.at)}
        </p>
      </section>
    );
  if (c.consent) return null;
  const send = () =>
    submit.run(
      () => staffCall(apiRoutes.consentLink, { params: { id: b.id }, body: {}, schema: StaffBookingResponseSchema }),
      () => void onChanged({ text: `Link sent to ${b.dog.name}’s owner: the surcharge waits for their agreement.` }),
    );
  return (
    <section className="checkin-link" aria-label="The owner’s agreement">
      <p>
        {c.linkSentAt
          ? `Link sent at ${formatClock(c.linkSentAt)} — not agreed yet`
          : 'The surcharge is not agreed yet. Is the owner not here?'}
      </p>
      <TapProblem problem={submit.problem} />
      <div className="sched-dialog-actions">
        <button type="button" className="sched-button" {...unlessBusy(submit.busy, () => void send())}>
          {c.linkSentAt ? 'Send the link again' : 'Send a link to their phone'}
        </button>
      </div>
    </section>
  );
}
