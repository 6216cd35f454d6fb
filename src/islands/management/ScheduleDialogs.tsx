import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../../client/api.ts';
import { staffApi } from '../../client/staff-session.ts';
import { COATS, type Coat } from '../../domain/booking-schemas.ts';
import { BookingTypesResponseSchema, sortBookingTypes, type BookingType } from '../../domain/booking-types.ts';
import { BreedsResponseSchema, type Breed } from '../../domain/breeds.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from '../../domain/london-time.ts';
import { formatPence, penceFromPounds, poundsFromPence } from '../../domain/money.ts';
import { formatUkMobile } from '../../domain/phone.ts';
import {
  AttendanceResponseSchema,
  BlockConflictSchema,
  BlockResponseSchema,
  CustomerLookupResponseSchema,
  FreeTimesResponseSchema,
  StaffBookingResponseSchema,
  type AttendanceResponse,
  type BalanceMethod,
  ScheduleResponseSchema,
  type LookupCustomer,
  type ScheduleBooking,
  type ScheduleDay,
} from '../../domain/schedule.ts';
import { blockDefaults, longDate, noShowWait, shortDate, wallTime } from './schedule-layout.ts';
import { ErrorNotice, StaffDialog } from './StaffDialog.tsx';
import { SHOP_TIME_ZONE } from '../../domain/shop.ts';

/** What the schedule says after a change: a sentence, an Undo when the change can be taken back. */
export interface Announcement {
  text: string;
  undo?: () => Promise<void>;
  error?: boolean;
}

const SHOP_ZONE = SHOP_TIME_ZONE;
const ATTENDANCE_DONE = { arrived: 'arrived', completed: 'completed', no_show: 'a no-show' } as const;

/** A fresh uuid per attempt of a phone booking (a double tap books once). */
const newKey = () => crypto.randomUUID();

function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
}

// ---- the free times of a day, as staff may book them --------------------------------------------

