import { useCallback, useEffect, useRef, useState } from 'react';
import { staffApi } from '../../client/staff-session.ts';
import {
  changeAgainst,
  conversionPercent,
  firstDays,
  DashboardResponseSchema,
  MessageRetryResponseSchema,
  STOPPED_MESSAGE_DAYS,
  type DashboardResponse,
  type StoppedMessage,
} from '../../domain/dashboard.ts';
import { addDays, daysBetween } from '../../domain/london-time.ts';
import { formatPence } from '../../domain/money.ts';
import { formatUkMobile } from '../../domain/phone.ts';
import { ScheduleResponseSchema, type ScheduleResponse } from '../../domain/schedule.ts';
import { SHOP_TIME_ZONE } from '../../domain/shop.ts';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import type { ButtonStatus } from '../forms/status.ts';
import type { ChartSeries } from './charts.ts';
import { cardStatus, dayLayout, longDate, shortDate } from './schedule-layout.ts';
import { ErrorNotice } from './StaffDialog.tsx';
import './schedule.css';

/**
 * The dashboard's working part (docs/decisions/060): today and tomorrow at a glance from the
 * schedule, and the week's figures from GET /management/dashboard, with small uPlot charts that
 * each have their table beside them.
 */
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const CHANNEL_NAMES = {
  'google ads': 'Google Ads',
  'facebook ads': 'Facebook Ads',
  direct: 'Direct',
  other: 'Other',
} as const;

