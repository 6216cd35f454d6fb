import type { ScheduleDay, ScheduleResponse } from '../../../domain/schedule.ts';
import { shortDate } from '../format.ts';
import { blockText, cardStatus, dayEntries, dayLayout, withLine, type DayEntry } from '../schedule-layout.ts';
import { PartyMark } from './PartyMark.tsx';
import { WaitlistButton } from './WaitlistButton.tsx';

/**
 * The week: a column a day (its hours, or why shut, and how many are booked), each day's blocks and
 * bookings in time order; a day's name opens it on the grid, a booking opens its window.
 */
export function WeekView({
  schedule,
  today,
  now,
  onOpen,
  onDay,
  waitlist = {},
  onWaitlist,
}: {
  schedule: ScheduleResponse;
  today: string;
  now: Date;
  onOpen(id: string): void;
  onDay(date: string): void;
  /** Waiting requests by date (docs/decisions/086): a day with any shows its "Waitlist (N)". */
  waitlist?: Readonly<Record<string, number>>;
  onWaitlist?(date: string): void;
}) {
  return (
    <div className="sched-week">
      {schedule.days.map((day) => {
        const layout = dayLayout(schedule, day.date, now);
        const isToday = day.date === today;
        return (
          <section
            key={day.date}
            className="sched-week__day"
            data-today={isToday ? 'true' : undefined}
            aria-labelledby={`week-${day.date}`}
          >
            <h3 id={`week-${day.date}`}>
              <button type="button" className="sched-week__open" onClick={() => onDay(day.date)}>
                {shortDate(day.date)}
              </button>
            </h3>
            <p className="sched-week__hours">
              {isToday ? <span className="mgmt-badge">Today</span> : null}
              {dayHours(day, layout.bookings.length)}
            </p>
            {waitlist[day.date] && onWaitlist ? (
              <WaitlistButton date={day.date} count={waitlist[day.date]!} withDate onOpen={onWaitlist} />
            ) : null}
            <ul className="sched-week__list">
              {dayEntries(layout).map((entry) => (
                <WeekEntry
                  key={entry.kind === 'block' ? entry.item.block.id : entry.item.booking.id}
                  entry={entry}
                  onOpen={onOpen}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** "09:00–18:00 · 4 booked", or the holiday's name, or Closed. */
function dayHours(day: ScheduleDay, booked: number): string {
  if (day.open) return `${day.opens}–${day.closes} · ${booked} booked`;
  return day.reason === 'bank_holiday' ? (day.holiday ?? 'Bank holiday') : 'Closed';
}

function WeekEntry({ entry, onOpen }: { entry: DayEntry; onOpen(id: string): void }) {
  if (entry.kind === 'block') {
    const { when, reason } = blockText(entry.item);
    return (
      <li className="sched-week__block">
        {when}
        {reason}
      </li>
    );
  }
  const { booking: b, table, startTime, mates } = entry.item;
  const status = cardStatus(b);
  return (
    <li>
      <button
        type="button"
        className="sched-week__booking"
        data-attendance={b.attendance ?? undefined}
        data-party={b.partyId}
        onClick={() => onOpen(b.id)}
      >
        <span className="sched-week__time">
          {startTime} · T{table.table}
        </span>
        <strong>{b.dog.name}</strong>
        <span className="sched-week__service">{b.service.title}</span>
        <PartyMark text={withLine(mates)} className="sched-week__party" />
        <span className={`sched-chip sched-chip--${status.tone}`}>{status.text}</span>
      </button>
    </li>
  );
}
