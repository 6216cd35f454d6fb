import type { Dispatch } from 'react';
import { TextField } from '../../forms/TextField.tsx';
import { showsToday, type ScheduleView, type ScheduleViewAction, type View } from './schedule-view.ts';

const VIEWS: Array<{ view: View; label: string }> = [
  { view: 'day', label: 'Day' },
  { view: 'week', label: 'Week' },
];

/**
 * Above the schedule: back, Today and on by a day or a week, a date to go to, Day or Week, and the
 * two things the counter starts from here (a phone booking, time blocked off).
 */
export function ScheduleToolbar({
  state,
  today,
  dispatch,
  onBlock,
  onPhoneBooking,
}: {
  state: ScheduleView;
  today: string;
  dispatch: Dispatch<ScheduleViewAction>;
  onBlock(): void;
  onPhoneBooking(): void;
}) {
  const unit = state.view === 'day' ? 'day' : 'week';
  return (
    <div className="sched-toolbar">
      <div className="sched-nav" role="group" aria-label="Choose the day">
        <StepButton label={`Previous ${unit}`} arrow="‹" onClick={() => dispatch({ type: 'step', by: -1 })} />
        <button
          type="button"
          className="sched-button sched-button--ghost"
          onClick={() => dispatch({ type: 'go', date: today })}
          aria-pressed={showsToday(state, today)}
        >
          Today
        </button>
        <StepButton label={`Next ${unit}`} arrow="›" onClick={() => dispatch({ type: 'step', by: 1 })} />
      </div>
      <div className="sched-pick">
        <div className="sched-date">
          <TextField
            id="sched-date"
            label={<span className="visually-hidden">Go to date</span>}
            type="date"
            value={state.date}
            onChange={(date) => dispatch({ type: 'go', date })}
          />
        </div>
        <ViewSwitch view={state.view} onShow={(view) => dispatch({ type: 'show', view })} />
      </div>
      <div className="sched-actions">
        <button type="button" className="sched-button sched-button--ghost" onClick={onBlock}>
          Block time
        </button>
        <button type="button" className="sched-button" onClick={onPhoneBooking}>
          New phone booking
        </button>
      </div>
    </div>
  );
}

function StepButton({ label, arrow, onClick }: { label: string; arrow: string; onClick(): void }) {
  return (
    <button type="button" className="sched-button sched-button--ghost" onClick={onClick} aria-label={label}>
      <span aria-hidden="true">{arrow}</span>
    </button>
  );
}

/** Day or Week: two pressed-or-not buttons, one pressed. */
function ViewSwitch({ view: shown, onShow }: { view: View; onShow(view: View): void }) {
  return (
    <div className="sched-views" role="group" aria-label="View">
      {VIEWS.map(({ view, label }) => (
        <button
          key={view}
          type="button"
          className="sched-segment"
          aria-pressed={shown === view}
          onClick={() => onShow(view)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
