import { COAT_LABELS } from '../../../domain/coats.ts';
import { SIGNATURE_BOX } from '../../../domain/signature-box.ts';
import { formatPence } from '../../../domain/money.ts';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import { staffMoneyWords } from '../../../domain/ledger.ts';
import { formatClock, formatKg, formatPhone, longDate } from '../format.ts';
import { ATTENDANCE_DONE, dayOf } from './common.ts';
import { staffPhotoUrl } from './visit-photo-url.ts';

/** What the counter needs to know of one appointment, at a glance. */
export function BookingFacts({ booking: b, table }: { booking: ScheduleBooking; table: number | null }) {
  return (
    <dl className="sched-facts">
      <div>
        <dt>When</dt>
        <dd>
          {longDate(dayOf(b.start))}, {formatClock(b.start)}–{formatClock(b.end)}
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
              · <a href={`tel:${b.customer.phone}`}>{formatPhone(b.customer.phone)}</a>
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
          {b.dog.breed}, {formatKg(b.dog.weightKg)}, {COAT_LABELS[b.dog.coat].toLowerCase()} coat
          {b.dog.nervous ? <span className="sched-chip sched-chip--warn">Nervous</span> : null}
        </dd>
      </div>
      {b.extras?.length ? (
        <div>
          <dt>Extras</dt>
          <dd>{b.extras.map((e) => `${e.title} (${formatPence(e.pricePence)})`).join(', ')}</dd>
        </div>
      ) : null}
      {b.dog.notes ? (
        <div>
          <dt>Dog notes</dt>
          <dd>{b.dog.notes}</dd>
        </div>
      ) : null}
      <div>
        <dt>Money</dt>
        <dd aria-live="polite">
          {b.money ? <MoneyWords booking={b} /> : `From ${formatPence(b.totalFromPence)}`}
          {/* A booking of several dogs pays one deposit, shared among its dogs here (decision 082). */}
          {b.partyDepositHeldPence
            ? ` (deposit: this dog's part of ${formatPence(b.partyDepositHeldPence)} for the booking)`
            : ''}
        </dd>
      </div>
      {b.money && b.money.finalPricePence !== b.money.quotedPence ? (
        <div>
          <dt>Final price</dt>
          <dd aria-live="polite">{formatPence(b.money.finalPricePence)}</dd>
        </div>
      ) : null}
      {b.checkIn ? (
        <div>
          <dt>Checked in</dt>
          <dd>
            {[
              `At ${formatClock(b.checkIn.at)}`,
              b.checkIn.condition || 'nothing noted',
              b.checkIn.tier
                ? `${b.checkIn.tier.label} +${formatPence(b.checkIn.surchargePence)}${
                    b.checkIn.consent ? `, agreed by ${b.checkIn.consent.name}` : ', not agreed yet'
                  }`
                : '',
              b.checkIn.instructions ? `Instructions: ${b.checkIn.instructions}` : '',
            ]
              .filter(Boolean)
              .join(' · ')}
            {/* The photo stays on the visit's card, so a question about a surcharge is answered by showing it. */}
            {b.checkIn.hasPhoto ? (
              <>
                {' · '}
                <a href={staffPhotoUrl(b.id, 'before')} target="_blank" rel="noopener">
                  See the check-in photo
                </a>
              </>
            ) : null}
            {b.checkIn.consent?.signature ? (
              // The path is checked by the server's schema and the column's pattern: moves, lines, numbers.
              <svg
                className="checkin-signature"
                viewBox={`0 0 ${SIGNATURE_BOX.width} ${SIGNATURE_BOX.height}`}
                role="img"
                aria-label={`Signature of ${b.checkIn.consent.name}`}
              >
                <path
                  d={b.checkIn.consent.signature}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            ) : null}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Booked</dt>
        <dd>
          {b.takenBy === 'phone' ? 'On the phone' : 'Online'}
          {b.status === 'pending_payment' ? ' · the deposit is still being paid' : ''}
        </dd>
      </div>
      {b.series ? (
        <div>
          <dt>Series</dt>
          <dd>
            Visit {b.series.visit} of {b.series.of} · every {b.series.weeks} weeks
          </dd>
        </div>
      ) : null}
      {b.attendance ? (
        <div>
          <dt>At the counter</dt>
          <dd>Marked {ATTENDANCE_DONE[b.attendance]}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The booking's money from the ledger (docs/decisions/100), the figures the owner's page shows: the
 * "from" total and the surcharge agreed (the final price is its own line), what was paid and how,
 * and what is due.
 */
function MoneyWords({ booking: b }: { booking: ScheduleBooking }) {
  const m = b.money!;
  const noShow = b.attendance === 'no_show';
  const parts = [
    `From ${formatPence(m.quotedPence)}`,
    m.surchargePence > 0 ? `surcharge ${formatPence(m.surchargePence)} agreed` : '',
    // Fees are the no-show panel's: said there.
    ...m.lines.filter((l) => l.kind !== 'fee' && l.kind !== 'fee_refund').map((l) => staffMoneyWords(l, noShow)),
    // A no-show owes no balance for a groom that did not happen: its fee, if any, is below.
    noShow
      ? ''
      : m.overpaidPence
        ? `${formatPence(m.overpaidPence)} paid twice: give it back`
        : m.duePence
          ? `${formatPence(m.duePence)} due`
          : b.attendance === 'completed'
            ? 'nothing left to pay'
            : '',
    m.refundDuePence ? `refund of ${formatPence(m.refundDuePence)} on its way` : '',
  ];
  return (
    <span data-money="final" data-final-pence={m.finalPricePence}>
      {parts.filter(Boolean).join(' · ')}
    </span>
  );
}
