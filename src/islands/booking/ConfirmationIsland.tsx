import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../../client/api.ts';
import * as z from 'zod/mini';
import {
  BookingErrorSchema,
  BookingViewSchema as BaseViewSchema,
  type Slot,
} from '../../domain/booking-api-schemas.ts';
import { formatPence } from '../../domain/money.ts';
import { Spinner } from '../forms/Field.tsx';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import type { ButtonStatus } from '../forms/status.ts';
import { recalledBookingView } from './booking-view-store.ts';
import { googleCalendarUrl } from '../../domain/ics.ts';
import { idFromPath } from './calendar-links.ts';
import { DateTimePicker } from './DateTimePicker.tsx';
import { formatDuration, formatTime, formatWhen } from './format.ts';
import './booking.css';

/** While a deposit is awaited, the view also carries the payment page and the end of the hold. */
const BookingViewSchema = z.extend(BaseViewSchema, {
  checkoutUrl: z.optional(z.url()),
  holdExpiresAt: z.optional(z.iso.datetime({ offset: true })),
});
type BookingView = z.infer<typeof BookingViewSchema>;

export interface ConfirmationIslandProps {
  /** booking: /b/{id}; success: /booking-success/{session_id}; cancelled: /booking-payment-cancelled/{session_id}. */
  mode: 'booking' | 'success' | 'cancelled';
  phoneDisplay: string;
  phoneE164: string;
  whatsappE164: string;
  /** How soon WhatsApp messages are answered, from content/site.json. */
  whatsappReplyMinutes: number;
}

/** The webhook that confirms a payment can lag a little behind the visitor's return from Stripe. */
const POLL_EVERY_MS = 1500;
const POLL_FOR_MS = 60_000;

const PREFIX = { booking: 'b', success: 'booking-success', cancelled: 'booking-payment-cancelled' } as const;

export default function ConfirmationIsland(props: ConfirmationIslandProps) {
  const [id, setId] = useState<string | null | undefined>(undefined);
  const [view, setView] = useState<BookingView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waitedOut, setWaitedOut] = useState(false);

  useEffect(() => {
    const found = idFromPath(window.location.pathname, PREFIX[props.mode]);
    setId(found);
    // Just booked from this tab: show what the booking call answered at once (then refresh it).
    const recalled = found && props.mode === 'booking' ? recalledBookingView(window.sessionStorage, found) : null;
    if (recalled) setView(recalled);
  }, [props.mode]);

  const path = id ? (props.mode === 'booking' ? `/bookings/${id}` : `/bookings/by-session/${id}`) : null;
  const load = async () => {
    if (!path) return null;
    const result = await api(path, { schema: BookingViewSchema });
    if (result.data) {
      setView(result.data);
      setError(null);
    } else {
      setError(result.status === 404 ? 'not_found' : (result.error ?? 'We could not load your booking.'));
    }
    return result.data;
  };

  useEffect(() => {
    if (!path) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const tick = async () => {
      const data = await load();
      if (stopped) return;
      // On the success page, wait for the payment's webhook to confirm the booking.
      const waiting = props.mode === 'success' && (!data || data.status === 'pending_payment');
      if (!waiting) return;
      if (Date.now() - started > POLL_FOR_MS) setWaitedOut(true);
      else timer = setTimeout(() => void tick(), POLL_EVERY_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  const contact = <Contact {...props} />;
  if (id === undefined) return <Loading text="Loading your booking…" />;
  if (id === null || (error === 'not_found' && props.mode === 'booking')) {
    return (
      <Card title="We can't find that booking">
        <p>
          Please check the link in your confirmation message. If it still doesn't work, get in touch and we'll sort it
          out.
        </p>
        {contact}
      </Card>
    );
  }

  if (props.mode === 'cancelled') return <PaymentCancelled view={view} props={props} />;

  if (props.mode === 'success' && (!view || view.status === 'pending_payment')) {
    if (waitedOut) {
      return (
        <Card title="We're still confirming your payment">
          <p>
            Your payment went through to Stripe, but the confirmation hasn't reached us yet. It usually takes seconds;
            we'll send your confirmation as soon as it does.
          </p>
          <p>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setWaitedOut(false);
                void load();
              }}
            >
              Check again
            </button>
          </p>
          {contact}
        </Card>
      );
    }
    return <Loading text="Confirming your payment… this takes a few seconds." />;
  }

  if (!view) {
    if (!error) return <Loading text="Loading your booking…" />;
    return (
      <Card title="Something went wrong">
        <p>{error}</p>
        <p>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setError(null);
              void load();
            }}
          >
            Try again
          </button>
        </p>
        {contact}
      </Card>
    );
  }
  return <BookingDetails view={view} props={props} reload={() => void load()} />;
}

