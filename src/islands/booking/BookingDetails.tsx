import { lazy, Suspense, useState } from 'react';
import * as apiRoutes from '../../domain/api-routes.ts';
import { API_PREFIX, pathTo } from '../../domain/api-route.ts';
import { googleCalendarUrl } from '../../domain/ics.ts';
import { formatPence } from '../../domain/money.ts';
import type { BookingView, Outcome } from './booking-view.ts';
import { ChangeOfPlan } from './ChangeOfPlan.tsx';
import type { ConfirmationIslandProps } from './confirmation-parts.tsx';
import { Contact } from './confirmation-parts.tsx';
import { writtenTime, writtenWhen } from '../../domain/written-dates.ts';
import { formatDuration } from './duration.ts';
import { PriceLines } from './PriceLines.tsx';
import { PartyVisits } from './PartyVisits.tsx';
import { PLACEMENT_WORDS } from '../../domain/party.ts';
import { joinNames } from '../../domain/party-quote.ts';
import { NextGroom } from './rebook/NextGroom.tsx';
import { bookingPageUrl } from './calendar-links.ts';

// Where the dog is (decision 092): its own chunk, fetched only on the visit's day or after.
const LiveStatus = lazy(() => import('./live-status/LiveStatus.tsx'));
// The report card (decision 094): its own chunk, fetched only when the view says a card is sent.
const ReportCards = lazy(() => import('./report-card/ReportCards.tsx'));

const HEADINGS: Record<BookingView['status'], string> = {
  confirmed: "You're booked in",
  pending_payment: 'Waiting for your deposit',
  cancelled: 'This booking is cancelled',
  expired: 'This booking was not completed',
};

/** What the confirmation page promises about a reminder: only what the daily job will do (decision 079). */
const REMINDER_WORDS: Record<BookingView['reminder'], string> = {
  day_before: "We've sent your confirmation and we'll remind you the day before.",
  too_late:
    "We've sent your confirmation. Your appointment is soon, so there's no separate reminder: the confirmation has all you need.",
  passed: "We've sent your confirmation.",
};

