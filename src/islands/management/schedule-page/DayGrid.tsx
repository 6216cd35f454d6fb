import type { CSSProperties } from 'react';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import { longDate } from '../format.ts';
import { blockText, closedText, ROW_HEIGHT, type DayLayout } from '../schedule-layout.ts';
import { BookingCard } from './BookingCard.tsx';

/**
 * The day by grooming table (decision 060): a column a table, a row a slot step, blocks across
 * every table and a line at the time now. Under 761 px the same elements read as a list in time
 * order (schedule.css), which is why they are written in that order.
 */
export function DayGrid({
  layout,
  onOpen,
  onMove,
  onRemoveBlock,
}: {
  layout: DayLayout;
  onOpen(id: string): void;
  onMove(booking: ScheduleBooking, start: string, dogStart?: string): Promise<void>;
  onRemoveBlock(id: string): Promise<void>;
}) {
  const gridStyle = {
    '--rows': layout.rows,
    '--tables': layout.tables,
    '--row-height': `${ROW_HEIGHT}px`,
  } as CSSProperties;
  const closed = closedText(layout.day);
  return (
    <section className="sched-day" aria-label={`Appointments by table, ${longDate(layout.date)}`}>
      {closed ? (
        <p className="mgmt-notice">
          {closed}
          {layout.bookings.length ? ' These appointments are still on it:' : ''}
        </p>
      ) : null}
      {!layout.bookings.length && !closed ? <p className="sched-empty">No appointments on this day yet.</p> : null}
      <div className="sched-grid" style={gridStyle}>
        <div className="sched-grid__corner" aria-hidden="true" />
        {Array.from({ length: layout.tables }, (_, i) => (
          <div key={i} className="sched-grid__table" style={{ gridColumn: i + 2 }} aria-hidden="true">
            Table {i + 1}
          </div>
        ))}
        {layout.hours.map((h) => (
          <div
            key={h.label}
            className="sched-grid__hour"
            style={{ gridRow: `${h.row + 2} / span ${60 / layout.step}` }}
            aria-hidden="true"
          >
            <span>{h.label}</span>
          </div>
        ))}
        {gridItems(layout).map((entry) => {
          if (entry.kind === 'now') return <NowLine key="now" now={entry.item} />;
          if (entry.kind === 'block')
            return <BlockStrip key={entry.item.block.id} placed={entry.item} onRemove={onRemoveBlock} />;
          return (
            <BookingCard
              key={entry.item.booking.id}
              placed={entry.item}
              step={layout.step}
              onOpen={onOpen}
              onMove={onMove}
            />
          );
        })}
      </div>
    </section>
  );
}

/** Blocks, bookings and the line now, by row (the order a list reads them in on a phone). */
function gridItems(layout: DayLayout) {
  return [
    ...layout.blocks.map((b) => ({ kind: 'block' as const, row: b.rowStart, item: b })),
    ...layout.bookings.map((b) => ({ kind: 'booking' as const, row: b.rowStart, item: b })),
    ...(layout.now ? [{ kind: 'now' as const, row: layout.now.row + layout.now.fraction, item: layout.now }] : []),
  ].sort((a, b) => a.row - b.row);
}

function NowLine({ now }: { now: NonNullable<DayLayout['now']> }) {
  return (
    <div className="sched-now" style={{ gridRow: now.row + 2, '--fraction': now.fraction } as CSSProperties}>
      <span>Now {now.time}</span>
    </div>
  );
}

function BlockStrip({
  placed,
  onRemove,
}: {
  placed: DayLayout['blocks'][number];
  onRemove(id: string): Promise<void>;
}) {
  const { when, reason } = blockText(placed);
  return (
    <div className="sched-block" style={{ gridRow: `${placed.rowStart + 2} / ${placed.rowEnd + 2}` }}>
      <div>
        <strong>{when}</strong>
        {reason ? <span>{reason}</span> : null}
      </div>
      <button
        type="button"
        className="link-button"
        onClick={() => void onRemove(placed.block.id)}
        aria-label={`Open ${placed.startTime}–${placed.endTime} for bookings again`}
      >
        Remove
      </button>
    </div>
  );
}
