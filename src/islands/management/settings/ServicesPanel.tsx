import { useState } from 'react';
import type { SizeLimits } from '../../../domain/catalogue.ts';
import { formatPence } from '../../../domain/money.ts';
import { listPrices, stalePrices } from '../../../domain/service-descriptions.ts';
import { describeMinutes, type StaffService } from '../../../domain/shop-settings.ts';
import { Card } from '../records-ui.tsx';
import type { Acting } from '../records-page.tsx';
import { ServiceForm } from './ServiceForm.tsx';
import { sizesSaid } from './service-form.ts';

/** The services and their prices: one open editor at a time, a new service's at the top. */
export function ServicesPanel({
  services,
  limits,
  onDone,
}: { services: StaffService[]; limits: SizeLimits } & Pick<Acting, 'onDone'>) {
  // null: none open; '': the new service's; otherwise the service being edited.
  const [open, setOpen] = useState<string | null>(null);
  const saved = (text: string) => {
    setOpen(null);
    onDone(text);
  };
  return (
    <Card
      id="services-title"
      title="Services and prices"
      actions={
        open === '' ? null : (
          <button type="button" className="ibutton ibutton--ghost" onClick={() => setOpen('')}>
            Add a service
          </button>
        )
      }
    >
      <p>
        Prices are the "from" price the website shows, or a price for each size of dog; a booking already made keeps the
        price it was booked at.
      </p>
      {open === '' ? <ServiceForm limits={limits} onCancel={() => setOpen(null)} onDone={saved} /> : null}
      <ul className="mgmt-list rec-services" aria-label="Services">
        {[...services]
          .sort((a, b) => a.display_order - b.display_order)
          .map((s) => (
            <li key={s._id}>
              {open === s._id ? (
                <ServiceForm service={s} limits={limits} onCancel={() => setOpen(null)} onDone={saved} />
              ) : (
                <ServiceRow service={s} onEdit={() => setOpen(s._id)} />
              )}
            </li>
          ))}
      </ul>
    </Card>
  );
}

function ServiceRow({ service: s, onEdit }: { service: StaffService; onEdit(): void }) {
  const stale = stalePrices(s.description, s.price);
  return (
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
        {s.sizes.length > 0 ? <span className="mgmt-meta">{sizesSaid(s.sizes)}</span> : null}
        {stale.length > 0 ? (
          <span className="mgmt-meta rec-price-stale">Its description still says {listPrices(stale)}.</span>
        ) : null}
      </span>
      <button type="button" className="ibutton ibutton--ghost" aria-label={`Edit ${s.title}`} onClick={onEdit}>
        Edit
      </button>
    </>
  );
}
