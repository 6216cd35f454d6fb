import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { staffApi } from '../../client/staff-session.ts';
import { addDays, todayIn } from '../../domain/london-time.ts';
import { formatPence } from '../../domain/money.ts';
import {
  AttendanceResponseSchema,
  BlockResponseSchema,
  mondayOf,
  ScheduleResponseSchema,
  StaffBookingResponseSchema,
  type AttendanceResponse,
  type ScheduleBooking,
  type ScheduleResponse,
} from '../../domain/schedule.ts';
import { ManagementPage } from './ManagementPage.tsx';
import {
  cardStatus,
  dayEntries,
  dayLayout,
  draggedStart,
  longDate,
  shortDate,
  wallTime,
  type DayLayout,
} from './schedule-layout.ts';
import { BlockDialog } from './schedule/BlockDialog.tsx';
import { BookingDialog, type Announcement } from './schedule/BookingDialog.tsx';
import { PhoneBookingDialog } from './schedule/PhoneBookingDialog.tsx';
import { ErrorNotice } from './StaffDialog.tsx';
import { useStaffSession } from './use-staff-session.ts';
import '../forms/forms.css';
import './management.css';
import './schedule.css';
import { SHOP_TIME_ZONE } from '../../domain/shop.ts';

/**
 * /management/schedule: the day (by grooming table) and the week, the time now marked; phone
 * bookings, moves (drag, or the booking's form), cancellations, marks at the counter with their
 * undo, and time blocked off. Everything through the staff API (docs/decisions/060).
 */
export default function SchedulePage() {
  const session = useStaffSession();
  if (!session) return null;
  return (
    <ManagementPage title="Schedule">
      <Schedule />
    </ManagementPage>
  );
}

const SHOP_ZONE = SHOP_TIME_ZONE;
/** One slot step's height on the day grid, in pixels (kept in step with schedule.css). */
const ROW_HEIGHT = 30;