/** The booking: what, when, where and for how much, the calendar links, and the change of plan. */
export function BookingDetails({
  view,
  props,
  reload,
}: {
  view: BookingView;
  props: ConfirmationIslandProps;
  reload(): void;
}) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const when = writtenWhen(view.start, view.timeZone, { weekday: 'long', year: true });
  const active = view.status === 'confirmed' || view.status === 'pending_payment';
  const dayOf = (instant: string | Date) => new Date(instant).toLocaleDateString('en-CA', { timeZone: view.timeZone });
  const [visitDay, today] = [dayOf(view.start), dayOf(new Date())];
  // A visit that has ended is thanked for, not "booked in": no calendar, nothing to change (the rebook card stays).
  const over = view.status === 'confirmed' && new Date(view.end).getTime() < Date.now();
  const dogs = view.party ? joinNames(view.party.dogs.map((d) => d.dog.name)) : view.dog.name;
  return (
    <div className="confirmation">
      {view.status === 'confirmed' && visitDay <= today ? (
        <Suspense fallback={null}>
          <LiveStatus bookingId={view.id} today={visitDay === today} />
        </Suspense>
      ) : null}
      {view.reportCards?.length ? (
        <Suspense fallback={null}>
          <ReportCards ids={view.reportCards} rebookHere={props.mode === 'booking'} />
        </Suspense>
      ) : null}
      <div className="booking-card">
        <h2 className="booking-step-title">{over ? 'Your visit' : HEADINGS[view.status]}</h2>
        {over ? (
          <p>
            Thank you for bringing {dogs} to us, {view.ownerName.split(' ')[0]}.
          </p>
        ) : view.status === 'confirmed' ? (
          <p>
            Thank you, {view.ownerName.split(' ')[0]}. {REMINDER_WORDS[view.reminder]}
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
              {view.holdExpiresAt ? ` (until ${writtenTime(view.holdExpiresAt, view.timeZone)})` : ''}.
            </p>
            <a className="button" href={view.checkoutUrl}>
              Pay the deposit
            </a>
          </div>
        ) : null}
        {outcome ? (
          <div className={`notice notice--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
            <p>{outcome.text}</p>
          </div>
        ) : null}
        <Facts view={view} when={when} />
        {active && !over ? <CalendarLinks view={view} /> : null}
      </div>

      {/* One "Book the next groom" for the booking, its dogs together when there are several (decision 101). */}
      {view.status === 'confirmed' && props.mode === 'booking' ? (
        <NextGroom bookingId={view.id} timeZone={view.timeZone} />
      ) : null}

      <div className="booking-card">
        <h2 className="picker-heading">Questions or running late?</h2>
        <p>WhatsApp is quickest: we usually reply in about {props.whatsappReplyMinutes} minutes.</p>
        <Contact {...props} />
      </div>

      {active && !over ? (
        <ChangeOfPlan view={view} when={when} onOutcome={setOutcome} reload={reload} />
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

/** "Full Groom with Nail grinding and Bandana": the service and the dog's extras, as the page and calendars name the visit. */
function visitTitle(view: BookingView): string {
  if (view.party) return `Grooming for ${joinNames(view.party.dogs.map((d) => d.dog.name))}`;
  const extras = view.extras?.map((e) => e.title) ?? [];
  return extras.length
    ? `${view.service.title} with ${new Intl.ListFormat('en-GB').format(extras)}`
    : view.service.title;
}

function Facts({ view, when }: { view: BookingView; when: string }) {
  return (
    <dl className="facts">
      <div>
        <dt>What</dt>
        {view.party ? (
          <dd>
            <PartyVisits party={view.party} timeZone={view.timeZone} />
          </dd>
        ) : (
          <dd>
            {visitTitle(view)} for {view.dog.name} ({view.dog.breed}), {formatDuration(view.service.duration)}
          </dd>
        )}
      </div>
      <div>
        <dt>When</dt>
        <dd>
          <strong>{when}</strong>
          {view.party ? `, ${PLACEMENT_WORDS[view.party.placement]}` : null}
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
          <PriceLines lines={view.price.lines} as="span" />
          {view.money ? (
            <MoneyFacts money={view.money} completed={view.status === 'confirmed' && new Date(view.end) < new Date()} />
          ) : (
            <span className="price-line price-line--deposit">
              <span>Deposit paid</span>
              <span>{view.depositPaidPence > 0 ? formatPence(view.depositPaidPence) : 'None, pay in the shop'}</span>
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>Booking reference</dt>
        <dd>
          <code>{view.id.slice(0, 8)}</code>
        </dd>
      </div>
    </dl>
  );
}

function CalendarLinks({ view }: { view: BookingView }) {
  const place = `${view.location.name}, ${view.location.address}, ${view.location.postcode}`;
  const title = view.party ? visitTitle(view) : `${visitTitle(view)} for ${view.dog.name}`;
  return (
    <div className="actions">
      <a
        className="button button--brand"
        href={`${API_PREFIX}${pathTo(apiRoutes.bookingCalendar, { id: view.id })}`}
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
          description: `${title} at ${view.location.name}. Your booking: ${bookingPageUrl(location.origin, view.id)}`,
        })}
        target="_blank"
        rel="noopener"
      >
        Add to Google Calendar
      </a>
    </div>
  );
}

const signed = (pence: number) => (pence < 0 ? `−${formatPence(-pence)}` : formatPence(pence));

/**
 * The booking's money from the shop's ledger (docs/decisions/100), the figures the staff see: the
 * surcharge agreed at check-in and the final price, each payment, and what is left to pay.
 */
function MoneyFacts({ money: m, completed }: { money: NonNullable<BookingView['money']>; completed: boolean }) {
  const paidLines = m.lines.filter((l) => l.kind !== 'fee' && l.kind !== 'fee_refund');
  return (
    <>
      {m.surchargePence > 0 ? (
        <span className="price-line price-line--surcharge">
          <span>Surcharge you agreed at check-in</span>
          <span>+{formatPence(m.surchargePence)}</span>
        </span>
      ) : null}
      {m.finalPricePence !== m.quotedPence ? (
        <span className="price-line price-line--final">
          <span>Final price</span>
          <strong>{formatPence(m.finalPricePence)}</strong>
        </span>
      ) : null}
      {paidLines.length ? (
        paidLines.map((l, i) => (
          <span key={`${l.label}-${i}`} className="price-line price-line--paid">
            <span>{l.label}</span>
            <span>{signed(l.pence)}</span>
          </span>
        ))
      ) : completed || m.surchargePence > 0 ? (
        <span className="price-line price-line--paid">
          <span>Paid</span>
          <span>Nothing yet</span>
        </span>
      ) : (
        <span className="price-line price-line--deposit">
          <span>Deposit paid</span>
          <span>None, pay in the shop</span>
        </span>
      )}
      {m.refundDuePence > 0 ? (
        <span className="price-line price-line--paid">
          <span>Refund on its way</span>
          <span>−{formatPence(m.refundDuePence)}</span>
        </span>
      ) : null}
      {m.overpaidPence > 0 ? (
        <span className="price-line price-line--due">
          <span>Paid twice: we will give it back</span>
          <span>{formatPence(m.overpaidPence)}</span>
        </span>
      ) : m.duePence > 0 ? (
        <span className="price-line price-line--due">
          <span>{completed || m.surchargePence > 0 ? 'Left to pay' : 'Left to pay in the shop, from'}</span>
          <strong>{formatPence(m.duePence)}</strong>
        </span>
      ) : completed && m.paidPence > 0 ? (
        <span className="price-line price-line--due">
          <span>Left to pay</span>
          <span>Nothing, paid in full</span>
        </span>
      ) : null}
    </>
  );
}
