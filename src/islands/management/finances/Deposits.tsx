import type { Deposit } from '../../../domain/finances.ts';
import { formatPence } from '../../../domain/money.ts';
import { formatWhen } from '../format.ts';
import { Card, LoadFailed, Outcome, ShowMore } from '../records-ui.tsx';
import { RefundForm } from './RefundForm.tsx';
import type { DepositList } from './use-deposits.ts';

/** The deposits paid in the period (`useDeposits`), with what was refunded and a refund for what is left. */
export function Deposits({ deposits: list, onlinePayments }: { deposits: DepositList; onlinePayments: boolean }) {
  const { first, pages, said, refunding, startRefund, stopRefund, refunded } = list;
  const { list: deposits, cursor, state, more } = pages;
  return (
    <Card id="deposits-title" title="Deposits">
      <p>
        Deposits paid in this period.{' '}
        {onlinePayments
          ? 'A refund goes back to the card through Stripe, usually within 5 to 10 days.'
          : 'Online payments are not set up here: a refund is recorded as owed.'}
      </p>
      <Outcome outcome={said} />
      {first.error ? <LoadFailed what="the deposits" error={first.error} onRetry={first.reload} /> : null}
      {first.data && deposits.length === 0 ? (
        <p className="mgmt-placeholder">No deposits were paid in this period.</p>
      ) : null}
      {deposits.length ? (
        <ul className="mgmt-list rec-deposits" aria-label="Deposits">
          {deposits.map((d) => (
            <li key={d.bookingId}>
              <DepositFacts deposit={d} />
              {refunding === d.bookingId ? (
                <RefundForm deposit={d} onDone={refunded} onCancel={stopRefund} />
              ) : (
                <RefundState deposit={d} onRefund={() => startRefund(d.bookingId)} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ShowMore what="more deposits" label="Show more deposits" cursor={cursor} state={state} more={more} />
    </Card>
  );
}

function DepositFacts({ deposit: d }: { deposit: Deposit }) {
  return (
    <span className="mgmt-who">
      <strong>
        {formatPence(d.paidPence)} · {d.customerName}
      </strong>
      <span className="mgmt-meta">
        {d.service}, {formatWhen(d.start)}
        {d.status === 'cancelled' ? ' (cancelled)' : ''}
      </span>
      <span className="mgmt-meta">
        Paid {formatWhen(d.paidAt)}
        {d.refundedPence ? ` · refunded ${formatPence(d.refundedPence)}` : ''}
        {d.refundDuePence ? ` · ${formatPence(d.refundDuePence)} refund on its way` : ''}
        {d.refundReason ? ` (${d.refundReason})` : ''}
      </span>
    </span>
  );
}

/** "Refund…" while some is left to give back, else what became of it. */
function RefundState({ deposit: d, onRefund }: { deposit: Deposit; onRefund(): void }) {
  if (d.refundablePence > 0)
    return (
      <button
        type="button"
        className="ibutton ibutton--ghost"
        aria-label={`Refund ${d.customerName}'s deposit of ${formatPence(d.paidPence)}`}
        onClick={onRefund}
      >
        Refund…
      </button>
    );
  return (
    <span className={`rec-pill rec-pill--${d.refundedPence ? 'completed' : 'confirmed'}`}>
      {d.refundedPence ? 'Refunded' : d.refundDuePence ? 'Refund due' : 'Kept'}
    </span>
  );
}