type View = 'day' | 'week';
const NO_DAYS: ScheduleResponse['days'] = [];
type Dialog = { kind: 'booking'; id: string } | { kind: 'phone' } | { kind: 'block' } | null;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Schedule() {
  const now = useNow();
  const today = todayIn(SHOP_ZONE, now);
  const [view, setView] = useState<View>('day');
  // ?day=2026-12-02 opens that day (a link from the dashboard, or a page kept across sign-in).
  const [date, setDate] = useState(() => {
    const asked = new URLSearchParams(location.search).get('day');
    return asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today;
  });
  const [schedule, setSchedule] = useState<ScheduleResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const loadCount = useRef(0);

  const from = view === 'day' ? date : mondayOf(date);
  const days = view === 'day' ? 1 : 7;

  const load = useCallback(async () => {
    const mine = ++loadCount.current;
    setLoadError(null);
    let cursor: string | null = null;
    let first: ScheduleResponse | null = null;
    const bookings: ScheduleBooking[] = [];
    // Every page of the day or week (200 a page: a week of a busy shop is one or two).
    do {
      const query: string = `from=${from}&days=${days}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const result = await staffApi(`/management/schedule?${query}`, { schema: ScheduleResponseSchema });
      if (mine !== loadCount.current) return;
      if (!result.data) {
        setLoadError(result.error ?? 'The schedule could not be loaded.');
        return;
      }
      first ??= result.data;
      bookings.push(...result.data.bookings);
      cursor = result.data.next;
    } while (cursor);
    if (first) setSchedule({ ...first, bookings, next: null });
  }, [from, days]);

  useEffect(() => {
    void load();
  }, [load]);

  const announce = (a: Announcement) => setAnnouncement(a);

  const moveBooking = async (booking: ScheduleBooking, start: string) => {
    const result = await staffApi(`/management/bookings/${booking.id}/move`, {
      method: 'POST',
      body: { start },
      schema: StaffBookingResponseSchema,
    });
    if (result.data) {
      announce({
        text: `Moved ${booking.dog.name} to ${shortDate(todayIn(SHOP_ZONE, new Date(start)))} at ${wallTime(start, SHOP_ZONE)}. The customer has been told.`,
      });
    } else {
      announce({
        text: result.error ?? 'The appointment could not be moved.',
        error: true,
        undo: () => moveBooking(booking, start),
      });
    }
    await load();
  };

  const step = (n: number) => setDate(addDays(date, n * days));
  const open = schedule ? schedule.bookings.find((b) => dialog?.kind === 'booking' && b.id === dialog.id) : undefined;

  return (
    <div className="sched">
      <div className="sched-toolbar">
        <div className="sched-nav" role="group" aria-label="Choose the day">
          <button
            type="button"
            className="sched-button sched-button--ghost"
            onClick={() => step(-1)}
            aria-label={view === 'day' ? 'Previous day' : 'Previous week'}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="sched-button sched-button--ghost"
            onClick={() => setDate(today)}
            aria-pressed={view === 'day' ? date === today : mondayOf(date) === mondayOf(today)}
          >
            Today
          </button>
          <button
            type="button"
            className="sched-button sched-button--ghost"
            onClick={() => step(1)}
            aria-label={view === 'day' ? 'Next day' : 'Next week'}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <div className="sched-pick">
          <label className="sched-date">
            <span className="visually-hidden">Go to date</span>
            <input
              className="input"
              type="date"
              value={date}
              onChange={(e) => e.target.value && setDate(e.target.value)}
            />
          </label>
          <div className="sched-views" role="group" aria-label="View">
            <button
              type="button"
              className="sched-segment"
              aria-pressed={view === 'day'}
              onClick={() => setView('day')}
            >
              Day
            </button>
            <button
              type="button"
              className="sched-segment"
              aria-pressed={view === 'week'}
              onClick={() => setView('week')}
            >
              Week
            </button>
          </div>
        </div>
        <div className="sched-actions">
          <button
            type="button"
            className="sched-button sched-button--ghost"
            onClick={() => setDialog({ kind: 'block' })}
          >
            Block time
          </button>
          <button type="button" className="sched-button" onClick={() => setDialog({ kind: 'phone' })}>
            New phone booking
          </button>
        </div>
      </div>

      <h2 className="sched-title" aria-live="polite">
        {view === 'day' ? (date === today ? `Today, ${longDate(date)}` : longDate(date)) : `Week of ${longDate(from)}`}
      </h2>

      <div className="sched-announce" aria-live="polite">
        {announcement ? (
          <div
            className={`mgmt-notice ${announcement.error ? 'mgmt-notice--error' : 'mgmt-notice--ok'} mgmt-notice--row`}
          >
            <p>{announcement.text}</p>
            <div className="mgmt-notice__actions">
              {announcement.undo ? (
                <button
                  type="button"
                  className="sched-button sched-button--ghost"
                  onClick={() => {
                    const undo = announcement.undo!;
                    setAnnouncement(null);
                    void undo();
                  }}
                >
                  {announcement.error ? 'Try again' : 'Undo'}
                </button>
              ) : null}
              <button type="button" className="mgmt-link-button" onClick={() => setAnnouncement(null)}>
                Dismiss
              </button>
            </div>
          </div>
        ) : null}
      </div>

      {loadError ? <ErrorNotice message={loadError} onRetry={() => void load()} /> : null}
      {!schedule && !loadError ? (
        <p className="sched-loading" role="status">
          Loading the schedule…
        </p>
      ) : null}

      {schedule && view === 'day' ? (
        <DayGrid
          layout={dayLayout(schedule, date, now)}
          onOpen={(id) => setDialog({ kind: 'booking', id })}
          onMove={moveBooking}
          onRemoveBlock={async (id) => {
            const result = await staffApi(`/management/blocks/${id}/remove`, {
              method: 'POST',
              body: {},
              schema: BlockResponseSchema,
            });
            announce(
              result.data
                ? { text: 'The blocked time is open for bookings again.' }
                : { text: result.error ?? 'The blocked time could not be removed.', error: true },
            );
            await load();
          }}
        />
      ) : null}
      {schedule && view === 'week' ? (
        <WeekView
          schedule={schedule}
          today={today}
          now={now}
          onOpen={(id) => setDialog({ kind: 'booking', id })}
          onDay={(d) => {
            setDate(d);
            setView('day');
          }}
        />
      ) : null}

      {dialog?.kind === 'booking' && open && schedule ? (
        <BookingDialog
          booking={open}
          table={
            dayLayout(schedule, todayIn(SHOP_ZONE, new Date(open.start)), now).bookings.find(
              (b) => b.booking.id === open.id,
            )?.table.table ?? null
          }
          now={now}
          onClose={() => setDialog(null)}
          onChanged={async (message) => {
            if (message) announce(message);
            await load();
          }}
          onMarked={async (answer: AttendanceResponse, text: string) => {
            announce({
              text,
              undo: async () => {
                const { previous } = answer;
                const result = await staffApi(`/management/bookings/${answer.booking.id}/attendance`, {
                  method: 'POST',
                  schema: AttendanceResponseSchema,
                  body: {
                    attendance: previous.attendance,
                    ...(previous.attendance === 'completed' && previous.balance ? { balance: previous.balance } : {}),
                  },
                });
                announce(
                  result.data
                    ? { text: `Undone: ${answer.booking.dog.name} is as before.` }
                    : { text: result.error ?? 'That could not be undone.', error: true },
                );
                await load();
              },
            });
            await load();
          }}
        />
      ) : null}
      {dialog?.kind === 'phone' ? (
        <PhoneBookingDialog
          date={date < today ? today : date}
          onClose={() => setDialog(null)}
          onBooked={async (booking) => {
            setDialog(null);
            announce({
              text: `Booked ${booking.dog.name} (${booking.customer.name}) for ${booking.service.title} on ${shortDate(todayIn(SHOP_ZONE, new Date(booking.start)))} at ${wallTime(booking.start, SHOP_ZONE)}. The confirmation is on its way to the customer.`,
            });
            setDate(todayIn(SHOP_ZONE, new Date(booking.start)));
            await load();
          }}
        />
      ) : null}
      {dialog?.kind === 'block' ? (
        <BlockDialog
          date={date < today ? today : date}
          days={schedule?.days ?? NO_DAYS}
          onClose={() => setDialog(null)}
          onBlocked={async (text) => {
            setDialog(null);
            announce({ text });
            await load();
          }}
        />
      ) : null}
    </div>
  );
}

// ---- the day, by table ----------------------------------------------------------------------

function DayGrid({
  layout,
  onOpen,
  onMove,
  onRemoveBlock,
}: {
  layout: DayLayout;
  onOpen: (id: string) => void;
  onMove: (booking: ScheduleBooking, start: string) => Promise<void>;
  onRemoveBlock: (id: string) => Promise<void>;
}) {
  const { day } = layout;
  const gridStyle = {
    '--rows': layout.rows,
    '--tables': layout.tables,
    '--row-height': `${ROW_HEIGHT}px`,
  } as CSSProperties;
  const closedText =
    day && !day.open
      ? day.reason === 'bank_holiday'
        ? `Closed for ${day.holiday ?? 'the bank holiday'}.`
        : day.reason === 'closure'
          ? 'The shop is closed this day.'
          : 'The shop is not open on this day of the week.'
      : null;
  const items = [
    ...layout.blocks.map((b) => ({ kind: 'block' as const, row: b.rowStart, item: b })),
    ...layout.bookings.map((b) => ({ kind: 'booking' as const, row: b.rowStart, item: b })),
    ...(layout.now ? [{ kind: 'now' as const, row: layout.now.row + layout.now.fraction, item: layout.now }] : []),
  ].sort((a, b) => a.row - b.row);
  return (
    <section className="sched-day" aria-label={`Appointments by table, ${longDate(layout.date)}`}>
      {closedText ? (
        <p className="mgmt-notice">
          {closedText}
          {layout.bookings.length ? ' These appointments are still on it:' : ''}
        </p>
      ) : null}
      {!layout.bookings.length && !closedText ? <p className="sched-empty">No appointments on this day yet.</p> : null}
      <div className="sched-grid" style={gridStyle}>
        <div className="sched-grid__corner" aria-hidden="true" />
        {Array.from({ length: layout.tables }, (_, i) => (
          <div key={i} className="sched-grid__table" style={{ gridColumn: i + 2 }} aria-hidden="true">
            Table {i + 1}
            {i + 1 > layout.tables ? ' (over)' : ''}
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
        {items.map((entry) => {
          if (entry.kind === 'now') {
            return (
              <div
                key="now"
                className="sched-now"
                style={{ gridRow: entry.item.row + 2, '--fraction': entry.item.fraction } as CSSProperties}
              >
                <span>Now {entry.item.time}</span>
              </div>
            );
          }
          if (entry.kind === 'block') {
            const b = entry.item;
            return (
              <div key={b.block.id} className="sched-block" style={{ gridRow: `${b.rowStart + 2} / ${b.rowEnd + 2}` }}>
                <div>
                  <strong>{b.wholeDay ? 'Blocked all day' : `Blocked ${b.startTime}–${b.endTime}`}</strong>
                  {b.block.reason ? <span> · {b.block.reason}</span> : null}
                </div>
                <button
                  type="button"
                  className="mgmt-link-button"
                  onClick={() => void onRemoveBlock(b.block.id)}
                  aria-label={`Open ${b.startTime}–${b.endTime} for bookings again`}
                >
                  Remove
                </button>
              </div>
            );
          }
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

function moneyLine(b: ScheduleBooking): { text: string; tone: 'paid' | 'due' | 'none' } {
  if (b.attendance === 'completed')
    return {
      text: `Paid${b.balancePaidPence ? ` ${formatPence(b.balancePaidPence)} ${b.balanceMethod ?? ''}` : ''}`.trim(),
      tone: 'paid',
    };
  if (b.attendance === 'no_show')
    return {
      text: b.depositHeldPence ? `Deposit ${formatPence(b.depositHeldPence)} kept` : 'Nothing paid',
      tone: 'none',
    };
  if (b.depositHeldPence > 0)
    return {
      text: `Deposit ${formatPence(b.depositHeldPence)} paid · ${formatPence(b.balanceDuePence)} due`,
      tone: 'paid',
    };
  return { text: `${formatPence(b.balanceDuePence)} due`, tone: 'due' };
}

function BookingCard({
  placed,
  step,
  onOpen,
  onMove,
}: {
  placed: DayLayout['bookings'][number];
  step: number;
  onOpen: (id: string) => void;
  onMove: (booking: ScheduleBooking, start: string) => Promise<void>;
}) {
  const { booking: b, table } = placed;
  const drag = useRef<{ y: number; pointer: number; moved: boolean } | null>(null);
  const dragged = useRef(false);
  const [offset, setOffset] = useState(0);
  const [saving, setSaving] = useState(false);
  const movable = b.status === 'confirmed' && !b.attendance && Date.parse(b.start) > Date.now();
  const money = moneyLine(b);
  const target = offset ? draggedStart(b.start, offset, ROW_HEIGHT, step) : null;

  const down = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!movable || e.button !== 0) return;
    // On touch, only the grip drags (the rest of the card scrolls the page, as a finger expects).
    if (e.pointerType === 'touch' && !(e.target as HTMLElement).closest('.sched-card__grip')) return;
    drag.current = { y: e.clientY, pointer: e.pointerId, moved: false };
  };
  const move = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.abs(dy) < 6) return;
    if (!d.moved) e.currentTarget.setPointerCapture(e.pointerId);
    d.moved = true;
    setOffset(Math.round(dy / ROW_HEIGHT) * ROW_HEIGHT);
  };
  const up = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.moved) return;
    e.preventDefault();
    dragged.current = true;
    const rows = Math.round((e.clientY - d.y) / ROW_HEIGHT);
    if (!rows) {
      setOffset(0);
      return;
    }
    setSaving(true);
    void onMove(b, draggedStart(b.start, rows * ROW_HEIGHT, ROW_HEIGHT, step)).finally(() => {
      setSaving(false);
      setOffset(0);
    });
  };

  const status = cardStatus(b);
  const label = `${placed.startTime}–${placed.endTime}, table ${table.table}: ${b.dog.name}, ${b.service.title}, ${b.customer.name}, ${status.text}`;
  return (
    <div
      className="sched-card"
      data-attendance={b.attendance ?? undefined}
      data-status={b.status}
      data-dragging={offset ? 'true' : undefined}
      data-movable={movable ? 'true' : undefined}
      data-compact={placed.rowEnd - placed.rowStart <= 2 ? 'true' : undefined}
      aria-busy={saving || undefined}
      style={
        {
          gridColumn: table.table + 1,
          gridRow: `${placed.rowStart + 2} / ${placed.rowEnd + 2}`,
          transform: offset ? `translateY(${offset}px)` : undefined,
        } as CSSProperties
      }
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => {
        drag.current = null;
        setOffset(0);
      }}
      onClickCapture={(e) => {
        // The click that ends a drag does not open the appointment.
        if (dragged.current) e.stopPropagation();
        dragged.current = false;
      }}
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
        <span className="sched-card__chips">
          <span className={`sched-chip sched-chip--${money.tone}`}>{money.text}</span>
          {b.dog.nervous ? <span className="sched-chip sched-chip--warn">Nervous</span> : null}
          {b.dispute ? (
            <span className="sched-chip sched-chip--warn">Chargeback: {b.dispute.status.replace(/_/g, ' ')}</span>
          ) : null}
          {b.refundFailedPence ? <span className="sched-chip sched-chip--warn">Refund failed</span> : null}
          {b.firstVisit ? <span className="sched-chip">First visit</span> : null}
          {b.takenBy === 'phone' ? <span className="sched-chip">Phone</span> : null}
        </span>
        {b.dog.notes || b.staffNote ? (
          <span className="sched-card__notes">{[b.dog.notes, b.staffNote].filter(Boolean).join(' · ')}</span>
        ) : null}
      </button>
      {movable ? (
        <span className="sched-card__grip" aria-hidden="true" title="Drag to move">
          ⠿
        </span>
      ) : null}
      {target ? (
        <span className="sched-card__target" aria-hidden="true">
          Move to {wallTime(target, SHOP_ZONE)}
        </span>
      ) : null}
    </div>
  );
}

// ---- the week ----------------------------------------------------------------------------------

function WeekView({
  schedule,
  today,
  now,
  onOpen,
  onDay,
}: {
  schedule: ScheduleResponse;
  today: string;
  now: Date;
  onOpen: (id: string) => void;
  onDay: (date: string) => void;
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
              {day.open
                ? `${day.opens}–${day.closes} · ${layout.bookings.length} booked`
                : day.reason === 'bank_holiday'
                  ? (day.holiday ?? 'Bank holiday')
                  : 'Closed'}
            </p>
            <ul className="sched-week__list">
              {dayEntries(layout).map((entry) => {
                if (entry.kind === 'block') {
                  const b = entry.item;
                  return (
                    <li key={b.block.id} className="sched-week__block">
                      {b.wholeDay ? 'Blocked all day' : `Blocked ${b.startTime}–${b.endTime}`}
                      {b.block.reason ? ` · ${b.block.reason}` : ''}
                    </li>
                  );
                }
                const { booking: b, table, startTime } = entry.item;
                const status = cardStatus(b);
                return (
                  <li key={b.id}>
                    <button
                      type="button"
                      className="sched-week__booking"
                      data-attendance={b.attendance ?? undefined}
                      onClick={() => onOpen(b.id)}
                    >
                      <span className="sched-week__time">
                        {startTime} · T{table.table}
                      </span>
                      <strong>{b.dog.name}</strong>
                      <span className="sched-week__service">{b.service.title}</span>
                      <span className={`sched-chip sched-chip--${status.tone}`}>{status.text}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
