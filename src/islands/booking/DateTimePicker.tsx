import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { AvailabilityDay, Slot } from '../../domain/booking-api-schemas.ts';
import { addDays, todayIn } from '../../domain/london-time.ts';
import { Spinner } from '../forms/Field.tsx';
import { unlessBusy } from '../forms/unless-busy.ts';
import { writtenDate } from '../../domain/written-dates.ts';
import { FreeTimes } from './FreeTimes.tsx';
import { RetryNotice } from './RetryNotice.tsx';
import { DAYS_PER_PAGE, useAvailability, type Visit } from './use-availability.ts';

const WEEKDAY_HEADINGS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export interface DateTimePickerProps {
  serviceId: string;
  /** The dog's weight and extras, which make the visit's length (a move keeps its booking's own). */
  visit?: Visit;
  date: string | null;
  start: string | null;
  onDate(date: string): void;
  /** Choosing a time goes straight on (one tap fewer). */
  onTime(slot: Slot, date: string): void;
  /** When moving a booking: leave it out of the busy times. */
  exclude?: string;
  /** Bumped to fetch fresh times. */
  refreshKey?: number;
  /**
   * A day's times the server just sent (the 409 `slot_taken` answer carries them): shown at once,
   * without asking for the weeks again. A new object each time.
   */
  freshDay?: { date: string; slots: Slot[] } | null;
  /** The shop's time zone as the page knows it, until the server's times say it. */
  timeZone: string;
  headingLevel?: 2 | 3;
  /**
   * Where no time will do (a full day chosen, or times that do not suit): what to offer instead, the
   * waitlist (docs/decisions/084). With it, a full day can be chosen to say so.
   */
  noTime?: (lookingAt: string, days: AvailabilityDay[], full: boolean) => ReactNode;
}