function Loading({ text }: { text: string }) {
  return (
    <div className="booking-card" aria-busy="true">
      <p className="picker-loading" role="status">
        <Spinner /> {text}
      </p>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="booking-card">
      <h2 className="booking-step-title">{title}</h2>
      {children}
    </div>
  );
}

function Contact({ phoneDisplay, phoneE164, whatsappE164 }: ConfirmationIslandProps) {
  return (
    <div className="actions">
      <a className="button button--brand" href={`https://wa.me/${whatsappE164.replace(/\D/g, '')}`}>
        WhatsApp us
      </a>
      <a className="button button--ghost" href={`tel:${phoneE164}`}>
        Call {phoneDisplay}
      </a>
    </div>
  );
}

const HEADINGS: Record<BookingView['status'], string> = {
  confirmed: "You're booked in",
  pending_payment: 'Waiting for your deposit',
  cancelled: 'This booking is cancelled',
  expired: 'This booking was not completed',
};

function BookingDetails({
  view,
  props,
  reload,
}: {
  view: BookingView;
  props: ConfirmationIslandProps;
  reload(): void;
}) {
  const [action, setAction] = useState<'none' | 'cancel' | 'move'>('none');
  const [status, setStatus] = useState<ButtonStatus>(0);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [moveTo, setMoveTo] = useState<{ date: string | null; slot: Slot | null }>({ date: null, slot: null });
  const [freshDay, setFreshDay] = useState<{ date: string; slots: Slot[] } | null>(null);
  const when = formatWhen(view.start, view.timeZone, { year: true });
  const place = `${view.location.name}, ${view.location.address}, ${view.location.postcode}`;
  const title = `${view.service.title} for ${view.dog.name}`;

  const cancel = async () => {
    setStatus(1);
    const result = await api(`/bookings/${view.id}/cancel`, { method: 'POST', body: {}, timeoutMs: 15_000 });
    setStatus(0);
    if (result.error) return setMessage({ kind: 'error', text: result.error });
    setAction('none');
    setMessage({
      kind: 'ok',
      text:
        view.refundOnCancel && view.depositPaidPence > 0
          ? 'Your booking is cancelled and your deposit is on its way back to you.'
          : 'Your booking is cancelled.',
    });
    reload();
  };
  const move = async () => {
    if (!moveTo.slot) return;
    setStatus(1);
    const result = await api(`/bookings/${view.id}/move`, {
      method: 'POST',
      body: { start: moveTo.slot.start },
      timeoutMs: 15_000,
    });
    setStatus(0);
    if (result.error) {
      if (result.code === 'slot_taken') {
        // The refusal carries the day's fresh times: show them, without asking for the weeks again.
        const refusal = BookingErrorSchema.safeParse(result.body);
        setMoveTo({ date: moveTo.date, slot: null });
        if (moveTo.date) setFreshDay({ date: moveTo.date, slots: refusal.success ? (refusal.data.slots ?? []) : [] });
      }
      return setMessage({ kind: 'error', text: result.error });
    }
    setAction('none');
    setMoveTo({ date: null, slot: null });
    setMessage({ kind: 'ok', text: `Your booking is moved to ${formatWhen(moveTo.slot.start, view.timeZone)}.` });
    reload();
  };

  const active = view.status === 'confirmed' || view.status === 'pending_payment';
  return (
    <div className="confirmation">
      <div className="booking-card">
        <h2 className="booking-step-title">{HEADINGS[view.status]}</h2>
        {view.status === 'confirmed' ? (
          <p>
            Thank you, {view.ownerName.split(' ')[0]}. We've sent your confirmation and we'll remind you the day before.
          </p>
        ) : null}
        {props.mode === 'success' ? (
          <p>
            Your booking's own page, to keep or bookmark: <a href={`/b/${view.id}`}>view or change your booking</a>.
          </p>
        ) : null}
        {view.status === 'pending_payment' && view.checkoutUrl ? (
          <div className="notice">
            <p>
              Your time is held while you pay the deposit
              {view.holdExpiresAt ? ` (until ${formatTime(view.holdExpiresAt, view.timeZone)})` : ''}.
            </p>
            <a className="button" href={view.checkoutUrl}>
              Pay the deposit
            </a>
          </div>
        ) : null}
        {message ? (
          <div className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
            <p>{message.text}</p>
          </div>
        ) : null}
        <dl className="facts">
          <div>
            <dt>What</dt>
            <dd>
              {view.service.title} for {view.dog.name} ({view.dog.breed}), {formatDuration(view.service.duration)}
            </dd>
          </div>
          <div>
            <dt>When</dt>
            <dd>
              <strong>{when}</strong>
            </dd>
          </div>
          <div>
            <dt>Where</dt>
            <dd>
              {view.location.name}, {view.location.address}, {view.location.postcode}
              <br />
              <a href={view.location.mapUrl} target="_blank" rel="noopener">
                Open in maps
              </a>
              <br />
              <span className="price-note">{view.location.directions}</span>
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>
              {view.price.lines
                .filter((l) => l.kind !== 'deposit')
                .map((line) => (
                  <span key={line.kind + line.label} className={`price-line price-line--${line.kind}`}>
                    <span>{line.kind === 'service' ? `${line.label}, from` : line.label}</span>
                    <span>{line.pence < 0 ? `−${formatPence(-line.pence)}` : formatPence(line.pence)}</span>
                  </span>
                ))}
              <span className="price-line price-line--deposit">
                <span>Deposit paid</span>
                <span>{view.depositPaidPence > 0 ? formatPence(view.depositPaidPence) : 'None, pay in the shop'}</span>
              </span>
            </dd>
          </div>
          <div>
            <dt>Booking reference</dt>
            <dd>
              <code>{view.id.slice(0, 8)}</code>
            </dd>
          </div>
        </dl>
        {active ? (
          <div className="actions">
            <a
              className="button button--brand"
              href={`/v1.0.1/bookings/${view.id}/calendar.ics`}
              download="grooming-appointment.ics"
            >
              Add to calendar (.ics)
            </a>
            <a
              className="button button--ghost"
              href={googleCalendarUrl({
                summary: title,
                start: new Date(view.start),
                end: new Date(view.end),
                location: place,
                description: `${title} at ${view.location.name}. Your booking: ${location.href}`,
              })}
              target="_blank"
              rel="noopener"
            >
              Add to Google Calendar
            </a>
          </div>
        ) : null}
      </div>

      <div className="booking-card">
        <h2 className="picker-heading">Questions or running late?</h2>
        <p>WhatsApp is quickest: we usually reply in about {props.whatsappReplyMinutes} minutes.</p>
        <Contact {...props} />
      </div>

      {active ? (
        <div className="booking-card">
          <h2 className="picker-heading">Change of plan?</h2>
          <p>
            {view.policyMessage} <a href="/legal/refunds-and-cancellations">Refunds and cancellations policy</a>.
          </p>
          {action === 'none' ? (
            <div className="actions">
              {view.canMove ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    setMessage(null);
                    setAction('move');
                  }}
                >
                  Move to another time
                </button>
              ) : null}
              {view.canCancel ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    setMessage(null);
                    setAction('cancel');
                  }}
                >
                  Cancel booking
                </button>
              ) : null}
            </div>
          ) : null}
          {action === 'cancel' ? (
            <div className="notice">
              <p>
                <strong>Cancel {when}?</strong>{' '}
                {view.depositPaidPence > 0
                  ? view.refundOnCancel
                    ? 'Your deposit will be refunded.'
                    : 'Your deposit cannot be refunded this close to the appointment.'
                  : ''}
              </p>
              <div className="step-buttons">
                <InteractiveButton status={status} onClick={() => void cancel()} statusText="Cancelling…">
                  Yes, cancel it
                </InteractiveButton>
                <button type="button" className="link-button" onClick={() => setAction('none')}>
                  Keep my booking
                </button>
              </div>
            </div>
          ) : null}
          {action === 'move' ? (
            <div>
              <DateTimePicker
                serviceId={view.service.id}
                exclude={view.id}
                date={moveTo.date}
                start={moveTo.slot?.start ?? null}
                freshDay={freshDay}
                headingLevel={3}
                onDate={(date) => setMoveTo((m) => (m.date === date ? m : { date, slot: null }))}
                onTime={(slot, date) => setMoveTo({ date, slot })}
              />
              <div className="step-buttons">
                <InteractiveButton
                  status={moveTo.slot ? status : 2}
                  onClick={() => void move()}
                  statusText={status === 1 ? 'Moving…' : 'Choose a time first'}
                >
                  {moveTo.slot ? `Move to ${formatWhen(moveTo.slot.start, view.timeZone)}` : 'Move'}
                </InteractiveButton>
                <button type="button" className="link-button" onClick={() => setAction('none')}>
                  Keep the current time
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="booking-card">
          <a className="button" href="/book">
            Book another appointment
          </a>
        </div>
      )}
    </div>
  );
}

