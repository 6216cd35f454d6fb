import { useState, type SyntheticEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { StrikesResponseSchema, type StrikeView, type StrikesResponse } from '../../../domain/no-show-staff.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { TextArea } from '../../forms/TextField.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatWhen } from '../format.ts';
import { Card, useStaffRoute } from '../records-ui.tsx';

const STANDING: Record<StrikesResponse['standing'], string> = {
  new: 'New customer (no completed visit yet)',
  regular: 'Regular',
  pay_in_full: 'Pays in full when booking',
};

/**
 * Missed appointments (decision 081): the customer's strikes, merged records' included, which count
 * and which staff waived (with why), and "Waive" for one that should not count.
 */
export function StrikesCard({ customerId }: { customerId: string }) {
  const loaded = useStaffRoute(apiRoutes.customerStrikes, {
    params: { id: customerId },
    schema: StrikesResponseSchema,
  });
  const s = loaded.data;
  if (!s || s.strikes.length === 0) return null;
  const rule =
    s.payInFullAfter === null ? 'never asks for the full price' : `asks for the full price from ${s.payInFullAfter}`;
  return (
    <Card id="strikes-title" title="Missed appointments">
      <p className="mgmt-meta">
        {s.live} counting in the last 12 months; the shop {rule}. Now: <strong>{STANDING[s.standing]}</strong>.
      </p>
      <ul className="mgmt-list">
        {s.strikes.map((strike) => (
          <StrikeRow key={strike.bookingId} customerId={customerId} strike={strike} onWaived={loaded.set} />
        ))}
      </ul>
    </Card>
  );
}

function StrikeRow({
  customerId,
  strike,
  onWaived,
}: {
  customerId: string;
  strike: StrikeView;
  onWaived(s: StrikesResponse): void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const submit = useSubmit('We could not waive it');
  const what = `${strike.dog}, ${strike.service}, ${formatWhen(strike.at)}`;
  const waive = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!reason.trim()) return submit.fail('Please say why the strike is waived');
    void submit.run(
      () =>
        staffCall(apiRoutes.waiveStrike, {
          params: { id: customerId, booking: strike.bookingId },
          body: { reason },
          schema: StrikesResponseSchema,
        }),
      (answer) => {
        setOpen(false);
        onWaived(answer);
      },
    );
  };
  return (
    <li>
      <p>
        {what} <span className="mgmt-badge">{strike.waiver ? 'Waived' : strike.live ? 'Counts' : 'Lapsed'}</span>
      </p>
      {/* Why, in a line of its own: a sentence in a badge wraps into a lopsided pill. */}
      {strike.waiver ? (
        <p className="mgmt-meta">
          Waived{strike.waiver.by ? ` by ${strike.waiver.by}` : ''}: {strike.waiver.reason}
        </p>
      ) : null}
      {!strike.waiver && !open ? (
        <button type="button" className="link-button" onClick={() => setOpen(true)} aria-label={`Waive: ${what}`}>
          Waive
        </button>
      ) : null}
      {open ? (
        <form className="rec-form" onSubmit={waive} noValidate>
          <TextArea
            id={`waive-${strike.bookingId}`}
            label="Why it should not count"
            value={reason}
            onChange={setReason}
            maxLength={300}
          />
          <FormActions submit={submit} label="Waive this strike" busyLabel="Waiving…" onCancel={() => setOpen(false)} />
        </form>
      ) : null}
    </li>
  );
}
