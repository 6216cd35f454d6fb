import type { Visit } from '../../../domain/customer-records.ts';
import { formatPence } from '../../../domain/money.ts';
import { formatWhen } from '../format.ts';

const STATUS_WORDS: Record<Visit['status'], string> = {
  confirmed: 'Booked',
  pending_payment: 'Awaiting payment',
  cancelled: 'Cancelled',
  expired: 'Not completed',
};
const ATTENDANCE_WORDS = { arrived: 'Arrived', completed: 'Done', no_show: 'No-show' } as const;

/** One booking: when, what for whom at what price, what was paid, and how it went. */
export function VisitRow({ visit: v }: { visit: Visit }) {
  return (
    <>
      <span className="mgmt-who">
        <strong>{formatWhen(v.start)}</strong>
        <span className="mgmt-meta">
          {v.service}
          {v.dogName ? ` for ${v.dogName}` : ''} · {formatPence(v.pricePence)}
          {v.promotionPence ? ` (offer −${formatPence(v.promotionPence)})` : ''}
        </span>
        {v.depositPaidPence ? (
          <span className="mgmt-meta">
            Deposit {formatPence(v.depositPaidPence)}
            {v.depositRefundedPence ? `, refunded ${formatPence(v.depositRefundedPence)}` : ''}
          </span>
        ) : null}
        {v.balancePaidPence ? (
          <span className="mgmt-meta">
            {v.balanceMethod === 'online'
              ? `Paid online ${formatPence(v.balancePaidPence)}`
              : `Paid in the shop ${formatPence(v.balancePaidPence)} by ${v.balanceMethod}`}
          </span>
        ) : null}
        {v.staffNote ? <span className="mgmt-meta">Note: {v.staffNote}</span> : null}
      </span>
      <span className={`rec-pill rec-pill--${v.attendance ?? v.status}`}>
        {v.attendance ? ATTENDANCE_WORDS[v.attendance] : STATUS_WORDS[v.status]}
      </span>
    </>
  );
}
