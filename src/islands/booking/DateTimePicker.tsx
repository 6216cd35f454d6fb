import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { callApi } from '../../client/api.ts';
import { apiRoutes } from '../../domain/api-routes.ts';
import { AvailabilityResponseSchema, type AvailabilityDay, type Slot } from '../../domain/booking-api-schemas.ts';
import { addDays, todayIn } from '../../domain/london-time.ts';
import { SHOP_TIME_ZONE } from '../../domain/shop.ts';
import { Spinner } from '../forms/Field.tsx';
import { formatDate } from './format.ts';
import { RetryNotice } from './RetryNotice.tsx';

/** Days asked for at a time: four weeks keeps the first answer small on mobile data. */
export const DAYS_PER_PAGE = 28;
const WEEKDAY_HEADINGS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export interface DateTimePickerProps {
  serviceId: string;
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
  headingLevel?: 2 | 3;
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
  date,
  start,
  onDate,
  onTime,
  exclude,
  refreshKey = 0,
  freshDay = null,
  headingLevel = 2,
}: DateTimePickerProps) {
  const [days, setDays] = useState<AvailabilityDay[]>([]);
  const [timeZone, setTimeZone] = useState(SHOP_TIME_ZONE);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(true);
  const grid = useRef<HTMLDivElement>(null);

  const load = async (from: string | null, replace: boolean, signal?: AbortSignal) => {
    setLoading(true);
    const result = await callApi(apiRoutes.availability, {
      query: { service: serviceId, days: DAYS_PER_PAGE, from, exclude },
      schema: AvailabilityResponseSchema,
      signal,
    });
    if (signal?.aborted) return;
    setLoading(false);
    if (!result.data) {
      setError(
        result.status === 0
          ? 'We could not load the free times. Please check your connection and try again.'
          : (result.error ?? 'We could not load the free times.'),
      );
      return;
    }
    setError(null);
    const fresh = result.data.days;
    setTimeZone(result.data.timeZone);
    setMore(fresh.length === DAYS_PER_PAGE && !fresh.some((d) => d.reason === 'beyond_horizon'));
    setDays((old) => (replace ? fresh : [...old, ...fresh.filter((d) => !old.some((o) => o.date === d.date))]));
  };

  useEffect(() => {
    const controller = new AbortController();
    void load(null, true, controller.signal);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serviceId, exclude, refreshKey]);

  useEffect(() => {
    if (!freshDay) return;
    setDays((old) => old.map((d) => (d.date === freshDay.date ? { ...d, slots: freshDay.slots } : d)));
  }, [freshDay]);

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
      {error ? <RetryNotice onRetry={() => void load(null, true)}>{error}</RetryNotice> : null}
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
          <p className="calendar-key" aria-hidden="true">
            <span className="key key--free" /> Free times <span className="key key--full" /> Fully booked or closed
          </p>
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
              const selected = chosen?.date === day.date;
              const [, month, dom] = day.date.split('-');
              const label = `${formatDate(day.date)}: ${free ? `${free} ${free === 1 ? 'time' : 'times'} free` : day.open ? 'fully booked' : closedText(day.reason)}`;
              return (
                <button
                  key={day.date}
                  type="button"
                  className="calendar-day"
                  data-date={day.date}
                  data-state={free ? 'free' : day.open ? 'full' : 'closed'}
                  aria-pressed={selected}
                  aria-label={label}
                  aria-disabled={free ? undefined : true}
                  tabIndex={day.date === rovingDate ? 0 : -1}
                  onClick={() => free && onDate(day.date)}
                  onKeyDown={(event) => onGridKey(event, day.date)}
                >
                  <span className="calendar-date">{Number(dom)}</span>
                  {dom === '01' || day === first ? (
                    <span className="calendar-month">{formatDate(day.date).split(' ')[2]?.slice(0, 3) ?? month}</span>
                  ) : null}
                  <span className="calendar-dot" aria-hidden="true" />
                </button>
              );
            })}
          </div>
          <p className="calendar-key" aria-hidden="true">
            <span className="key key--free" /> Free times <span className="key key--full" /> Fully booked or closed
          </p>
          {more ? (
            <button
              type="button"
              className="link-button"
              disabled={loading}
              onClick={() => {
                const last = days.at(-1);
                if (last) void load(addDays(last.date, 1), false);
              }}
            >
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

      {chosen ? (
        <section className="times" aria-labelledby="picker-times">
          <H className="picker-heading" id="picker-times">
            Free times on {formatDate(chosen.date)}
          </H>
          {[
            { name: 'Morning', slots: chosen.slots.filter((slot) => slot.time < '12:00') },
            { name: 'Afternoon', slots: chosen.slots.filter((slot) => slot.time >= '12:00') },
          ]
            .filter((part) => part.slots.length > 0)
            .map((part) => (
              <div key={part.name} role="group" aria-labelledby={`times-${part.name}`} className="times-part">
                <p className="times-part-name" id={`times-${part.name}`}>
                  {part.name}
                </p>
                <div className="times-grid">
                  {part.slots.map((slot) => (
                    <button
                      key={slot.start}
                      type="button"
                      className="time"
                      aria-pressed={slot.start === start}
                      onClick={() => onTime(slot, chosen.date)}
                    >
                      {slot.time}
                    </button>
                  ))}
                </div>
              </div>
            ))}
          <p className="times-note">Times are UK time ({timeZone.replace('_', ' ')}). Choose one to go on.</p>
        </section>
      ) : null}
    </div>
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