function PaymentCancelled({ view, props }: { view: BookingView | null; props: ConfirmationIslandProps }) {
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    try {
      const stored = JSON.parse(window.sessionStorage.getItem('booking_checkout') ?? 'null') as {
        url?: string;
        bookingId?: string;
      } | null;
      if (stored?.url && (!view || stored.bookingId === view.id)) setSaved(stored.url);
    } catch {
      /* nothing saved: offer to book again instead */
    }
  }, [view]);
  const held = view && view.status === 'pending_payment';
  // The server's own answer wins: it only gives the payment page while the hold is still live.
  const checkout = view?.checkoutUrl ?? (held ? saved : null);
  const until = held && view.holdExpiresAt ? formatTime(view.holdExpiresAt, view.timeZone) : null;
  return (
    <div className="confirmation">
      <div className="booking-card">
        <h2 className="booking-step-title">Your payment was cancelled</h2>
        <p>
          No money has been taken.{' '}
          {held ? (
            <>
              We're still holding <strong>{formatWhen(view.start, view.timeZone)}</strong> for {view.dog.name} for a
              while{until ? ` (until ${until})` : ''}, so you can try again.
            </>
          ) : (
            <>We hold a chosen time for a while, so you can try again.</>
          )}
        </p>
        <div className="actions">
          {checkout ? (
            <a className="button" href={checkout}>
              Try paying again
            </a>
          ) : (
            <a className="button" href="/book">
              Try again
            </a>
          )}
        </div>
      </div>
      <div className="booking-card">
        <h2 className="picker-heading">Rather pay in the shop?</h2>
        <p>Call or WhatsApp us and we'll confirm your appointment; you pay when you collect your dog.</p>
        <Contact {...props} />
      </div>
    </div>
  );
}
