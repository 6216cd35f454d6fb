import { unlessBusy } from '../../forms/unless-busy.ts';
import { useId } from 'react';
import { SHOP_TIME_ZONE } from '../format.ts';
import { noShowWait } from '../schedule-layout.ts';
import { TapProblem } from '../StaffDialog.tsx';
import { ATTENDANCE_DONE, dayOf } from './common.ts';
import { NoShowFeePanel } from './NoShowFeePanel.tsx';
import { useMark, type MarkProps } from './use-mark.ts';

export type BookingMode = 'view' | 'check-in' | 'complete' | 'move' | 'cancel' | 'split';

/** The counter's buttons on a confirmed appointment: its marks, and the way to move or cancel it. */
export function AttendanceActions({
  now,
  onMode,
  ...props
}: MarkProps & { now: Date; onMode: (mode: BookingMode) => void }) {
  const b = props.booking;
  const { submit, mark } = useMark(props);
  const waitId = useId();
  const busy = submit.busy;
  const started = Date.parse(b.start) <= now.getTime();
  const noShowLater = noShowWait(b.start, now, SHOP_TIME_ZONE);
  const sameDayOrLater = dayOf(now) >= dayOf(b.start);
  const notYet = !sameDayOrLater ? waitId : undefined;
  const completeButton = (
    <button
      type="button"
      className="sched-button sched-button--big sched-button--ok"
      disabled={!b.attendance && !sameDayOrLater}
      aria-describedby={b.attendance ? undefined : notYet}
      {...unlessBusy(busy, () => onMode('complete'))}
    >
      Completed…
    </button>
  );
  return (
    <>
      <TapProblem problem={submit.problem} />
      <div className="sched-dialog-actions">
        {/* A balance paid by the owner's link is Stripe's record: the visit stays completed (decision 096). */}
        {b.attendance && b.balanceMethod === 'online' ? null : b.attendance ? (
          <button
            type="button"
            className="sched-button sched-button--ghost"
            {...unlessBusy(busy, () => void mark(null))}
          >
            Undo “{ATTENDANCE_DONE[b.attendance]}”
          </button>
        ) : (
          <>
            <button
              type="button"
              className="sched-button sched-button--big"
              disabled={!sameDayOrLater}
              aria-describedby={notYet}
              {...unlessBusy(busy, () => onMode('check-in'))}
            >
              Check in
            </button>
            {completeButton}
            <button
              type="button"
              className="sched-button sched-button--big sched-button--warn"
              disabled={!started}
              aria-describedby={noShowLater ? waitId : undefined}
              {...unlessBusy(busy, () => void mark('no_show'))}
            >
              No-show
            </button>
          </>
        )}
        {b.attendance === 'arrived' ? completeButton : null}
        {!b.attendance && !started ? (
          <>
            <button
              type="button"
              className="sched-button sched-button--ghost"
              {...unlessBusy(busy, () => onMode('move'))}
            >
              Move…
            </button>
            <button
              type="button"
              className="sched-button sched-button--ghost mgmt-danger"
              {...unlessBusy(busy, () => onMode('cancel'))}
            >
              Cancel appointment…
            </button>
          </>
        ) : null}
        {b.attendance === 'no_show' ? <NoShowFeePanel bookingId={b.id} /> : null}
        {noShowLater && !b.attendance ? (
          <p className="field-hint" id={waitId}>
            {noShowLater}
          </p>
        ) : null}
      </div>
    </>
  );
}
