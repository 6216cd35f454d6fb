import { formatPence } from '../../../domain/money.ts';
import type { ScheduleBooking, ScheduleResponse } from '../../../domain/schedule.ts';
import { longDate } from '../format.ts';
import { blockText, cardNotes, cardStatus, dayLayout } from '../schedule-layout.ts';

/**
 * Today or tomorrow at a glance: the day's blocks and appointments (each with its state in words,
 * what is paid and due, what to watch for), or why it is shut; a link to it on the schedule.
 */
export function DayCard({ title, date, schedule }: { title: string; date: string; schedule: ScheduleResponse }) {
  const layout = dayLayout(schedule, date, new Date());
  const { day } = layout;
  return (
    <section className="mgmt-card dash-day" aria-labelledby={`dash-${title}`}>
      <div className="dash-day__head">
        <h2 id={`dash-${title}`}>
          {title} <span className="dash-day__date">{longDate(date)}</span>
        </h2>
        <a className="dash-day__link" href={`/management/schedule?day=${date}`}>
          Open in the schedule
        </a>
      </div>
      {day && !day.open ? (
        <p className="dash-closed">
          {day.reason === 'bank_holiday' ? `Closed: ${day.holiday ?? 'bank holiday'}` : 'The shop is closed.'}
        </p>
      ) : null}
      {day?.open && !layout.bookings.length ? (
        <p className="dash-closed">
          No appointments yet. Open {day.opens}–{day.closes}.
        </p>
      ) : null}
      {layout.blocks.map((b) => {
        const { when, reason } = blockText(b);
        return (
          <p key={b.block.id} className="sched-week__block">
            {when}
            {reason}
          </p>
        );
      })}
      {layout.bookings.length ? (
        <ul className="dash-list">
          {layout.bookings.map((placed) => (
            <DayItem key={placed.booking.id} {...placed} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DayItem({
  booking: b,
  table,
  startTime,
  endTime,
}: {
  booking: ScheduleBooking;
  table: { table: number };
  startTime: string;
  endTime: string;
}) {
  const notes = cardNotes(b);
  const status = cardStatus(b);
  return (
    <li data-attendance={b.attendance ?? undefined} data-status={b.status}>
      <span className="dash-list__time">
        {startTime}
        <span>–{endTime}</span>
        <span className="dash-list__table">Table {table.table}</span>
      </span>
      <span className="dash-list__who">
        <strong>{b.dog.name}</strong>{' '}
        <span className="dash-list__soft">
          {b.dog.breed} · {b.service.title}
        </span>
        <span className="dash-list__soft">{b.customer.name}</span>
        {notes ? <span className="sched-card__notes">{notes}</span> : null}
      </span>
      <span className="dash-list__chips">
        <span className={`sched-chip sched-chip--${status.tone}`}>{status.text}</span>
        {b.depositHeldPence ? (
          <span className="sched-chip sched-chip--paid">Deposit {formatPence(b.depositHeldPence)} paid</span>
        ) : null}
        {b.attendance !== 'completed' ? (
          <span className="sched-chip sched-chip--due">{formatPence(b.balanceDuePence)} due</span>
        ) : null}
        {b.dog.nervous ? <span className="sched-chip sched-chip--warn">Nervous</span> : null}
        {b.firstVisit ? <span className="sched-chip">First visit</span> : null}
      </span>
    </li>
  );
}
