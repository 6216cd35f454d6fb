import { useState } from 'react';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import { BookingErrorSchema, type Slot } from '../../domain/booking-api-schemas.ts';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import type { ButtonStatus } from '../forms/status.ts';
import type { FreshDay } from './booking-state.ts';
import type { BookingView, Outcome } from './booking-view.ts';
import { DateTimePicker } from './DateTimePicker.tsx';
import { writtenWhen } from '../../domain/written-dates.ts';

/** "Move to another time": the free times (this booking's own left out), then the move. */
export function MovePanel({
  view,
  onOutcome,
  onKeep,
}: {
  view: BookingView;
  onOutcome(outcome: Outcome): void;
  onKeep(): void;
}) {
  const [status, setStatus] = useState<ButtonStatus>(0);
  const [moveTo, setMoveTo] = useState<{ date: string | null; slot: Slot | null }>({ date: null, slot: null });
  const [freshDay, setFreshDay] = useState<FreshDay | null>(null);

  const move = async () => {
    if (!moveTo.slot) return;
    setStatus(1);
    const result = await callApi(apiRoutes.moveBooking, {
      params: { id: view.id },
      body: { start: moveTo.slot.start },
      timeoutMs: 15_000,
    });
    setStatus(0);
    if (result.error) {
      if (result.code === 'slot_taken') {
        // The refusal carries the day's fresh times: show them, without asking for the weeks again.
        const refusal = BookingErrorSchema.safeParse(result.body);
        setMoveTo({ date: moveTo.date, slot: null });
        if (moveTo.date) setFreshDay({ date: moveTo.date, slots: refusal.success ? (refusal.data.slots ?? []) : [] });
      }
      return onOutcome({ kind: 'error', text: result.error });
    }
    onOutcome({
      kind: 'ok',
      text: `Your booking is moved to ${writtenWhen(moveTo.slot.start, view.timeZone, { weekday: 'long' })}.`,
    });
  };

  return (
    <div>
      <DateTimePicker
        serviceId={view.service.id}
        exclude={view.id}
        date={moveTo.date}
        start={moveTo.slot?.start ?? null}
        freshDay={freshDay}
        timeZone={view.timeZone}
        headingLevel={3}
        onDate={(date) => setMoveTo((m) => (m.date === date ? m : { date, slot: null }))}
        onTime={(slot, date) => setMoveTo({ date, slot })}
      />
      <div className="step-buttons">
        <InteractiveButton
          status={moveTo.slot ? status : 2}
          onClick={() => void move()}
          statusText={status === 1 ? 'Moving…' : 'Choose a time first'}
        >
          {moveTo.slot ? `Move to ${writtenWhen(moveTo.slot.start, view.timeZone, { weekday: 'long' })}` : 'Move'}
        </InteractiveButton>
        <button type="button" className="link-button" onClick={onKeep}>
          Keep the current time
        </button>
      </div>
    </div>
  );
}
