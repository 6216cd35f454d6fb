import { useState, type SyntheticEvent } from 'react';
import { staffApi } from '../../client/staff-session.ts';
import { WEEKDAYS } from '../../domain/booking-settings.ts';
import { addDays, todayIn } from '../../domain/london-time.ts';
import { formatPence, penceFromPounds, poundsFromPence } from '../../domain/money.ts';
import {
  ClosuresSavedSchema,
  describeMinutes,
  SERVICE_KINDS,
  ServiceSavedSchema,
  SettingsSavedSchema,
  ShopSettingsSchema,
  type EditableSettings,
  type ShopSettings,
  type StaffService,
} from '../../domain/shop-settings.ts';
import { formatDate, formatWhen, SHOP_TIME_ZONE } from './format.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { Card, LoadFailed, Outcome, useStaffGet } from './records-ui.tsx';
import { useStaffSession } from './use-staff-session.ts';

/** /management/settings: services and prices, the booking rules, closed days; every change audited by the server. */
export default function SettingsPage() {
  const session = useStaffSession();
  if (!session) return null;
  return <Settings />;
}

type Said = { ok: boolean; text: string } | null;

function Settings() {
  const shop = useStaffGet('/management/settings', ShopSettingsSchema);
  const [said, setSaid] = useState<Said>(null);
  const s = shop.data;
  if (!s) {
    return (
      <ManagementPage title="Settings">
        {shop.error ? (
          <LoadFailed what="the settings" error={shop.error} onRetry={shop.reload} />
        ) : (
          <p role="status">Loading the settings…</p>
        )}
      </ManagementPage>
    );
  }
  const last = s.changes[0];
  const done = (text: string) => {
    setSaid({ ok: true, text });
    shop.reload();
  };
  const failed = (text: string) => setSaid({ ok: false, text });
  return (
    <ManagementPage
      title="Settings"
      lead={
        <>
          Changes show on the website straight away.{' '}
          {last ? (
            <>
              Last changed by <strong>{last.who ?? 'a former staff member'}</strong> on {formatWhen(last.at)}.
            </>
          ) : null}{' '}
          The staff list is on the <a href="/management">Dashboard</a>.
        </>
      }
    >
      <Outcome outcome={said} />
      <Services services={s.services} onDone={done} onFailed={failed} />
      <div className="mgmt-grid rec-wide">
        <Rules shop={s} onDone={done} onFailed={failed} />
        <div className="rec-stack">
          <Closures shop={s} onDone={done} onFailed={failed} />
          <Changes shop={s} />
        </div>
      </div>
    </ManagementPage>
  );
}

interface Acting {
  onDone(text: string): void;
  onFailed(text: string): void;
}

// ---- services ----------------------------------------------------------------------------------

interface ServiceForm {
  title: string;
  price: string;
  duration: string;
  description: string;
  display_order: string;
  kind: string;
  active: boolean;
}
const formOf = (s: StaffService): ServiceForm => ({
  title: s.title,
  price: poundsFromPence(s.price),
  duration: String(s.duration),
  description: s.description,
  display_order: String(s.display_order),
  kind: s.kind,
  active: s.active,
});
const EMPTY_SERVICE: ServiceForm = {
  title: '',
  price: '',
  duration: '60',
  description: '',
  display_order: '100',
  kind: 'other',
  active: true,
};

function serviceBody(f: ServiceForm): { body: Record<string, unknown> } | { problem: string } {
  const price = penceFromPounds(f.price);
  if (!f.title.trim()) return { problem: 'Please give the service a title' };
  if (price === null) return { problem: 'Please give the price in pounds, like 45 or 45.50' };
  const duration = Number(f.duration);
  if (!Number.isInteger(duration) || duration < 5 || duration > 600)
    return { problem: 'The duration is in minutes, from 5 to 600' };
  const order = Number(f.display_order);
  if (!Number.isInteger(order) || order < 0 || order > 10_000)
    return { problem: 'The order is a whole number from 0 to 10000' };
  return {
    body: {
      title: f.title.trim(),
      price,
      duration,
      description: f.description,
      display_order: order,
      kind: f.kind,
      active: f.active,
    },
  };
}

