import { useState } from 'react';
import type { StaffWaitlistEntry } from '../../../domain/staff-waitlist.ts';
import { dayOf } from '../schedule/common.ts';
import { formatClock, formatKg, formatPhone, formatWhen, shortDate } from '../format.ts';
import { OfferTimeForm } from './OfferTimeForm.tsx';
import { WithdrawPanel } from './WithdrawPanel.tsx';

/** One waiting request: who, which dog and visit, what suits, how they are told, and its open offer or "Offer a time". */
export function WaitlistRequestItem({
  date,
  request: r,
  onOffered,
}: {
  date: string;
  request: StaffWaitlistEntry;
  /** An offer went out, or the request came off the list: said, and the list asked again. */
  onOffered(text: string): void;
}) {
  const [panel, setPanel] = useState<'offer' | 'withdraw' | null>(null);
  const done = (text: string) => {
    setPanel(null);
    onOffered(text);
  };
  const headingId = `wl-${r.id}`;
  const extras = r.extras.map((e) => e.title).join(', ');
  return (
    <li className="wl-request" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {r.dog.name} <span className="wl-request__for">for {r.contactName}</span>
      </h3>
      <dl className="sched-facts">
        <div>
          <dt>Call</dt>
          <dd>
            <a href={`tel:${r.phone}`}>{formatPhone(r.phone)}</a>
            {r.email ? <> · {r.email}</> : null}
          </dd>
        </div>
        <div>
          <dt>Dog</dt>
          <dd>
            {r.dog.breed || 'Breed not given'}, {formatKg(r.dog.weightKg)}
          </dd>
        </div>
        <div>
          <dt>Visit</dt>
          <dd>
            {r.service.title}
            {extras ? ` with ${extras}` : ''}
            {r.minutes ? ` · ${r.minutes} minutes` : ' · no longer sold as asked'}
          </dd>
        </div>
        <div>
          <dt>Suits</dt>
          <dd>{r.suits}</dd>
        </div>
        <div>
          <dt>Told</dt>
          <dd>{r.told}</dd>
        </div>
        <div>
          <dt>Asked</dt>
          <dd>
            {formatWhen(r.askedAt)}
            {r.addedByStaff ? <span className="mgmt-badge">Added by phone</span> : null}
          </dd>
        </div>
      </dl>
      {r.openOffer ? (
        <p className="mgmt-notice">
          Offered {dayOf(r.openOffer.start) === date ? '' : `${shortDate(dayOf(r.openOffer.start))} `}
          {formatClock(r.openOffer.start)}, open until {formatClock(r.openOffer.expiresAt)}
          {r.openOffer.offeredBy ? ` (offered by ${r.openOffer.offeredBy})` : ''}.
        </p>
      ) : null}
      {panel === 'offer' ? (
        <OfferTimeForm date={date} request={r} onCancel={() => setPanel(null)} onOffered={done} />
      ) : null}
      {panel === 'withdraw' ? <WithdrawPanel request={r} onCancel={() => setPanel(null)} onDone={done} /> : null}
      {panel === null ? (
        <div className="sched-dialog-actions">
          {r.minutes && !r.openOffer ? (
            <button
              type="button"
              className="sched-button"
              aria-describedby={headingId}
              onClick={() => setPanel('offer')}
            >
              Offer a time
            </button>
          ) : null}
          <button
            type="button"
            className="sched-button sched-button--ghost"
            aria-describedby={headingId}
            onClick={() => setPanel('withdraw')}
          >
            Take off the list
          </button>
        </div>
      ) : null}
    </li>
  );
}
