import { COAT_LABELS } from '../../../domain/coats.ts';
import { SIGNATURE_BOX } from '../../../domain/signature-box.ts';
import { formatPence } from '../../../domain/money.ts';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
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
        <dd>
          From {formatPence(b.totalFromPence)}
          {b.depositHeldPence
            ? ` · deposit ${formatPence(b.depositHeldPence)} ${b.attendance === 'no_show' ? 'kept' : 'paid'}`
            : ''}
          {/* A booking of several dogs pays one deposit, shared among its dogs here (decision 082). */}
          {b.partyDepositHeldPence
            ? ` (this dog's part of ${formatPence(b.partyDepositHeldPence)} for the booking)`
            : ''}
          {/* A no-show owes no balance for a groom that did not happen: its fee, if any, is below. */}
          {b.attendance === 'completed'
            ? ` · ${formatPence(b.balancePaidPence)} taken${b.balanceMethod === 'online' ? ' online' : b.balanceMethod ? ` by ${b.balanceMethod}` : ''}`
            : b.attendance === 'no_show'
              ? ''
              : ` · ${formatPence(b.balanceDuePence)} due`}
        </dd>
      </div>
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
      {b.finalPricePence !== undefined && b.finalPricePence !== b.totalFromPence ? (
        <div>
          <dt>Final price</dt>
          <dd>{formatPence(b.finalPricePence)}</dd>
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