function Services({ services, onDone, onFailed }: { services: StaffService[] } & Acting) {
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <Card
      id="services-title"
      title="Services and prices"
      actions={
        adding ? null : (
          <button
            type="button"
            className="ibutton ibutton--ghost"
            onClick={() => {
              setEditing(null);
              setAdding(true);
            }}
          >
            Add a service
          </button>
        )
      }
    >
      <p>Prices are the "from" price the website shows; a booking already made keeps the price it was booked at.</p>
      {adding ? (
        <ServiceEditor
          form={EMPTY_SERVICE}
          title="New service"
          onCancel={() => setAdding(false)}
          onDone={(t) => {
            setAdding(false);
            onDone(t);
          }}
          onFailed={onFailed}
        />
      ) : null}
      <ul className="mgmt-list rec-services" aria-label="Services">
        {[...services]
          .sort((a, b) => a.display_order - b.display_order)
          .map((s) => (
            <li key={s._id}>
              {editing === s._id ? (
                <ServiceEditor
                  id={s._id}
                  form={formOf(s)}
                  title={`Edit ${s.title}`}
                  bookingsAhead={s.bookingsAhead}
                  onCancel={() => setEditing(null)}
                  onDone={(t) => {
                    setEditing(null);
                    onDone(t);
                  }}
                  onFailed={onFailed}
                />
              ) : (
                <>
                  <span className="mgmt-who">
                    <strong>
                      {s.title}
                      {s.active ? null : <span className="mgmt-badge">hidden</span>}
                    </strong>
                    <span className="mgmt-meta">
                      From {formatPence(s.price)} · {describeMinutes(s.duration)} · order {s.display_order}
                      {s.bookingsAhead ? ` · ${s.bookingsAhead} booked ahead` : ''}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="ibutton ibutton--ghost"
                    aria-label={`Edit ${s.title}`}
                    onClick={() => {
                      setAdding(false);
                      setEditing(s._id);
                    }}
                  >
                    Edit
                  </button>
                </>
              )}
            </li>
          ))}
      </ul>
    </Card>
  );
}

