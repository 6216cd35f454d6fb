import { staffCall } from '../../../client/staff-session.ts';
import { BalanceLinkResponseSchema } from '../../../domain/balance-link.ts';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { unlessBusy } from '../../forms/unless-busy.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { useStaffRoute } from '../records-ui.tsx';
import { TapProblem } from '../StaffDialog.tsx';
import { balanceLinkWords } from './balance-link-words.ts';
import type { Announcement } from './common.ts';

/**
 * A completed visit's payment link (decision 096): sent and not paid yet (with "Send again" and "Take
 * card or cash instead"), expired, or paid online. Nothing when no link was ever sent.
 */
export default function BalanceLinkPanel({
  booking: b,
  onCounter,
  onChanged,
}: {
  booking: ScheduleBooking;
  /** "Take card or cash instead": the Completed step, whose card or cash closes the link. */
  onCounter: () => void;
  onChanged: (message: Announcement | null) => Promise<void>;
}) {
  const loaded = useStaffRoute(apiRoutes.balanceLink, { params: { id: b.id }, schema: BalanceLinkResponseSchema });
  const submit = useSubmit('The payment link could not be sent.');
  const state = loaded.data;
  if (!state?.link) return null;
  const words = balanceLinkWords(state.link);
  const again = () =>
    void submit.run(
      () => staffCall(apiRoutes.sendBalanceLink, { params: { id: b.id }, body: {}, schema: BalanceLinkResponseSchema }),
      (answer) => {
        loaded.set(answer);
        void onChanged({ text: `A new payment link was sent to ${b.customer.name}.` });
      },
    );
  return (
    <section className="sched-balance-link" aria-label="Payment link">
      <div className={`mgmt-notice${words.tone ? ` mgmt-notice--${words.tone}` : ''}`}>
        <p role="status">{words.text}</p>
      </div>
      <TapProblem problem={submit.problem} />
      {words.again ? (
        <div className="sched-dialog-actions">
          <button type="button" className="sched-button" disabled={!state.sendable} {...unlessBusy(submit.busy, again)}>
            {submit.busy ? 'Sending…' : 'Send again'}
          </button>
          <button type="button" className="sched-button sched-button--ghost" {...unlessBusy(submit.busy, onCounter)}>
            Take card or cash instead
          </button>
          {state.reason ? <p className="field-hint">{state.reason}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
