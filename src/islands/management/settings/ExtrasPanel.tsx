import { useState } from 'react';
import { extraAdds, type StaffExtra, type StaffExtrasResponse } from '../../../domain/extras-catalogue.ts';
import type { StaffService } from '../../../domain/shop-settings.ts';
import { Card, LoadFailed, type Loaded } from '../records-ui.tsx';
import type { Acting } from '../records-page.tsx';
import { ExtraForm } from './ExtraForm.tsx';
import { offeredWith } from './extra-form.ts';

/**
 * The extras (issue 20): what each adds to a dog's visit, in price and minutes, and the services it is
 * offered with. One open editor at a time, a new extra's at the top; retired extras stay listed, last.
 */
export function ExtrasPanel({
  extras,
  services,
  onDone,
}: { extras: Loaded<StaffExtrasResponse>; services: StaffService[] } & Pick<Acting, 'onDone'>) {
  // null: none open; '': the new extra's; otherwise the extra being edited.
  const [open, setOpen] = useState<string | null>(null);
  const listed = [...services].sort((a, b) => a.display_order - b.display_order);
  const saved = (text: string) => {
    setOpen(null);
    extras.reload();
    onDone(text);
  };
  return (
    <Card
      id="extras-title"
      title="Extras"
      actions={
        open === '' ? null : (
          <button type="button" className="ibutton ibutton--ghost" onClick={() => setOpen('')}>
            Add an extra
          </button>
        )
      }
    >
      <p>
        Each extra adds its price and minutes to a dog&apos;s visit. A booking already made keeps the extras it was
        booked with, even once one is retired.
      </p>
      {open === '' ? <ExtraForm services={listed} onCancel={() => setOpen(null)} onDone={saved} /> : null}
      {extras.error && !extras.data ? (
        <LoadFailed what="the extras" error={extras.error} onRetry={extras.reload} />
      ) : null}
      {extras.data ? (
        <ul className="mgmt-list rec-services" aria-label="Extras">
          {extras.data.extras.map((e) => (
            <li key={e._id}>
              {open === e._id ? (
                <ExtraForm extra={e} services={listed} onCancel={() => setOpen(null)} onDone={saved} />
              ) : (
                <ExtraRow extra={e} services={listed} onEdit={() => setOpen(e._id)} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function ExtraRow({
  extra: e,
  services,
  onEdit,
}: {
  extra: StaffExtra;
  services: readonly StaffService[];
  onEdit(): void;
}) {
  return (
    <>
      <span className="mgmt-who">
        <strong>
          {e.title}
          {e.active ? null : <span className="mgmt-badge">retired</span>}
        </strong>
        <span className="mgmt-meta">
          {extraAdds(e)} · {offeredWith(e.only_with, services)} · order {e.display_order}
          {e.bookingsAhead ? ` · ${e.bookingsAhead} booked ahead` : ''}
        </span>
      </span>
      <button type="button" className="ibutton ibutton--ghost" aria-label={`Edit ${e.title}`} onClick={onEdit}>
        Edit
      </button>
    </>
  );
}
