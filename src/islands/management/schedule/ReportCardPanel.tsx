import { useId, useState } from 'react';
import { photoUseWords, StaffReportCardSchema, type ReportCardView } from '../../../domain/report-card.ts';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { formatClock } from '../format.ts';
import { LoadFailed, useStaffRoute } from '../records-ui.tsx';
import type { Announcement } from './common.ts';
import { ReportComposer } from './ReportComposer.tsx';
import { staffPhotoUrl } from './visit-photo-url.ts';

/**
 * A completed visit's report card (decision 094): the check-in photo kept from the counter, whether
 * the card is sent and whether the owner lets its photos be shared, and "Write the report card",
 * which opens the composer in place. Its own lazy chunk with the composer: only a completed visit needs it.
 */
export default function ReportCardPanel({
  booking: b,
  onChanged,
}: {
  booking: ScheduleBooking;
  onChanged: (message: Announcement | null) => Promise<void>;
}) {
  const id = useId();
  const loaded = useStaffRoute(apiRoutes.reportCard, { params: { id: b.id }, schema: StaffReportCardSchema });
  const [composing, setComposing] = useState(false);
  const [sent, setSent] = useState<ReportCardView | null>(null);
  if (loaded.error) return <LoadFailed what="the report card" error={loaded.error} onRetry={loaded.reload} />;
  if (!loaded.data) return <p role="status">Opening the report card…</p>;
  const card = loaded.data;
  const report = sent ?? card.report;

  return (
    <section className="sched-report" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Report card</h3>
      {report ? (
        <p className="mgmt-meta">
          Sent at {formatClock(report.sentAt)} · <strong>{photoUseWords(report.photoUse?.allowed ?? null)}</strong>
        </p>
      ) : null}
      {composing ? (
        <ReportComposer
          booking={b}
          card={card}
          report={report}
          onBack={() => setComposing(false)}
          onSent={(next, messaged) => {
            setSent(next);
            setComposing(false);
            void onChanged({
              text: messaged
                ? `${b.dog.name}'s report card is sent to the owner.`
                : `${b.dog.name}'s report card is updated; the owner's page shows the change.`,
            });
          }}
        />
      ) : (
        <>
          <div className="sched-report__thumbs">
            {card.hasBefore ? (
              <Thumb id={b.id} side="before" alt={`${b.dog.name} at check-in (opens full size)`} />
            ) : null}
            {report?.hasAfter ? <Thumb id={b.id} side="after" alt={`${b.dog.name} after (opens full size)`} /> : null}
          </div>
          <div className="sched-dialog-actions">
            <button type="button" className="sched-button sched-button--big" onClick={() => setComposing(true)}>
              {report ? 'Edit the report card' : 'Write the report card'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** A stored photo, small; a tap opens it full size in a tab of its own. */
function Thumb({ id, side, alt }: { id: string; side: 'before' | 'after'; alt: string }) {
  return (
    <a className="sched-report__thumb" href={staffPhotoUrl(id, side)} target="_blank" rel="noopener">
      <img src={staffPhotoUrl(id, side)} alt={alt} />
    </a>
  );
}
