import { useReducer } from 'react';
import * as apiRoutes from '../../domain/staff-api-routes.ts';
import { FinancesResponseSchema } from '../../domain/finances.ts';
import { todayIn } from '../../domain/london-time.ts';
import { Deposits } from './finances/Deposits.tsx';
import { RangePicker } from './finances/RangePicker.tsx';
import { TakingsCard } from './finances/TakingsCard.tsx';
import { Totals } from './finances/Totals.tsx';
import { useCsvExport } from './finances/use-csv-export.ts';
import { useDeposits } from './finances/use-deposits.ts';
import { changeView, firstView } from './finances/view.ts';
import { SHOP_TIME_ZONE } from './format.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { LoadFailed, Outcome, useStaffRoute } from './records-ui.tsx';
import { usePartsInOrder } from './use-parts-in-order.ts';
import { useStaffSession } from './use-staff-session.ts';

/** /management/finances: takings, deposits with their refunds, the balance taken in the shop, offers, and the accountant's CSV. */
export default function FinancesPage() {
  const session = useStaffSession();
  if (!session) return null;
  return <Finances />;
}

function Finances() {
  const today = todayIn(SHOP_TIME_ZONE, new Date());
  const [view, change] = useReducer(changeView, today, firstView);
  const takings = useStaffRoute(apiRoutes.finances, {
    query: { ...view.range, by: view.by },
    schema: FinancesResponseSchema,
  });
  const deposits = useDeposits(view.range, takings.reload);
  const csv = useCsvExport();
  // The takings and the deposits show together once both have answered: the deposits, the lower
  // card, never appear first to be pushed down by the takings (issue 19, CLS 0).
  const shown = usePartsInOrder([
    Boolean(takings.data || takings.error) && Boolean(deposits.first.data || deposits.first.error),
  ]);
  const loading = <p role="status">Loading the takings…</p>;

  return (
    <ManagementPage title="Finances">
      <div className="rec-toolbar">
        <RangePicker view={view} today={today} change={change} />
        <button
          type="button"
          className="ibutton ibutton--brand rec-export"
          disabled={csv.busy}
          onClick={() => void csv.exportCsv(view.range)}
        >
          {csv.busy ? 'Making the CSV…' : 'Export CSV for the accountant'}
        </button>
      </div>
      <Outcome outcome={csv.said} />
      {shown ? (
        <>
          {takings.error ? <LoadFailed what="the takings" error={takings.error} onRetry={takings.reload} /> : null}
          {takings.data ? (
            <>
              <Totals figures={takings.data.totals} />
              <TakingsCard periods={takings.data.periods} by={view.by} onBy={(by) => change({ type: 'by', by })} />
            </>
          ) : takings.error ? null : (
            loading
          )}
          <Deposits deposits={deposits} onlinePayments={takings.data?.onlinePayments ?? false} />
        </>
      ) : (
        loading
      )}
    </ManagementPage>
  );
}
