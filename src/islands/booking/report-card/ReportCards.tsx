import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../../client/api.ts';
import { API_PREFIX, pathTo } from '../../../domain/api-route.ts';
import * as apiRoutes from '../../../domain/after-booking-api-routes.ts';
import {
  noticedLines,
  OwnerReportCardSchema,
  PhotoUseResponseSchema,
  type OwnerReportCard,
} from '../../../domain/report-card-owner.ts';
import './report-card.css';

/** The link the report card's message ends with: /b/{id}#report. */
export const REPORT_ANCHOR = 'report';

/**
 * The report card on /b/{id} (docs/decisions/094), one per dog whose card is sent: before and after
 * photos, what was done and noticed, the groomer's suggestion, the way to the next groom, and the
 * owner's separate yes to the photos being shared. Its own chunk, loaded only when a card exists.
 */
export default function ReportCards({ ids, rebookHere }: { ids: string[]; rebookHere: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // The chunk arrives after the page, so the browser's own jump to #report found nothing: jump once here.
  useEffect(() => {
    if (window.location.hash !== `#${REPORT_ANCHOR}`) return;
    box.current?.scrollIntoView({ block: 'start' });
    box.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div id={REPORT_ANCHOR} ref={box} tabIndex={-1} className="report-cards">
      {ids.map((id) => (
        <ReportCard key={id} id={id} rebookHere={rebookHere} />
      ))}
    </div>
  );
}

const photoUrl = (id: string, side: 'before' | 'after') => API_PREFIX + pathTo(apiRoutes.ownerVisitPhoto, { id, side });

function ReportCard({ id, rebookHere }: { id: string; rebookHere: boolean }) {
  const [card, setCard] = useState<OwnerReportCard | null>(null);
  useEffect(() => {
    void callApi(apiRoutes.ownerReportCard, { params: { id }, schema: OwnerReportCardSchema }).then(
      (r) => r.data && setCard(r.data),
    );
  }, [id]);
  if (!card) return null;
  const dog = card.dogName;
  const notes = noticedLines(card.noticed);
  return (
    <section className="booking-card report-card" aria-labelledby={`report-${id}`}>
      <h2 className="picker-heading" id={`report-${id}`}>
        {dog}’s report card
      </h2>
      {card.hasBefore || card.hasAfter ? (
        <div className="report-card__photos">
          {card.hasBefore ? (
            <figure>
              <img src={photoUrl(id, 'before')} alt={`${dog} before the groom`} />
              <figcaption>Before</figcaption>
            </figure>
          ) : null}
          {card.hasAfter ? (
            <figure>
              <img src={photoUrl(id, 'after')} alt={`${dog} after the groom`} />
              <figcaption>After</figcaption>
            </figure>
          ) : null}
        </div>
      ) : null}
      <dl className="facts">
        <div>
          <dt>What we did</dt>
          <dd>{card.done}</dd>
        </div>
        <div>
          <dt>What we noticed</dt>
          <dd>
            {notes.length === 0 ? (
              'Nothing to note'
            ) : (
              <ul className="report-card__notes">
                {notes.map((n) => (
                  <li key={n.part}>
                    <strong>{n.label}:</strong> {n.note}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {card.suggestion ? (
          <div>
            <dt>Next time</dt>
            <dd>{card.suggestion}</dd>
          </div>
        ) : null}
      </dl>
      <p>
        <a className="button button--ghost" href={rebookHere ? '#next' : '/book'}>
          Book {dog}’s next groom
        </a>
      </p>
      <PhotoUse id={id} dog={dog} given={card.photoUse} />
    </section>
  );
}

const pressed = (on: boolean) => `button ${on ? 'button--brand' : 'button--ghost'}`;

/** The owner's separate yes: not asked means no, and it may be changed here at any time. */
function PhotoUse({ id, dog, given }: { id: string; dog: string; given: boolean | null }) {
  const [answer, setAnswer] = useState(given);
  const [saying, setSaying] = useState('');
  const choose = async (allowed: boolean) => {
    const r = await callApi(apiRoutes.photoUse, { params: { id }, body: { allowed }, schema: PhotoUseResponseSchema });
    if (r.data) {
      setAnswer(r.data.photoUse);
      setSaying(r.data.photoUse ? `Thank you: we may share ${dog}’s photos.` : `We will not share ${dog}’s photos.`);
    } else setSaying(r.error ?? 'That did not save. Please try again.');
  };
  return (
    <fieldset className="report-card__use">
      <legend>May we share {dog}’s photos on our website and social media?</legend>
      <p className="price-note">Only with your yes. You can change your answer here at any time.</p>
      <div className="actions">
        <button
          type="button"
          className={pressed(answer === true)}
          aria-pressed={answer === true}
          onClick={() => void choose(true)}
        >
          Yes
        </button>
        <button
          type="button"
          className={pressed(answer === false)}
          aria-pressed={answer === false}
          onClick={() => void choose(false)}
        >
          No
        </button>
      </div>
      <p role="status">{saying}</p>
    </fieldset>
  );
}
