import type { CustomerRecord } from '../../../domain/customer-records.ts';
import { formatPence } from '../../../domain/money.ts';
import { formatDay } from '../format.ts';

/** The record's figures at a glance, and a word when it has been erased. */
export function RecordTotals({ customer: c }: { customer: CustomerRecord }) {
  return (
    <>
      <dl className="rec-totals">
        <div>
          <dt>Visits</dt>
          <dd>{c.totals.visits}</dd>
        </div>
        <div>
          <dt>Upcoming</dt>
          <dd>{c.totals.upcoming}</dd>
        </div>
        <div>
          <dt>No-shows</dt>
          <dd>{c.totals.noShows}</dd>
        </div>
        <div>
          <dt>Paid in all</dt>
          <dd>{formatPence(c.totals.paidPence)}</dd>
        </div>
      </dl>
      {c.erasedAt ? (
        <div className="mgmt-notice mgmt-notice--reason">
          <p>Erased on {formatDay(c.erasedAt)}. Only the accounts' rows of their visits are kept.</p>
        </div>
      ) : null}
    </>
  );
}
