import type { ReactNode } from 'react';
import { PERIODS, type FinancePeriod, type FinancesResponse, type Period } from '../../../domain/finances.ts';
import { formatPence } from '../../../domain/money.ts';
import { Card } from '../records-ui.tsx';
import { Segments } from './Segments.tsx';
import { noShows } from './Totals.tsx';

const GROUPS: Record<Period, { button: string; column: string }> = {
  day: { button: 'By day', column: 'Day' },
  week: { button: 'By week', column: 'Week' },
  month: { button: 'By month', column: 'Month' },
};
const GROUP_OPTIONS = PERIODS.map((p) => ({ value: p, text: GROUPS[p].button }));
/**
 * Every column the takings count, so a row adds up in front of the reader: deposits, card, cash, link
 * and fees, less refunds, make the takings (src/domain/ledger.ts). The value of the day's
 * appointments stands apart after them: it is not money that moved.
 */
const MONEY_COLUMNS: { head: string; cell(p: FinancePeriod): ReactNode }[] = [
  { head: 'Deposits', cell: (p) => formatPence(p.depositsPence) },
  { head: 'Card', cell: (p) => formatPence(p.cardPence) },
  { head: 'Cash', cell: (p) => formatPence(p.cashPence) },
  { head: 'Paid by link', cell: (p) => formatPence(p.linkPence) },
  { head: 'No-show fees', cell: (p) => formatPence(p.feesPence) },
  { head: 'Refunds', cell: (p) => (p.refundsPence ? `−${formatPence(p.refundsPence)}` : formatPence(0)) },
  { head: 'Takings', cell: (p) => <strong>{formatPence(p.takingsPence)}</strong> },
  { head: 'Value of appointments', cell: (p) => formatPence(p.appointmentsValuePence) },
  { head: 'Visits', cell: (p) => `${p.appointments}${p.noShows ? ` (${noShows(p.noShows)})` : ''}` },
];

/** The takings of the period, a row a day, week or month. */
export function TakingsCard({
  periods,
  by,
  onBy,
}: {
  periods: FinancesResponse['periods'];
  by: Period;
  onBy(by: Period): void;
}) {
  return (
    <Card
      id="periods-title"
      title="Takings"
      actions={<Segments label="Group the takings" options={GROUP_OPTIONS} value={by} onChange={onBy} />}
    >
      <div className="rec-table-wrap" tabIndex={0} role="region" aria-label="Takings by period">
        <table className="rec-table">
          <thead>
            <tr>
              <th scope="col">{GROUPS[by].column}</th>
              {MONEY_COLUMNS.map((column) => (
                <th key={column.head} scope="col">
                  {column.head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {periods.map((p) => (
              <tr key={p.start} className={p.takingsPence === 0 && p.appointments === 0 ? 'rec-quiet' : undefined}>
                <th scope="row">{p.label}</th>
                {MONEY_COLUMNS.map((column) => (
                  <td key={column.head}>{column.cell(p)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
