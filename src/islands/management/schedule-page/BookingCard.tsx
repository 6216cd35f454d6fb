import type { CSSProperties } from 'react';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import { SHOP_TIME_ZONE } from '../../../domain/shop.ts';
import {
  bookingStartFor,
  cardNotes,
  cardStatus,
  draggedStart,
  moneyLine,
  ROW_HEIGHT,
  wallTime,
  withLine,
  type DayLayout,
} from '../schedule-layout.ts';
import { PartyMark } from './PartyMark.tsx';
import { useCardDrag } from './use-card-drag.ts';

/**
 * An appointment on the day grid: a button that opens it (its name says time, table, dog, service,
 * customer and state), the state in words beside the time, the money and what to watch for as
 * chips; a booking still to come can be dragged to another time.
 */
export function BookingCard({
  placed,
  step,
  onOpen,
  onMove,
}: {
  placed: DayLayout['bookings'][number];
  step: number;
  onOpen(id: string): void;
  onMove(booking: ScheduleBooking, start: string, dogStart?: string): Promise<void>;
}) {
  const { booking: b, table } = placed;
  const movable = b.status === 'confirmed' && !b.attendance && Date.parse(b.start) > Date.now();
  const { offset, saving, handlers } = useCardDrag({
    enabled: movable,
    rowHeight: ROW_HEIGHT,
    // A dog of a booking of several moves the whole booking, its first dog by as much (decision 082).
    onDrop: (rows) => {
      const dogStart = draggedStart(b.start, rows * ROW_HEIGHT, ROW_HEIGHT, step);
      const moved = bookingStartFor(b, placed.mates, dogStart);
      return onMove({ ...b, id: moved.leadId }, moved.start, dogStart);
    },
  });
  const target = offset ? draggedStart(b.start, offset, ROW_HEIGHT, step) : null;
  const status = cardStatus(b);
  const notes = cardNotes(b);
  const together = withLine(placed.mates);
  const label = `${placed.startTime}–${placed.endTime}, table ${table.table}: ${b.dog.name}, ${b.service.title}, ${b.customer.name}${together ? `, w${together.slice(1)}` : ''}, ${status.text}`;
  return (
    <div
      className="sched-card"
      data-attendance={b.attendance ?? undefined}
      data-status={b.status}
      data-dragging={offset ? 'true' : undefined}
      data-movable={movable ? 'true' : undefined}
      data-party={b.partyId}
      data-compact={placed.rowEnd - placed.rowStart <= 2 ? 'true' : undefined}
      aria-busy={saving || undefined}
      style={
        {
          gridColumn: table.table + 1,
          gridRow: `${placed.rowStart + 2} / ${placed.rowEnd + 2}`,
          transform: offset ? `translateY(${offset}px)` : undefined,
        } as CSSProperties
      }
      {...handlers}
    >
      <button type="button" className="sched-card__open" onClick={() => onOpen(b.id)} aria-label={label}>
        {/* The state in words beside the time: a short card hides its chips, never this. */}
        <span className="sched-card__head">
          <span className="sched-card__time">
            {placed.startTime}–{placed.endTime}
            <span className="sched-card__table"> · Table {table.table}</span>
          </span>
          <span className={`sched-chip sched-chip--${status.tone}`}>{status.text}</span>
        </span>
        <span className="sched-card__dog">
          <strong>{b.dog.name}</strong> <span className="sched-card__breed">{b.dog.breed}</span>
        </span>
        <span className="sched-card__service">
          {b.service.title} · {b.customer.name}
        </span>
        <CardChips booking={b} together={together} />
        {notes ? <span className="sched-card__notes">{notes}</span> : null}
      </button>
      {movable ? (
        <span className="sched-card__grip" aria-hidden="true" title="Drag to move">
          ⠿
        </span>
      ) : null}
      {target ? (
        <span className="sched-card__target" aria-hidden="true">
          Move to {wallTime(target, SHOP_TIME_ZONE)}
        </span>
      ) : null}
    </div>
  );
}

/** Who else is in the booking, the money, the extras to do, and what to watch for: nervous, a chargeback, a failed refund, a first visit, by phone. */
function CardChips({ booking: b, together }: { booking: ScheduleBooking; together: string }) {
  const money = moneyLine(b);
  return (
    <span className="sched-card__chips">
      <PartyMark text={together} />
      <span className={`sched-chip sched-chip--${money.tone}`}>{money.text}</span>
      {b.extras?.map((e) => (
        <span key={e.id} className="sched-chip">
          + {e.title}
        </span>
      ))}
      {b.dog.nervous ? <span className="sched-chip sched-chip--warn">Nervous</span> : null}
      {b.dispute ? (
        <span className="sched-chip sched-chip--warn">Chargeback: {b.dispute.status.replace(/_/g, ' ')}</span>
      ) : null}
      {b.refundFailedPence ? <span className="sched-chip sched-chip--warn">Refund failed</span> : null}
      {b.firstVisit ? <span className="sched-chip">First visit</span> : null}
      {b.takenBy === 'phone' ? <span className="sched-chip">Phone</span> : null}
    </span>
  );
}