/** Monday-first weekday index of an ISO date. */
function weekdayIndex(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/**
 * A calendar of the coming weeks showing which days have room, then the free start times of the
 * chosen day as large buttons. Times come from GET /availability (the server decides).
 */
export function DateTimePicker({
  serviceId,
  visit,
  date,
  start,
  onDate,
  onTime,
  exclude,
  refreshKey = 0,
  freshDay = null,
  timeZone: shopTimeZone,
  headingLevel = 2,
  noTime,
}: DateTimePickerProps) {
  const [fullDate, setFullDate] = useState<string | null>(null);
  const { days, timeZone, loading, error, more, retry, loadMore } = useAvailability(
    serviceId,
    visit,
    exclude,
    refreshKey,
    freshDay,
    shopTimeZone,
  );
  const grid = useRef<HTMLDivElement>(null);

  const bookable = days.filter((d) => d.open && d.slots.length > 0);
  // The first day with room is chosen for the visitor: most book the soonest time that suits.
  const chosen = days.find((d) => d.date === date && d.open && d.slots.length > 0) ?? null;
  useEffect(() => {
    if (!loading && !chosen && bookable[0]) onDate(bookable[0].date);
  }, [loading, chosen, bookable, onDate]);

  const focusDay = (isoDate: string) => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${isoDate}"]`)?.focus();
  };
  const onGridKey = (event: KeyboardEvent, current: string) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = moves[event.key];
    if (step === undefined) return;
    event.preventDefault();
    // Move to the next day with room in that direction (closed days are skipped).
    let target = addDays(current, step);
    const dates = new Set(bookable.map((d) => d.date));
    for (let i = 0; i < 60 && days.some((d) => d.date === target) && !dates.has(target); i++)
      target = addDays(target, Math.sign(step));
    if (dates.has(target)) {
      onDate(target);
      requestAnimationFrame(() => focusDay(target));
    }
  };

  const H = `h${headingLevel}` as 'h2' | 'h3';
  const first = days[0];
  const leading = first ? weekdayIndex(first.date) : 0;
  const rovingDate = chosen?.date ?? bookable[0]?.date;

  return (
    <div className="picker">
      <H className="picker-heading" id="picker-days">
        Choose a day
      </H>
      {error ? <RetryNotice onRetry={retry}>{error}</RetryNotice> : null}
      {days.length === 0 && loading ? (
        // The calendar's own grid, empty, while its days load: the first weeks take the same room
        // as they will with their days in, so nothing below them moves when they arrive.
        <div className="calendar-pending">
          <p className="picker-loading" role="status">
            <Spinner /> Finding free times…
          </p>
          <div className="calendar" aria-hidden="true">
            {WEEKDAY_HEADINGS.map((w) => (
              <span key={w} className="calendar-weekday">
                {w}
              </span>
            ))}
            {Array.from({ length: weekdayIndex(todayIn(timeZone, new Date())) }, (_, i) => (
              <span key={`pad${i}`} />
            ))}
            {Array.from({ length: DAYS_PER_PAGE }, (_, i) => (
              <span key={i} className="calendar-day calendar-day--pending" />
            ))}
          </div>
          <CalendarKey />
          <span className="calendar-more-pending" aria-hidden="true" />
        </div>
      ) : null}
      {days.length > 0 ? (
        <>
          <div className="calendar" role="group" aria-labelledby="picker-days" ref={grid}>
            {WEEKDAY_HEADINGS.map((w) => (
              <span key={w} className="calendar-weekday" aria-hidden="true">
                {w}
              </span>
            ))}
            {Array.from({ length: leading }, (_, i) => (
              <span key={`pad${i}`} aria-hidden="true" />
            ))}
            {days.map((day) => {
              const free = day.open ? day.slots.length : 0;
              const full = !free && day.open && Boolean(noTime);
              const selected = fullDate ? fullDate === day.date : chosen?.date === day.date;
              const [, month, dom] = day.date.split('-');
              const label = `${writtenDate(day.date, { weekday: 'long' })}: ${free ? `${free} ${free === 1 ? 'time' : 'times'} free` : day.open ? 'fully booked' : closedText(day.reason)}`;
              return (
                <button
                  key={day.date}
                  type="button"
                  className="calendar-day"
                  data-date={day.date}
                  data-state={free ? 'free' : day.open ? 'full' : 'closed'}
                  aria-pressed={selected}
                  aria-label={label}
                  aria-disabled={free || full ? undefined : true}
                  tabIndex={day.date === rovingDate ? 0 : -1}
                  onClick={() => {
                    if (full) setFullDate(day.date);
                    else if (free) {
                      setFullDate(null);
                      onDate(day.date);
                    }
                  }}
                  onKeyDown={(event) => onGridKey(event, day.date)}
                >
                  <span className="calendar-date">{Number(dom)}</span>
                  {dom === '01' || day === first ? (
                    <span className="calendar-month">
                      {writtenDate(day.date, { weekday: 'long' }).split(' ')[2]?.slice(0, 3) ?? month}
                    </span>
                  ) : null}
                  <span className="calendar-dot" aria-hidden="true" />
                </button>
              );
            })}
          </div>
          <CalendarKey />
          {more ? (
            <button type="button" className="link-button" {...unlessBusy(loading, loadMore)}>
              {loading ? 'Loading…' : 'Show later dates'}
            </button>
          ) : null}
          {!loading && bookable.length === 0 ? (
            <p className="notice">
              There are no free times in these weeks. Please call or WhatsApp us and we will find you a time.
            </p>
          ) : null}
        </>
      ) : null}

      {fullDate && noTime ? (
        <section className="times" aria-labelledby="picker-full">
          <H className="picker-heading" id="picker-full">
            {writtenDate(fullDate, { weekday: 'long' })} is fully booked
          </H>
          {noTime(fullDate, days, true)}
        </section>
      ) : chosen ? (
        <>
          <FreeTimes day={chosen} start={start} timeZone={timeZone} heading={H} onTime={onTime} />
          {noTime?.(chosen.date, days, false)}
        </>
      ) : null}
    </div>
  );
}

function CalendarKey() {
  return (
    <p className="calendar-key" aria-hidden="true">
      <span className="key key--free" /> Free times <span className="key key--full" /> Fully booked or closed
    </p>
  );
}

function closedText(reason: AvailabilityDay['reason']): string {
  switch (reason) {
    case 'bank_holiday':
      return 'closed, bank holiday';
    case 'closure':
      return 'closed';
    case 'past':
      return 'not bookable';
    case 'beyond_horizon':
      return 'not open for booking yet';
    default:
      return 'closed';
  }
}