function FreeTimes({
  service,
  date,
  exclude,
  value,
  onChange,
}: {
  service: string;
  date: string;
  exclude?: string;
  value: string;
  onChange: (start: string) => void;
}) {
  const [times, setTimes] = useState<Array<{ start: string; time: string }> | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!service || !date) return;
    let current = true;
    setTimes(null);
    setError(null);
    void staffApi(
      `/management/free-times?service=${encodeURIComponent(service)}&date=${date}${exclude ? `&exclude=${exclude}` : ''}`,
      { schema: FreeTimesResponseSchema },
    ).then((r) => {
      if (!current) return;
      if (!r.data) return setError(r.error ?? 'The free times could not be loaded.');
      setClosed(
        r.data.day.open
          ? null
          : r.data.day.reason === 'bank_holiday'
            ? 'The shop is closed for the bank holiday.'
            : 'The shop is closed on this day.',
      );
      setTimes(r.data.day.slots);
    });
    return () => {
      current = false;
    };
  }, [service, date, exclude, attempt]);
  const legend = `Free times on ${shortDate(date)}`;
  if (error) return <ErrorNotice message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!times)
    return (
      <p role="status" className="field-hint">
        Finding free times…
      </p>
    );
  if (closed) return <p className="mgmt-notice">{closed}</p>;
  if (!times.length) return <p className="mgmt-notice">No free times on this day for this service. Try another day.</p>;
  return (
    <fieldset className="field sched-times">
      <legend className="field-label">{legend}</legend>
      <div className="sched-times__grid">
        {times.map((t) => (
          <label key={t.start} className="sched-time" data-checked={value === t.start ? 'true' : undefined}>
            <input
              type="radio"
              name={`time-${date}`}
              value={t.start}
              checked={value === t.start}
              onChange={() => onChange(t.start)}
            />
            <span>{t.time}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ---- one appointment: details, marks, move, cancel, note ---------------------------------------

export function BookingDialog({
  booking: b,
  table,
  now,
  onClose,
  onChanged,
  onMarked,
}: {
  booking: ScheduleBooking;
  table: number | null;
  now: Date;
  onClose: () => void;
  onChanged: (message: Announcement | null) => Promise<void>;
  onMarked: (answer: AttendanceResponse, text: string) => Promise<void>;
}) {
  const [mode, setMode] = useState<'view' | 'complete' | 'move' | 'cancel'>('view');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; retry?: () => void } | null>(null);
  // What is left on the booking's quote (its total less the deposit held), in pence to the end.
  const [balance, setBalance] = useState(poundsFromPence(b.balanceDuePence));
  const [method, setMethod] = useState<BalanceMethod>('card');
  const [moveDate, setMoveDate] = useState(todayIn(SHOP_ZONE, new Date(b.start)));
  const [moveStart, setMoveStart] = useState('');
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(false);
  const [note, setNote] = useState(b.staffNote);
  const started = Date.parse(b.start) <= now.getTime();
  const noShowLater = noShowWait(b.start, now, SHOP_ZONE);
  const waitId = useId();
  const sameDayOrLater = todayIn(SHOP_ZONE, now) >= todayIn(SHOP_ZONE, new Date(b.start));
  const open = b.status === 'confirmed';
  const time = `${wallTime(b.start, SHOP_ZONE)}–${wallTime(b.end, SHOP_ZONE)}`;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const mark = (
    attendance: 'arrived' | 'completed' | 'no_show' | null,
    withBalance?: { pence: number; method: BalanceMethod },
  ) =>
    run(async () => {
      const result = await staffApi(`/management/bookings/${b.id}/attendance`, {
        method: 'POST',
        schema: AttendanceResponseSchema,
        body: { attendance, ...(withBalance ? { balance: withBalance } : {}) },
      });
      if (!result.data)
        return setError({
          text: result.error ?? 'That could not be saved.',
          retry: () => void mark(attendance, withBalance),
        });
      onClose();
      await onMarked(
        result.data,
        attendance ? `${b.dog.name} marked ${ATTENDANCE_DONE[attendance]}.` : `${b.dog.name}'s mark taken back.`,
      );
    });

  const complete = (e: FormEvent) => {
    e.preventDefault();
    const pence = penceFromPounds(balance);
    if (pence === null) return setError({ text: 'Enter the amount taken in pounds, for example 35.00.' });
    void mark('completed', { pence, method });
  };

  const moveTo = (e: FormEvent) => {
    e.preventDefault();
    if (!moveStart) return setError({ text: 'Choose one of the free times first.' });
    void run(async () => {
      const result = await staffApi(`/management/bookings/${b.id}/move`, {
        method: 'POST',
        body: { start: moveStart },
        schema: StaffBookingResponseSchema,
      });
      if (!result.data) {
        setMoveStart('');
        return setError({
          text: result.error ?? 'The appointment could not be moved.',
          retry: () => setMoveDate((d) => d),
        });
      }
      onClose();
      await onChanged({
        text: `Moved ${b.dog.name} to ${shortDate(todayIn(SHOP_ZONE, new Date(moveStart)))} at ${wallTime(moveStart, SHOP_ZONE)}. The customer has been told.`,
      });
    });
  };

  const cancel = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const result = await staffApi(`/management/bookings/${b.id}/cancel`, {
        method: 'POST',
        schema: StaffBookingResponseSchema,
        body: {
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          ...(b.depositHeldPence ? { refundDeposit: refund } : {}),
        },
      });
      if (!result.data)
        return setError({ text: result.error ?? 'The appointment could not be cancelled.', retry: () => cancel(e) });
      onClose();
      await onChanged({
        text: `Cancelled ${b.dog.name}'s ${b.service.title} at ${wallTime(b.start, SHOP_ZONE)}. The customer has been told.`,
      });
    });
  };

  const saveNote = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const result = await staffApi(`/management/bookings/${b.id}/note`, {
        method: 'POST',
        body: { note },
        schema: StaffBookingResponseSchema,
      });
      if (!result.data)
        return setError({ text: result.error ?? 'The note could not be saved.', retry: () => saveNote(e) });
      await onChanged({ text: `Note saved for ${b.dog.name}.` });
    });
  };

  return (
    <StaffDialog title={`${b.dog.name} · ${b.service.title}`} onClose={onClose}>
      <dl className="sched-facts">
        <div>
          <dt>When</dt>
          <dd>
            {longDate(todayIn(SHOP_ZONE, new Date(b.start)))}, {time}
            {table ? ` · Table ${table}` : ''}
          </dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>
            {b.customer.name}
            {b.customer.phone ? (
              <>
                {' '}
                · <a href={`tel:${b.customer.phone}`}>{formatUkMobile(b.customer.phone)}</a>
              </>
            ) : null}
            {b.firstVisit ? <span className="mgmt-badge">First visit</span> : null}
            {b.dispute ? (
              <span className="mgmt-badge">Chargeback ({b.dispute.status.replace(/_/g, ' ')}): answer in Stripe</span>
            ) : null}
            {b.refundFailedPence ? <span className="mgmt-badge">Refund failed: pay back by hand</span> : null}
          </dd>
        </div>
        <div>
          <dt>Dog</dt>
          <dd>
            {b.dog.breed}, {b.dog.weightKg} kg, {b.dog.coat} coat
            {b.dog.nervous ? <span className="sched-chip sched-chip--warn">Nervous</span> : null}
          </dd>
        </div>
        {b.dog.notes ? (
          <div>
            <dt>Dog notes</dt>
            <dd>{b.dog.notes}</dd>
          </div>
        ) : null}
        <div>
          <dt>Money</dt>
          <dd>
            From {formatPence(b.totalFromPence)}
            {b.depositHeldPence ? ` · deposit ${formatPence(b.depositHeldPence)} paid` : ''}
            {b.attendance === 'completed'
              ? ` · ${formatPence(b.balancePaidPence)} taken${b.balanceMethod ? ` by ${b.balanceMethod}` : ''}`
              : ` · ${formatPence(b.balanceDuePence)} due`}
          </dd>
        </div>
        <div>
          <dt>Booked</dt>
          <dd>
            {b.takenBy === 'phone' ? 'On the phone' : 'Online'}
            {b.status === 'pending_payment' ? ' · the deposit is still being paid' : ''}
          </dd>
        </div>
        {b.attendance ? (
          <div>
            <dt>At the counter</dt>
            <dd>Marked {ATTENDANCE_DONE[b.attendance]}</dd>
          </div>
        ) : null}
      </dl>

      {error ? <ErrorNotice message={error.text} {...(error.retry ? { onRetry: error.retry } : {})} /> : null}

      {mode === 'view' && open ? (
        <div className="sched-dialog-actions">
          {b.attendance ? (
            <button
              type="button"
              className="sched-button sched-button--ghost"
              disabled={busy}
              onClick={() => void mark(null)}
            >
              Undo “{ATTENDANCE_DONE[b.attendance]}”
            </button>
          ) : (
            <>
              <button
                type="button"
                className="sched-button sched-button--big"
                disabled={busy || !sameDayOrLater}
                aria-describedby={!sameDayOrLater ? waitId : undefined}
                onClick={() => void mark('arrived')}
              >
                Arrived
              </button>
              <button
                type="button"
                className="sched-button sched-button--big sched-button--ok"
                disabled={busy || !sameDayOrLater}
                aria-describedby={!sameDayOrLater ? waitId : undefined}
                onClick={() => setMode('complete')}
              >
                Completed…
              </button>
              <button
                type="button"
                className="sched-button sched-button--big sched-button--warn"
                disabled={busy || !started}
                aria-describedby={noShowLater ? waitId : undefined}
                onClick={() => void mark('no_show')}
              >
                No-show
              </button>
            </>
          )}
          {b.attendance === 'arrived' ? (
            <button
              type="button"
              className="sched-button sched-button--big sched-button--ok"
              disabled={busy}
              onClick={() => setMode('complete')}
            >
              Completed…
            </button>
          ) : null}
          {!b.attendance && !started ? (
            <>
              <button
                type="button"
                className="sched-button sched-button--ghost"
                disabled={busy}
                onClick={() => setMode('move')}
              >
                Move…
              </button>
              <button
                type="button"
                className="sched-button sched-button--ghost mgmt-danger"
                disabled={busy}
                onClick={() => setMode('cancel')}
              >
                Cancel appointment…
              </button>
            </>
          ) : null}
          {noShowLater && !b.attendance ? (
            <p className="field-hint" id={waitId}>
              {noShowLater}
            </p>
          ) : null}
        </div>
      ) : null}

      {mode === 'complete' ? (
        <form className="sched-form" onSubmit={complete}>
          <Field
            label="Balance taken (£)"
            hint={`Quoted ${formatPence(b.totalFromPence)}${b.depositHeldPence ? `, deposit ${formatPence(b.depositHeldPence)} paid` : ''}: ${formatPence(b.balanceDuePence)} due. Enter 0 if nothing was taken.`}
          >
            {(id) => (
              <input
                id={id}
                className="input"
                inputMode="decimal"
                value={balance}
                onChange={(e) => setBalance(e.target.value)}
              />
            )}
          </Field>
          <fieldset className="field">
            <legend className="field-label">Paid by</legend>
            <div className="sched-segmented">
              {(['card', 'cash'] as const).map((m) => (
                <label key={m} className="sched-time" data-checked={method === m ? 'true' : undefined}>
                  <input type="radio" name="balance-method" checked={method === m} onChange={() => setMethod(m)} />
                  <span>{m === 'card' ? 'Card' : 'Cash'}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="sched-dialog-actions">
            <button type="submit" className="sched-button sched-button--big sched-button--ok" disabled={busy}>
              Mark completed
            </button>
            <button type="button" className="sched-button sched-button--ghost" onClick={() => setMode('view')}>
              Back
            </button>
          </div>
        </form>
      ) : null}

      {mode === 'move' ? (
        <form className="sched-form" onSubmit={moveTo}>
          <Field label="New date">
            {(id) => (
              <input
                id={id}
                className="input"
                type="date"
                value={moveDate}
                min={todayIn(SHOP_ZONE, now)}
                onChange={(e) => {
                  setMoveDate(e.target.value);
                  setMoveStart('');
                }}
              />
            )}
          </Field>
          <FreeTimes service={b.service.id} date={moveDate} exclude={b.id} value={moveStart} onChange={setMoveStart} />
          <div className="sched-dialog-actions">
            <button type="submit" className="sched-button sched-button--big" disabled={busy || !moveStart}>
              Move and tell the customer
            </button>
            <button type="button" className="sched-button sched-button--ghost" onClick={() => setMode('view')}>
              Back
            </button>
          </div>
        </form>
      ) : null}

      {mode === 'cancel' ? (
        <form className="sched-form" onSubmit={cancel}>
          <Field label="Reason (optional, for the team)">
            {(id) => (
              <input
                id={id}
                className="input"
                value={reason}
                maxLength={400}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          {b.depositHeldPence ? (
            <label className="check">
              <input
                type="checkbox"
                className="check-input"
                checked={refund}
                onChange={(e) => setRefund(e.target.checked)}
              />
              <span className="check-label">Refund the {formatPence(b.depositHeldPence)} deposit</span>
            </label>
          ) : null}
          <div className="sched-dialog-actions">
            <button type="submit" className="sched-button sched-button--big sched-button--danger" disabled={busy}>
              Cancel and tell the customer
            </button>
            <button type="button" className="sched-button sched-button--ghost" onClick={() => setMode('view')}>
              Keep it
            </button>
          </div>
        </form>
      ) : null}

      {mode === 'view' ? (
        <form className="sched-form sched-note" onSubmit={saveNote}>
          <Field label="Note for the team" hint="Only staff see this.">
            {(id) => (
              <textarea
                id={id}
                className="input textarea"
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="sched-button sched-button--ghost" disabled={busy || note === b.staffNote}>
            Save note
          </button>
        </form>
      ) : null}
    </StaffDialog>
  );
}

// ---- a booking taken on the phone ---------------------------------------------------------------

export function PhoneBookingDialog({
  date: initialDate,
  onClose,
  onBooked,
}: {
  date: string;
  onClose: () => void;
  onBooked: (booking: ScheduleBooking) => Promise<void>;
}) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<LookupCustomer[] | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [customer, setCustomer] = useState<LookupCustomer | 'new' | null>(null);
  const [newCustomer, setNewCustomer] = useState({ name: '', phone: '', email: '' });
  const [dogId, setDogId] = useState<string>('new');
  const [dog, setDog] = useState({
    name: '',
    breedId: '',
    weightKg: '',
    coat: 'short' as Coat,
    notes: '',
    nervous: false,
  });
  const [services, setServices] = useState<BookingType[]>([]);
  const [breeds, setBreeds] = useState<Breed[]>([]);
  const [service, setService] = useState('');
  const [date, setDate] = useState(initialDate);
  const [start, setStart] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [timesVersion, setTimesVersion] = useState(0);

  useEffect(() => {
    void api('/cms/booking-types', { schema: BookingTypesResponseSchema }).then((r) => {
      if (r.data) {
        const sorted = sortBookingTypes(r.data);
        setServices(sorted);
        setService((s) => s || sorted[0]?._id || '');
      }
    });
    void api('/breeds', { schema: BreedsResponseSchema }).then((r) => r.data && setBreeds(r.data));
  }, []);

  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) return;
    let current = true;
    // A short pause, so a number typed digit by digit asks once.
    const timer = setTimeout(() => {
      void staffApi(`/management/customer-lookup?q=${encodeURIComponent(text)}`, {
        schema: CustomerLookupResponseSchema,
      }).then((r) => {
        if (!current) return;
        setLookupError(r.data ? null : (r.error ?? 'The search did not work.'));
        setFound(r.data?.customers ?? null);
      });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q]);

  const chosenDog = customer && customer !== 'new' ? customer.dogs.find((d) => d.id === dogId) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!customer) return setError('Find the caller, or choose “New customer”.');
    if (!start) return setError('Choose one of the free times.');
    const dogBody = chosenDog
      ? {
          id: chosenDog.id,
          name: chosenDog.name,
          breedId: chosenDog.breedId,
          weightKg: chosenDog.weightKg,
          coat: chosenDog.coat,
          notes: chosenDog.notes,
          nervous: chosenDog.nervous,
        }
      : {
          name: dog.name.trim(),
          breedId: dog.breedId,
          weightKg: Number(dog.weightKg),
          coat: dog.coat,
          ...(dog.notes.trim() ? { notes: dog.notes.trim() } : {}),
          nervous: dog.nervous,
        };
    setBusy(true);
    setError(null);
    const result = await staffApi('/management/bookings', {
      method: 'POST',
      schema: StaffBookingResponseSchema,
      body: {
        serviceId: service,
        start,
        idempotencyKey: key,
        dog: dogBody,
        customer:
          customer === 'new'
            ? {
                name: newCustomer.name.trim(),
                phone: newCustomer.phone.trim(),
                ...(newCustomer.email.trim() ? { email: newCustomer.email.trim() } : {}),
              }
            : { id: customer.id },
        ...(note.trim() ? { note: note.trim() } : {}),
      },
    });
    setBusy(false);
    if (result.data) return onBooked(result.data.booking);
    // A new attempt is a new request; a time just taken needs a fresh list.
    setKey(newKey());
    if (result.code === 'slot_taken' || result.code === 'slot_unavailable') {
      setStart('');
      setTimesVersion((n) => n + 1);
      return setError(
        `${result.error ?? 'That time has just been taken.'} The free times below are fresh: choose another and book again.`,
      );
    }
    setError(result.error ?? 'The booking could not be made. Please try again.');
  };

  return (
    <StaffDialog title="New phone booking" onClose={onClose} wide>
      <form className="sched-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="sched-step">
          <legend>1. The caller</legend>
          {customer && customer !== 'new' ? (
            <div className="sched-chosen">
              <p>
                <strong>{customer.name}</strong>
                {customer.phone ? ` · ${formatUkMobile(customer.phone)}` : ''}
                {customer.lastVisit
                  ? ` · last visit ${shortDate(todayIn(SHOP_ZONE, new Date(customer.lastVisit)))}`
                  : ''}
              </p>
              <button
                type="button"
                className="mgmt-link-button"
                onClick={() => {
                  setCustomer(null);
                  setDogId('new');
                }}
              >
                Choose someone else
              </button>
            </div>
          ) : (
            <>
              <Field label="Find by number, name or dog">
                {(id) => (
                  <input
                    id={id}
                    className="input"
                    type="search"
                    autoComplete="off"
                    value={q}
                    onChange={(e) => {
                      setQ(e.target.value);
                      if (e.target.value.trim().length < 2) setFound(null);
                    }}
                  />
                )}
              </Field>
              {lookupError ? <ErrorNotice message={lookupError} /> : null}
              {found && q.trim().length >= 2 ? (
                found.length ? (
                  <ul className="sched-found" aria-label="Customers found">
                    {found.map((c) => (
                      <li key={c.id}>
                        <button
                          type="button"
                          className="sched-found__pick"
                          onClick={() => {
                            setCustomer(c);
                            setDogId(c.dogs[0]?.id ?? 'new');
                          }}
                        >
                          <strong>{c.name}</strong>
                          <span>
                            {[
                              c.phone ? formatUkMobile(c.phone) : null,
                              c.dogs.map((d) => d.name).join(', ') || 'no dogs yet',
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="field-hint" role="status">
                    Nobody found. Take their details as a new customer.
                  </p>
                )
              ) : null}
              <label className="check">
                <input
                  type="checkbox"
                  className="check-input"
                  checked={customer === 'new'}
                  onChange={(e) => setCustomer(e.target.checked ? 'new' : null)}
                />
                <span className="check-label">New customer</span>
              </label>
              {customer === 'new' ? (
                <div className="sched-fields">
                  <Field label="Customer's name">
                    {(id) => (
                      <input
                        id={id}
                        className="input"
                        autoComplete="off"
                        value={newCustomer.name}
                        onChange={(e) => setNewCustomer({ ...newCustomer, name: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Mobile number">
                    {(id) => (
                      <input
                        id={id}
                        className="input"
                        type="tel"
                        inputMode="tel"
                        autoComplete="off"
                        value={newCustomer.phone}
                        onChange={(e) => setNewCustomer({ ...newCustomer, phone: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="E-mail (optional)">
                    {(id) => (
                      <input
                        id={id}
                        className="input"
                        type="email"
                        autoComplete="off"
                        value={newCustomer.email}
                        onChange={(e) => setNewCustomer({ ...newCustomer, email: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
              ) : null}
            </>
          )}
        </fieldset>

        <fieldset className="sched-step">
          <legend>2. The dog</legend>
          {customer && customer !== 'new' && customer.dogs.length ? (
            <div className="sched-segmented">
              {[
                ...customer.dogs.map((d) => ({ id: d.id, label: `${d.name} (${d.breed})` })),
                { id: 'new', label: 'Another dog' },
              ].map((d) => (
                <label key={d.id} className="sched-time" data-checked={dogId === d.id ? 'true' : undefined}>
                  <input type="radio" name="dog" checked={dogId === d.id} onChange={() => setDogId(d.id)} />
                  <span>{d.label}</span>
                </label>
              ))}
            </div>
          ) : null}
          {!chosenDog ? (
            <div className="sched-fields">
              <Field label="Dog's name">
                {(id) => (
                  <input
                    id={id}
                    className="input"
                    autoComplete="off"
                    value={dog.name}
                    onChange={(e) => setDog({ ...dog, name: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Breed">
                {(id) => (
                  <select
                    id={id}
                    className="input"
                    value={dog.breedId}
                    onChange={(e) => setDog({ ...dog, breedId: e.target.value })}
                  >
                    <option value="">Choose…</option>
                    {breeds.map((br) => (
                      <option key={br._id} value={br._id}>
                        {br.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Weight (kg)">
                {(id) => (
                  <input
                    id={id}
                    className="input"
                    inputMode="decimal"
                    value={dog.weightKg}
                    onChange={(e) => setDog({ ...dog, weightKg: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Coat">
                {(id) => (
                  <select
                    id={id}
                    className="input"
                    value={dog.coat}
                    onChange={(e) => setDog({ ...dog, coat: e.target.value as Coat })}
                  >
                    {COATS.map((c) => (
                      <option key={c} value={c}>
                        {c[0]!.toUpperCase() + c.slice(1)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <label className="check">
                <input
                  type="checkbox"
                  className="check-input"
                  checked={dog.nervous}
                  onChange={(e) => setDog({ ...dog, nervous: e.target.checked })}
                />
                <span className="check-label">Nervous</span>
              </label>
            </div>
          ) : null}
        </fieldset>

        <fieldset className="sched-step">
          <legend>3. The appointment</legend>
          <div className="sched-fields">
            <Field label="Service">
              {(id) => (
                <select
                  id={id}
                  className="input"
                  value={service}
                  onChange={(e) => {
                    setService(e.target.value);
                    setStart('');
                  }}
                >
                  {services.map((s) => (
                    <option key={s._id} value={s._id}>
                      {s.title} · {s.duration} min · from {formatPence(s.price)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Date">
              {(id) => (
                <input
                  id={id}
                  className="input"
                  type="date"
                  value={date}
                  min={todayIn(SHOP_ZONE, new Date())}
                  onChange={(e) => {
                    setDate(e.target.value);
                    setStart('');
                  }}
                />
              )}
            </Field>
          </div>
          <div className="sched-daystep">
            <button
              type="button"
              className="sched-button sched-button--ghost"
              onClick={() => {
                setDate(addDays(date, -1));
                setStart('');
              }}
              disabled={date <= todayIn(SHOP_ZONE, new Date())}
            >
              Day before
            </button>
            <button
              type="button"
              className="sched-button sched-button--ghost"
              onClick={() => {
                setDate(addDays(date, 1));
                setStart('');
              }}
            >
              Day after
            </button>
          </div>
          {service ? (
            <FreeTimes key={timesVersion} service={service} date={date} value={start} onChange={setStart} />
          ) : null}
          <Field label="Note for the team (optional)">
            {(id) => (
              <textarea
                id={id}
                className="input textarea"
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </Field>
        </fieldset>

        {error ? <ErrorNotice message={error} /> : null}
        <div className="sched-dialog-actions">
          <button type="submit" className="sched-button sched-button--big" disabled={busy}>
            {busy ? 'Booking…' : 'Book and send the confirmation'}
          </button>
          <button type="button" className="sched-button sched-button--ghost" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </StaffDialog>
  );
}

// ---- time blocked off ---------------------------------------------------------------------------

export function BlockDialog({
  date: initialDate,
  days,
  onClose,
  onBlocked,
}: {
  date: string;
  /** The days the schedule has loaded, with their hours. */
  days: ScheduleDay[];
  onClose: () => void;
  onBlocked: (text: string) => Promise<void>;
}) {
  const [date, setDate] = useState(initialDate);
  const [wholeDay, setWholeDay] = useState(false);
  const [from, setFrom] = useState(() => blockDefaults(days.find((d) => d.date === initialDate)).from);
  const [to, setTo] = useState(() => blockDefaults(days.find((d) => d.date === initialDate)).to);
  const [typed, setTyped] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Another date: its own hours (the schedule's, or asked for), until a time has been typed.
  useEffect(() => {
    if (typed || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    const known = days.find((d) => d.date === date);
    const apply = (day: ScheduleDay | undefined) => {
      const defaults = blockDefaults(day);
      setFrom(defaults.from);
      setTo(defaults.to);
    };
    if (known) return apply(known);
    let live = true;
    void staffApi(`/management/schedule?from=${date}&days=1`, { schema: ScheduleResponseSchema }).then((result) => {
      if (live && result.data) apply(result.data.days[0]);
    });
    return () => {
      live = false;
    };
  }, [date, days, typed]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const start = zonedDateTimeToInstant(date, wholeDay ? '00:00' : from, SHOP_ZONE);
    const end = wholeDay
      ? zonedDateTimeToInstant(addDays(date, 1), '00:00', SHOP_ZONE)
      : zonedDateTimeToInstant(date, to, SHOP_ZONE);
    if (end <= start) return setError('The end must be after the start.');
    setBusy(true);
    setError(null);
    const result = await staffApi('/management/blocks', {
      method: 'POST',
      schema: BlockResponseSchema,
      body: { start: start.toISOString(), end: end.toISOString(), reason: reason.trim() },
    });
    setBusy(false);
    if (result.data)
      return onBlocked(
        `${shortDate(date)} ${wholeDay ? 'all day' : `${from}–${to}`} is blocked: online booking no longer offers it.`,
      );
    const conflicts = BlockConflictSchema.array().safeParse((result.body as { conflicts?: unknown } | null)?.conflicts);
    const inTheWay =
      conflicts.success && conflicts.data.length
        ? ` In the way: ${conflicts.data.map((c) => `${wallTime(c.start, SHOP_ZONE)}–${wallTime(c.end, SHOP_ZONE)}`).join(', ')}. Move or cancel them first, or block around them.`
        : '';
    setError(`${result.error ?? 'The time could not be blocked.'}${inTheWay}`);
  };

  return (
    <StaffDialog title="Block time" onClose={onClose}>
      <form className="sched-form" onSubmit={(e) => void submit(e)}>
        <p className="field-hint">
          For a closure, a holiday or a break: nobody can book this time online or on the phone.
        </p>
        <Field label="Date">
          {(id) => (
            <input id={id} className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          )}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            className="check-input"
            checked={wholeDay}
            onChange={(e) => setWholeDay(e.target.checked)}
          />
          <span className="check-label">The whole day</span>
        </label>
        {!wholeDay ? (
          <div className="sched-fields sched-fields--two">
            <Field label="From">
              {(id) => (
                <input
                  id={id}
                  className="input"
                  type="time"
                  step={300}
                  value={from}
                  onChange={(e) => {
                    setTyped(true);
                    setFrom(e.target.value);
                  }}
                />
              )}
            </Field>
            <Field label="To">
              {(id) => (
                <input
                  id={id}
                  className="input"
                  type="time"
                  step={300}
                  value={to}
                  onChange={(e) => {
                    setTyped(true);
                    setTo(e.target.value);
                  }}
                />
              )}
            </Field>
          </div>
        ) : null}
        <Field label="Reason (optional)">
          {(id) => (
            <input
              id={id}
              className="input"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        {error ? <ErrorNotice message={error} onRetry={() => void submit()} /> : null}
        <div className="sched-dialog-actions">
          <button type="submit" className="sched-button sched-button--big" disabled={busy}>
            {busy ? 'Blocking…' : 'Block this time'}
          </button>
          <button type="button" className="sched-button sched-button--ghost" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </StaffDialog>
  );
}
