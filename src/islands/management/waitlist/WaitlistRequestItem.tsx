import { useState } from 'react';
import type { StaffWaitlistEntry } from '../../../domain/staff-waitlist.ts';
import { dayOf } from '../schedule/common.ts';
import { formatClock, formatKg, formatPhone, formatWhen, shortDate } from '../format.ts';
import { OfferTimeForm } from './OfferTimeForm.tsx';

/** One waiting request: who, which dog and visit, what suits, how they are told, and its open offer or "Offer a time". */
export function WaitlistRequestItem({
  date,
  request: r,
  onOffered,
}: {
  date: string;
  request: StaffWaitlistEntry;
  onOffered(text: string): void;
}) {
  const [offering, setOffering] = useState(false);
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
      ) : offering ? (
        <OfferTimeForm
          date={date}
          request={r}
          onCancel={() => setOffering(false)}
          onOffered={(text) => {
            setOffering(false);
            onOffered(text);
          }}
        />
      ) : r.minutes ? (
        <button type="button" className="sched-button" aria-describedby={headingId} onClick={() => setOffering(true)}>
          Offer a time
        </button>
      ) : null}
    </li>
  );
}
