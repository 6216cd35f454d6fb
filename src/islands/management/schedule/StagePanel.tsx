import { useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { StageResponseSchema, type ScheduleBooking } from '../../../domain/schedule.ts';
import { nextStage, STAGE_LABELS, stageIndex, VISIT_STAGES, type VisitStage } from '../../../domain/visit-stages.ts';
import { unlessBusy } from '../../forms/unless-busy.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { TapProblem } from '../StaffDialog.tsx';
import type { Announcement } from './common.ts';

const TEXTS: Partial<Record<VisitStage, string>> = {
  ready_soon: ' The owner has been texted.',
  ready: ' The owner has been texted.',
};

/**
 * Where a checked-in dog is (decision 092), and the one big tap that moves it on; the dialog stays
 * open, so a run of stages is one tap each, and the last tap can be undone here or from the schedule.
 */
export default function StagePanel({
  booking: b,
  onChanged,
}: {
  booking: ScheduleBooking;
  onChanged: (message: Announcement | null) => Promise<void>;
}) {
  const submit = useSubmit('The stage could not be saved.');
  const [undo, setUndo] = useState<VisitStage | null>(null);
  const current = b.stage ?? 'checked_in';
  const next = nextStage(current);
  const at = stageIndex(current);

  const move = (stage: VisitStage, isUndo = false) =>
    submit.run(
      () => staffCall(apiRoutes.visitStage, { params: { id: b.id }, body: { stage }, schema: StageResponseSchema }),
      ({ previous }) => {
        setUndo(isUndo ? null : previous);
        void onChanged({
          text: isUndo
            ? `Undone: ${b.dog.name} is back at “${STAGE_LABELS[stage]}”.`
            : `${b.dog.name}: ${STAGE_LABELS[stage]}.${TEXTS[stage] ?? ''}`,
          ...(isUndo ? {} : { undo: async () => void (await move(previous, true)) }),
        });
      },
    );

  return (
    <section className="sched-stage" aria-label="Where the dog is">
      <ol className="sched-stage__list">
        {VISIT_STAGES.map((s, i) => (
          <li key={s} aria-current={s === current ? 'step' : undefined} data-done={i < at ? 'true' : undefined}>
            {STAGE_LABELS[s]}
          </li>
        ))}
      </ol>
      <TapProblem problem={submit.problem} />
      <div className="sched-dialog-actions">
        {next ? (
          <button
            type="button"
            className="sched-button sched-button--big sched-stage__next"
            {...unlessBusy(submit.busy, () => void move(next))}
          >
            Next: {STAGE_LABELS[next]}
          </button>
        ) : null}
        {undo ? (
          <button
            type="button"
            className="sched-button sched-button--ghost"
            {...unlessBusy(submit.busy, () => void move(undo, true))}
          >
            Undo “{STAGE_LABELS[current]}”
          </button>
        ) : null}
      </div>
    </section>
  );
}