function ServiceEditor({
  id,
  form: initial,
  title,
  bookingsAhead,
  onCancel,
  onDone,
  onFailed,
}: { id?: string; form: ServiceForm; title: string; bookingsAhead?: number; onCancel(): void } & Acting) {
  const [f, setF] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const made = serviceBody(f);
    if ('problem' in made) return setProblem(made.problem);
    setBusy(true);
    const r = await staffApi(id ? `/management/services/${encodeURIComponent(id)}` : '/management/services', {
      method: 'POST',
      body: made.body,
      schema: ServiceSavedSchema,
    });
    setBusy(false);
    if (!r.data) {
      setProblem(r.error ?? 'We could not save the service');
      return onFailed(r.error ?? 'We could not save the service');
    }
    onDone(
      `${r.data.service.title} saved: from ${formatPence(r.data.service.price)}, ${describeMinutes(r.data.service.duration)}.`,
    );
  };
  const field = (key: keyof ServiceForm) => ({
    value: f[key] as string,
    onChange: (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value }),
  });
  return (
    <form className="rec-form rec-service-form" onSubmit={(e) => void save(e)} noValidate aria-label={title}>
      <h3>{title}</h3>
      <label className="rec-field">
        <span>Title</span>
        <input className="input" maxLength={120} {...field('title')} />
      </label>
      <div className="rec-three">
        <label className="rec-field">
          <span>Price from (£)</span>
          <input className="input" inputMode="decimal" {...field('price')} />
        </label>
        <label className="rec-field">
          <span>Duration (minutes)</span>
          <input className="input" type="number" min={5} max={600} step={5} {...field('duration')} />
        </label>
        <label className="rec-field">
          <span>Display order</span>
          <input className="input" type="number" min={0} max={10000} {...field('display_order')} />
        </label>
      </div>
      <label className="rec-field">
        <span>Kind</span>
        <select className="input" {...field('kind')}>
          {SERVICE_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      <label className="rec-field">
        <span>Description (HTML: paragraphs, lists, bold and links are kept)</span>
        <textarea className="input" rows={5} maxLength={5000} {...field('description')} />
      </label>
      <label className="rec-check">
        <input type="checkbox" checked={f.active} onChange={(e) => setF({ ...f, active: e.target.checked })} /> Shown on
        the website and bookable
      </label>
      {bookingsAhead ? (
        <p className="field-hint">
          {bookingsAhead} {bookingsAhead === 1 ? 'booking' : 'bookings'} ahead keep the price and length they were
          booked with.
        </p>
      ) : null}
      {problem ? (
        <p className="field-message" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="rec-buttons">
        <button type="submit" className="ibutton ibutton--brand" disabled={busy}>
          {busy ? 'Saving…' : 'Save service'}
        </button>
        <button type="button" className="ibutton ibutton--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// ---- booking rules -------------------------------------------------------------------------------

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

interface RulesForm {
  hours: Record<string, { open: boolean; opens: string; closes: string }>;
  capacity: string;
  depositKind: 'none' | 'fixed' | 'percent';
  depositPounds: string;
  depositPercent: string;
  noticeHours: string;
  horizonWeeks: string;
  cancellationHours: string;
  bankHolidays: boolean;
}

function rulesFormOf(s: EditableSettings): RulesForm {
  return {
    hours: Object.fromEntries(
      WEEKDAYS.map((d) => [
        d,
        {
          open: s.openingHours[d] !== null,
          opens: s.openingHours[d]?.opens ?? '09:00',
          closes: s.openingHours[d]?.closes ?? '17:00',
        },
      ]),
    ),
    capacity: String(s.capacity),
    depositKind: s.deposit.kind,
    depositPounds: s.deposit.kind === 'fixed' ? poundsFromPence(s.deposit.pence) : '10.00',
    depositPercent: s.deposit.kind === 'percent' ? String(s.deposit.percent) : '20',
    noticeHours: String(s.minNoticeMinutes / 60),
    horizonWeeks: String(s.horizonWeeks),
    cancellationHours: String(s.cancellationNoticeHours),
    bankHolidays: s.closedOnBankHolidays,
  };
}

function rulesOf(f: RulesForm): { settings: EditableSettings } | { problem: string } {
  const openingHours = {} as EditableSettings['openingHours'];
  for (const d of WEEKDAYS) {
    const h = f.hours[d]!;
    if (h.open && !(h.opens < h.closes)) return { problem: `${DAY_NAMES[d]} must close after it opens` };
    openingHours[d] = h.open ? { opens: h.opens, closes: h.closes } : null;
  }
  const capacity = Number(f.capacity);
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > 50)
    return { problem: 'Tables: a whole number from 1 to 50' };
  let deposit: EditableSettings['deposit'] = { kind: 'none' };
  if (f.depositKind === 'fixed') {
    const pence = penceFromPounds(f.depositPounds);
    if (!pence) return { problem: 'Please give the deposit in pounds, like 10 or 12.50' };
    deposit = { kind: 'fixed', pence };
  } else if (f.depositKind === 'percent') {
    const percent = Number(f.depositPercent);
    if (!(percent > 0 && percent <= 100)) return { problem: 'The deposit percentage is from 1 to 100' };
    deposit = { kind: 'percent', percent };
  }
  const notice = Math.round(Number(f.noticeHours) * 60);
  if (!(notice >= 0 && notice <= 60 * 24 * 30)) return { problem: 'Notice: from 0 hours to 30 days (720 hours)' };
  const horizonWeeks = Number(f.horizonWeeks);
  if (!Number.isInteger(horizonWeeks) || horizonWeeks < 1 || horizonWeeks > 104)
    return { problem: 'Booking ahead: 1 to 104 weeks' };
  const cancellationNoticeHours = Number(f.cancellationHours);
  if (!Number.isInteger(cancellationNoticeHours) || cancellationNoticeHours < 0 || cancellationNoticeHours > 336)
    return { problem: 'Free cancellation: 0 to 336 hours before' };
  return {
    settings: {
      openingHours,
      capacity,
      deposit,
      minNoticeMinutes: notice,
      horizonWeeks,
      cancellationNoticeHours,
      closedOnBankHolidays: f.bankHolidays,
    },
  };
}

function Rules({ shop, onDone, onFailed }: { shop: ShopSettings } & Acting) {
  const [f, setF] = useState(() => rulesFormOf(shop.settings));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const made = rulesOf(f);
    if ('problem' in made) return setProblem(made.problem);
    // Only what changed, so the audit says what happened and nothing else.
    const change = Object.fromEntries(
      Object.entries(made.settings).filter(
        ([k, v]) => JSON.stringify(v) !== JSON.stringify(shop.settings[k as keyof EditableSettings]),
      ),
    );
    if (Object.keys(change).length === 0) return setProblem('Nothing has changed yet');
    setProblem(null);
    setBusy(true);
    const r = await staffApi('/management/settings', { method: 'POST', body: change, schema: SettingsSavedSchema });
    setBusy(false);
    if (!r.data) {
      setProblem(r.error ?? 'We could not save the rules');
      return onFailed(r.error ?? 'We could not save the rules');
    }
    setF(rulesFormOf(r.data.settings));
    const rebuild =
      r.data.rebuild === 'scheduled' || r.data.rebuild === 'already scheduled'
        ? ' The pages that show the opening hours are being rebuilt (a few minutes).'
        : '';
    onDone(`Booking rules saved.${rebuild}`);
  };
  const hour = (d: string, change: Partial<RulesForm['hours'][string]>) =>
    setF({ ...f, hours: { ...f.hours, [d]: { ...f.hours[d]!, ...change } } });
  return (
    <Card id="rules-title" title="Booking rules">
      <form className="rec-form" onSubmit={(e) => void save(e)} noValidate aria-labelledby="rules-title">
        <fieldset className="rec-fieldset">
          <legend>Opening hours</legend>
          {WEEKDAYS.map((d) => (
            <div className="rec-hours" key={d}>
              <label className="rec-check">
                <input
                  type="checkbox"
                  checked={f.hours[d]!.open}
                  onChange={(e) => hour(d, { open: e.target.checked })}
                />{' '}
                {DAY_NAMES[d]}
              </label>
              {f.hours[d]!.open ? (
                <>
                  <label className="rec-field rec-inline">
                    <span className="visually-hidden">{DAY_NAMES[d]} opens</span>
                    <input
                      className="input"
                      type="time"
                      step={900}
                      value={f.hours[d]!.opens}
                      onChange={(e) => hour(d, { opens: e.target.value })}
                    />
                  </label>
                  <span aria-hidden="true">to</span>
                  <label className="rec-field rec-inline">
                    <span className="visually-hidden">{DAY_NAMES[d]} closes</span>
                    <input
                      className="input"
                      type="time"
                      step={900}
                      value={f.hours[d]!.closes}
                      onChange={(e) => hour(d, { closes: e.target.value })}
                    />
                  </label>
                </>
              ) : (
                <span className="mgmt-meta">Closed</span>
              )}
            </div>
          ))}
          <label className="rec-check">
            <input
              type="checkbox"
              checked={f.bankHolidays}
              onChange={(e) => setF({ ...f, bankHolidays: e.target.checked })}
            />{' '}
            Closed on bank holidays
          </label>
        </fieldset>
        <div className="rec-pair">
          <label className="rec-field">
            <span>Grooming tables</span>
            <input
              className="input"
              type="number"
              min={1}
              max={50}
              value={f.capacity}
              onChange={(e) => setF({ ...f, capacity: e.target.value })}
            />
          </label>
          <label className="rec-field">
            <span>Notice (hours)</span>
            <input
              className="input"
              inputMode="decimal"
              value={f.noticeHours}
              onChange={(e) => setF({ ...f, noticeHours: e.target.value })}
            />
          </label>
          <label className="rec-field">
            <span>Booking ahead (weeks)</span>
            <input
              className="input"
              type="number"
              min={1}
              max={104}
              value={f.horizonWeeks}
              onChange={(e) => setF({ ...f, horizonWeeks: e.target.value })}
            />
          </label>
          <label className="rec-field">
            <span>Free cancellation until (hours before)</span>
            <input
              className="input"
              type="number"
              min={0}
              max={336}
              value={f.cancellationHours}
              onChange={(e) => setF({ ...f, cancellationHours: e.target.value })}
            />
          </label>
        </div>
        <fieldset className="rec-fieldset">
          <legend>Deposit</legend>
          {!shop.onlinePayments ? (
            <p className="field-hint">Online payments are not set up, so no deposit is taken until they are.</p>
          ) : null}
          <div className="rec-radios">
            {(['none', 'fixed', 'percent'] as const).map((k) => (
              <label key={k} className="rec-check">
                <input
                  type="radio"
                  name="deposit"
                  checked={f.depositKind === k}
                  onChange={() => setF({ ...f, depositKind: k })}
                />{' '}
                {k === 'none' ? 'No deposit' : k === 'fixed' ? 'A fixed amount' : 'A percentage'}
              </label>
            ))}
          </div>
          {f.depositKind === 'fixed' ? (
            <label className="rec-field">
              <span>Deposit (£)</span>
              <input
                className="input"
                inputMode="decimal"
                value={f.depositPounds}
                onChange={(e) => setF({ ...f, depositPounds: e.target.value })}
              />
            </label>
          ) : null}
          {f.depositKind === 'percent' ? (
            <label className="rec-field">
              <span>Deposit (% of the price)</span>
              <input
                className="input"
                inputMode="decimal"
                value={f.depositPercent}
                onChange={(e) => setF({ ...f, depositPercent: e.target.value })}
              />
            </label>
          ) : null}
        </fieldset>
        {problem ? (
          <p className="field-message" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="ibutton ibutton--brand" disabled={busy}>
          {busy ? 'Saving…' : 'Save booking rules'}
        </button>
      </form>
    </Card>
  );
}

// ---- closures and changes ------------------------------------------------------------------------

function Closures({ shop, onDone, onFailed }: { shop: ShopSettings } & Acting) {
  const today = todayIn(SHOP_TIME_ZONE, new Date());
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!date) return onFailed('Please choose the day to close');
    setBusy(true);
    const r = await staffApi('/management/closures', {
      method: 'POST',
      body: { date, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      schema: ClosuresSavedSchema,
    });
    setBusy(false);
    if (!r.data) return onFailed(r.error ?? 'We could not close that day');
    setDate('');
    setReason('');
    onDone(
      `Closed on ${formatDate(date)}.${r.data.bookingsThatDay ? ` ${r.data.bookingsThatDay} ${r.data.bookingsThatDay === 1 ? 'appointment is' : 'appointments are'} booked that day: please call ${r.data.bookingsThatDay === 1 ? 'that customer' : 'those customers'}.` : ''}`,
    );
  };
  const remove = async (day: string) => {
    const r = await staffApi(`/management/closures/${day}/remove`, {
      method: 'POST',
      body: {},
      schema: ClosuresSavedSchema,
    });
    if (!r.data) return onFailed(r.error ?? 'We could not open that day again');
    onDone(`Open again on ${formatDate(day)}.`);
  };
  return (
    <Card id="closures-title" title="Closed days">
      {shop.closures.length === 0 ? (
        <p>No days closed ahead.</p>
      ) : (
        <ul className="mgmt-list" aria-label="Closed days">
          {shop.closures.map((c) => (
            <li key={c.date}>
              <span className="mgmt-who">
                <strong>{formatDate(c.date)}</strong>
                {c.reason ? <span className="mgmt-meta">{c.reason}</span> : null}
              </span>
              <button
                type="button"
                className="mgmt-link-button"
                aria-label={`Open again on ${formatDate(c.date)}`}
                onClick={() => void remove(c.date)}
              >
                Open again
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="rec-form" onSubmit={(e) => void add(e)} noValidate aria-label="Close a day">
        <div className="rec-pair">
          <label className="rec-field">
            <span>Day to close</span>
            <input
              className="input"
              type="date"
              min={today}
              max={addDays(today, 730)}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </label>
          <label className="rec-field">
            <span>Reason (optional)</span>
            <input className="input" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
        </div>
        <button type="submit" className="ibutton ibutton--ghost" disabled={busy}>
          {busy ? 'Closing…' : 'Close this day'}
        </button>
      </form>
    </Card>
  );
}

function Changes({ shop }: { shop: ShopSettings }) {
  return (
    <Card id="changes-title" title="Recent changes">
      {shop.changes.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ul className="mgmt-list" aria-label="Recent changes">
          {shop.changes.slice(0, 12).map((c, i) => (
            <li key={`${c.at}${i}`}>
              <span className="mgmt-who">
                <strong>{c.summary}</strong>
                <span className="mgmt-meta">
                  {c.who ?? 'A former staff member'}, {formatWhen(c.at)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