export function DashboardPanel() {
  const [figures, setFigures] = useState<DashboardResponse | null>(null);
  const [days, setDays] = useState<ScheduleResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    const dashboard = await staffApi('/management/dashboard', { schema: DashboardResponseSchema });
    if (!dashboard.data) return setError(dashboard.error ?? 'The figures could not be loaded.');
    setFigures(dashboard.data);
    const schedule = await staffApi(`/management/schedule?from=${dashboard.data.today}&days=2`, {
      schema: ScheduleResponseSchema,
    });
    if (!schedule.data) return setError(schedule.error ?? "Today's appointments could not be loaded.");
    setDays(schedule.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <ErrorNotice message={error} onRetry={() => void load()} />;
  if (!figures)
    return (
      <p role="status" className="sched-loading">
        Loading today and the week’s figures…
      </p>
    );

  const today = figures.today;
  const dayIndex = daysBetween(figures.takings.thisWeek.monday, today) + 1;
  const soFar = firstDays(figures.takings.thisWeek.days, dayIndex);
  const lastSoFar = firstDays(figures.takings.lastWeek.days, dayIndex);
  const change = changeAgainst(soFar, lastSoFar);
  const { last28Days } = figures.noShows;

  return (
    <div className="dash">
      <div className="dash-days">
        {[today, addDays(today, 1)].map((date, i) => (
          <DayCard key={date} title={i === 0 ? 'Today' : 'Tomorrow'} date={date} schedule={days} />
        ))}
      </div>

      <ul className="dash-tiles" aria-label="This week at a glance">
        <li className="dash-tile">
          <span className="dash-tile__label">Takings this week so far</span>
          <strong className="dash-tile__value">{formatPence(soFar)}</strong>
          <span className="dash-tile__note" data-direction={change.direction}>
            {change.percent === null
              ? `Last week to ${WEEKDAYS[dayIndex - 1]}: ${formatPence(lastSoFar)}`
              : `${change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : '='} ${change.percent}% against last week to ${WEEKDAYS[dayIndex - 1]} (${formatPence(lastSoFar)})`}
          </span>
        </li>
        <li className="dash-tile">
          <span className="dash-tile__label">Deposits held</span>
          <strong className="dash-tile__value">{formatPence(figures.depositsHeld.pence)}</strong>
          <span className="dash-tile__note">
            for {figures.depositsHeld.appointments} appointment{figures.depositsHeld.appointments === 1 ? '' : 's'} to
            come
          </span>
        </li>
        <li className="dash-tile">
          <span className="dash-tile__label">No-shows this week</span>
          <strong className="dash-tile__value">{figures.noShows.thisWeek}</strong>
          <span className="dash-tile__note">
            {figures.noShows.lastWeek} last week · {last28Days.noShows} of {last28Days.appointments} in 28 days
          </span>
        </li>
        <li className="dash-tile" data-attention={figures.noShows.unmarkedToday ? 'true' : undefined}>
          <span className="dash-tile__label">Not marked yet today</span>
          <strong className="dash-tile__value">{figures.noShows.unmarkedToday}</strong>
          <span className="dash-tile__note">
            {figures.noShows.unmarkedToday ? (
              <a href={`/management/schedule?day=${today}`}>Mark them on the schedule</a>
            ) : (
              'Every past appointment is marked'
            )}
          </span>
        </li>
      </ul>

      {figures.textBudget.near ? <TextBudgetWarning budget={figures.textBudget} /> : null}

      <MessagesCard messages={figures.messages} />

      <div className="dash-charts">
        <ChartCard
          title="Takings this week"
          caption="Bars: this week by day. Line: the same days last week."
          labels={WEEKDAYS}
          series={[
            {
              label: 'This week',
              values: figures.takings.thisWeek.days.map((p) => p / 100),
              colour: '#0f5563',
              kind: 'bars',
            },
            {
              label: 'Last week',
              values: figures.takings.lastWeek.days.map((p) => p / 100),
              colour: '#b8431c',
              kind: 'line',
            },
          ]}
          format="pounds"
          table={{
            name: 'Takings by day, this week and last week',
            head: ['Day', 'This week', 'Last week'],
            rows: WEEKDAYS.map((d, i) => [
              `${d} ${shortDate(addDays(figures.takings.thisWeek.monday, i)).split(' ').slice(1).join(' ')}`,
              formatPence(figures.takings.thisWeek.days[i]!),
              formatPence(figures.takings.lastWeek.days[i]!),
            ]),
          }}
        />
        <ChartCard
          title="New and returning customers"
          caption={`Appointments a week for the last ${figures.customers.length} weeks: first visits and returning customers.`}
          labels={figures.customers.map((w) => `${Number(w.monday.slice(8))}/${Number(w.monday.slice(5, 7))}`)}
          series={[
            { label: 'Returning', values: figures.customers.map((w) => w.returning), colour: '#0f5563', kind: 'bars' },
            { label: 'First visit', values: figures.customers.map((w) => w.first), colour: '#b8431c', kind: 'line' },
          ]}
          format="count"
          table={{
            name: 'New and returning customers by week',
            head: ['Week of', 'First visits', 'Returning'],
            rows: figures.customers.map((w) => [shortDate(w.monday), String(w.first), String(w.returning)]),
          }}
        />
        <section className="mgmt-card dash-sources" aria-labelledby="dash-sources">
          <h2 id="dash-sources">Where bookings came from</h2>
          <p className="dash-caption">
            Visits to the site and the online bookings made in them, since{' '}
            {shortDate(figures.sources.since.slice(0, 10))}.
          </p>
          <table className="dash-table">
            <caption className="visually-hidden">Visits, bookings and conversion by channel</caption>
            <thead>
              <tr>
                <th scope="col">Channel</th>
                <th scope="col">Visits</th>
                <th scope="col">Bookings</th>
                <th scope="col">Conversion</th>
              </tr>
            </thead>
            <tbody>
              {figures.sources.channels.map((c) => {
                const percent = conversionPercent(c.visits, c.bookings);
                return (
                  <tr key={c.channel}>
                    <th scope="row">{CHANNEL_NAMES[c.channel]}</th>
                    <td>{c.visits}</td>
                    <td>{c.bookings}</td>
                    <td>
                      <span className="dash-meter" aria-hidden="true">
                        <span style={{ width: `${Math.min(100, (percent ?? 0) * 5)}%` }} />
                      </span>
                      {percent === null ? '–' : `${percent}%`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="dash-caption">
            Also {figures.sources.byPhone} taken on the phone, and {figures.sources.unattributed} online without a
            recorded visit (statistics declined).
          </p>
        </section>
      </div>
    </div>
  );
}

function DayCard({ title, date, schedule }: { title: string; date: string; schedule: ScheduleResponse | null }) {
  const layout = schedule ? dayLayout(schedule, date, new Date()) : null;
  const day = schedule?.days.find((d) => d.date === date);
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
      {!layout ? (
        <p role="status" className="sched-loading">
          Loading…
        </p>
      ) : null}
      {layout && day && !day.open ? (
        <p className="dash-closed">
          {day.reason === 'bank_holiday' ? `Closed: ${day.holiday ?? 'bank holiday'}` : 'The shop is closed.'}
        </p>
      ) : null}
      {layout && day?.open && !layout.bookings.length ? (
        <p className="dash-closed">
          No appointments yet. Open {day.opens}–{day.closes}.
        </p>
      ) : null}
      {layout?.blocks.map((b) => (
        <p key={b.block.id} className="sched-week__block">
          {b.wholeDay ? 'Blocked all day' : `Blocked ${b.startTime}–${b.endTime}`}
          {b.block.reason ? ` · ${b.block.reason}` : ''}
        </p>
      ))}
      {layout && layout.bookings.length ? (
        <ul className="dash-list">
          {layout.bookings.map(({ booking: b, table, startTime, endTime }) => (
            <li key={b.id} data-attendance={b.attendance ?? undefined} data-status={b.status}>
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
                {b.dog.notes || b.staffNote ? (
                  <span className="sched-card__notes">{[b.dog.notes, b.staffNote].filter(Boolean).join(' · ')}</span>
                ) : null}
              </span>
              <span className="dash-list__chips">
                <span className={`sched-chip sched-chip--${cardStatus(b).tone}`}>{cardStatus(b).text}</span>
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
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ChartCard({
  title,
  caption,
  labels,
  series,
  format,
  table,
}: {
  title: string;
  caption: string;
  labels: string[];
  series: ChartSeries[];
  format: 'pounds' | 'count';
  table: { name: string; head: string[]; rows: string[][] };
}) {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let current = true;
    // uPlot comes with the first chart, not with the page.
    void import('./charts.ts')
      .then(({ drawChart }) => {
        if (!current || !target.current) return;
        stop = drawChart(
          target.current,
          labels,
          series,
          format === 'pounds' ? (n) => `£${Math.round(n)}` : (n) => String(Math.round(n)),
        );
      })
      .catch(() => setFailed(true));
    return () => {
      current = false;
      stop?.();
    };
    // Redrawn only when the figures change (the arrays are rebuilt every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify([labels, series, format])]);
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="mgmt-card dash-chart" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="dash-caption">{caption}</p>
      <div ref={target} className="dash-chart__plot" aria-hidden="true">
        {failed ? <p>The chart could not be drawn; the table below has the figures.</p> : null}
      </div>
      <details className="dash-details">
        <summary>Show the figures as a table</summary>
        <table className="dash-table">
          <caption className="visually-hidden">{table.name}</caption>
          <thead>
            <tr>
              {table.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r[0]}>
                <th scope="row">{r[0]}</th>
                {r.slice(1).map((c, i) => (
                  <td key={i}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

const MESSAGE_KINDS: Record<string, string> = {
  booking_confirmation: 'Booking confirmation',
  booking_reminder: 'Reminder',
  booking_cancelled: 'Cancellation',
  booking_moved: 'New time',
  shop_new_booking: 'New booking notice to the shop',
  phone_code: 'One-time code',
};
const at = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  });

/**
 * Messages the outbox stopped trying (docs/decisions/065): each with why, and "Send again" where
 * that makes sense; a code never, as it has expired and the person can ask for a new one.
 */
/**
 * The day's budget of texts the shop did not choose to send (decision 069), shown only from 80 %:
 * a script asking for codes, or a busy day, before customers start being told to call.
 */
function TextBudgetWarning({ budget }: { budget: DashboardResponse['textBudget'] }) {
  const resets = new Date(budget.resetsAt).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  });
  return (
    <section className="mgmt-card dash-text-budget" aria-labelledby="dash-text-budget" data-spent={budget.spent}>
      <h2 id="dash-text-budget">{budget.spent ? 'No more code texts today' : 'Code texts nearly used up'}</h2>
      <p>
        <strong>
          {budget.used} of {budget.budget}
        </strong>{' '}
        texts for codes and first confirmations to unproven numbers are used today.{' '}
        {budget.spent
          ? 'Customers who ask for a code are told to call the shop, staff sign in with a passkey, and new bookings are confirmed by e-mail.'
          : 'When they are all used, customers who ask for a code are told to call the shop and staff sign in with a passkey.'}{' '}
        The count starts again at {resets}.
      </p>
    </section>
  );
}

function MessagesCard({ messages }: { messages: DashboardResponse['messages'] }) {
  return (
    <section className="mgmt-card dash-messages" aria-labelledby="dash-messages">
      <h2 id="dash-messages">Messages not sent</h2>
      {messages.waiting ? (
        <p className="dash-caption" role="status">
          {messages.waiting} message{messages.waiting === 1 ? ' is' : 's are'} waiting for the text or e-mail provider;
          they are tried again every few minutes, then hourly.
        </p>
      ) : null}
      {messages.stopped.length ? (
        <ul className="dash-messages__list">
          {messages.stopped.map((m) => (
            <StoppedMessageItem key={m.id} message={m} />
          ))}
        </ul>
      ) : (
        <p className="dash-closed">Every message of the last {STOPPED_MESSAGE_DAYS} days went out.</p>
      )}
    </section>
  );
}

function StoppedMessageItem({ message: m }: { message: StoppedMessage }) {
  const [status, setStatus] = useState<ButtonStatus>(0);
  const [outcome, setOutcome] = useState<string | null>(null);
  const what = MESSAGE_KINDS[m.kind] ?? m.kind.replace(/_/g, ' ');
  const retry = async () => {
    setStatus(1);
    setOutcome(null);
    const result = await staffApi(`/management/messages/${m.id}/retry`, {
      method: 'POST',
      body: {},
      schema: MessageRetryResponseSchema,
    });
    if (!result.data) {
      setStatus(3);
      return setOutcome(result.error ?? 'It could not be sent again. Please try later.');
    }
    const sent = result.data.message.status === 'sent';
    setStatus(sent ? 4 : 2);
    setOutcome(
      sent
        ? 'Sent.'
        : `Not sent yet${result.data.message.lastError ? ` (${result.data.message.lastError})` : ''}: it will be tried again for a day.`,
    );
  };
  return (
    <li className="dash-messages__item">
      <span>
        <strong>{what}</strong> by {m.channel === 'sms' ? 'text' : 'e-mail'} to{' '}
        {m.channel === 'sms' ? formatUkMobile(m.recipient) : m.recipient}
      </span>
      <span className="dash-list__soft">
        Written {at(m.writtenAt)}.{' '}
        {m.failure === 'expired'
          ? `Expired unsent ${at(m.stoppedAt)}.`
          : `Stopped ${at(m.stoppedAt)} after ${m.attempts} tries${m.lastError ? `: ${m.lastError}` : ''}.`}
      </span>
      {m.noRetry ? (
        <span className="dash-messages__note">{m.noRetry}</span>
      ) : (
        <span className="dash-messages__action">
          {status === 4 ? null : (
            <InteractiveButton
              variant="ghost"
              status={status}
              statusText={status === 1 ? 'Sending…' : status === 3 ? 'Try again' : undefined}
              onClick={() => void retry()}
              aria-label={`Send again: ${what.toLowerCase()} to ${m.channel === 'sms' ? formatUkMobile(m.recipient) : m.recipient}`}
            >
              Send again
            </InteractiveButton>
          )}
          {outcome ? (
            <span role="status" className="dash-messages__note">
              {outcome}
            </span>
          ) : null}
        </span>
      )}
    </li>
  );
}
