import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import {
  StaffCancelSeriesResponseSchema,
  StaffSeriesResponseSchema,
  type SeriesView,
} from '../../../domain/rebook-schemas.ts';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import type { Announcement } from './common.ts';
import { formatWhen } from '../format.ts';

const STATUS: Record<SeriesView['visits'][number]['status'], string> = {
  confirmed: 'booked',
  pending_payment: 'deposit being paid',
  cancelled: 'cancelled',
  expired: 'lapsed',
};

/**
 * A visit's series (docs/decisions/089): every visit with its date and status, each opened on its
 * own day to move or cancel it as any booking, and "Cancel the rest of the series" (every visit still
 * ahead, each through the staff cancel, in one go). Loaded on demand: most bookings have no series.
 */
export default function SeriesPanel({
  booking: b,
  onGoTo,
  onClose,
  onChanged,
}: {
  booking: ScheduleBooking;
  onGoTo: (id: string, start: string) => void;
  onClose: () => void;
  onChanged: (message: Announcement | null) => Promise<void>;
}) {
  const [series, setSeries] = useState<SeriesView | null>(null);
  const [asking, setAsking] = useState(false);
  const submit = useSubmit('The series could not be cancelled.');
  const load = useCallback(async () => {
    const result = await staffCall(apiRoutes.staffSeries, { params: { id: b.id }, schema: StaffSeriesResponseSchema });
    setSeries(result.data?.series ?? null);
  }, [b.id]);
  useEffect(() => void load(), [load]);
  if (!series) return null;

  const ahead = series.visits.filter(
    (v) => (v.status === 'confirmed' || v.status === 'pending_payment') && Date.parse(v.start) > Date.now(),
  );
  const cancel = (event: FormEvent) => {
    event.preventDefault();
    void submit.run(
      () =>
        staffCall(apiRoutes.staffCancelSeries, {
          params: { id: b.id },
          body: {},
          schema: StaffCancelSeriesResponseSchema,
          timeoutMs: 20_000,
        }),
      (answer) => {
        onClose();
        void onChanged({
          text: `Cancelled ${answer.cancelled} visit${answer.cancelled === 1 ? '' : 's'} of ${b.dog.name}'s series. The customer has been told.`,
        });
      },
    );
  };

  return (
    <section className="sched-form" aria-label="The series">
      <ol className="rebook-visits" aria-label={`Every ${series.weeks} weeks`}>
        {series.visits.map((v) => (
          <li key={v.bookingId}>
            {v.bookingId === b.id ? (
              <strong>{formatWhen(v.start)} (this visit)</strong>
            ) : (
              <button type="button" className="link-button" onClick={() => onGoTo(v.bookingId, v.start)}>
                {formatWhen(v.start)}
              </button>
            )}{' '}
            · {STATUS[v.status]}
          </li>
        ))}
      </ol>
      {ahead.length === 0 ? null : asking ? (
        <form onSubmit={cancel} noValidate aria-label="Cancel the rest of the series">
          <p>
            <strong>
              Cancel the {ahead.length} visit{ahead.length === 1 ? '' : 's'} still ahead? Each customer notice and
              refund is as for a single cancellation.
            </strong>
          </p>
          <FormActions
            submit={submit}
            label="Yes, cancel them"
            busyLabel="Cancelling…"
            danger
            onCancel={() => setAsking(false)}
            cancelLabel="Keep them"
          />
        </form>
      ) : (
        <p>
          <button type="button" className="ibutton ibutton--ghost" onClick={() => setAsking(true)}>
            Cancel the rest of the series
          </button>
        </p>
      )}
    </section>
  );
}
