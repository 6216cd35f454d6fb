import { PERIODS, type FinancesResponse, type Period } from '../../../domain/finances.ts';
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
const MONEY_COLUMNS = ['Deposits', 'Refunds', 'Card', 'Cash', 'Takings', 'Visits'];

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
              {[GROUPS[by].column, ...MONEY_COLUMNS].map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {periods.map((p) => (
              <tr key={p.start} className={p.takingsPence === 0 && p.appointments === 0 ? 'rec-quiet' : undefined}>
                <th scope="row">{p.label}</th>
                <td>{formatPence(p.depositsPence)}</td>
                <td>{p.refundsPence ? `−${formatPence(p.refundsPence)}` : formatPence(0)}</td>
                <td>{formatPence(p.cardPence)}</td>
                <td>{formatPence(p.cashPence)}</td>
                <td>
                  <strong>{formatPence(p.takingsPence)}</strong>
                </td>
                <td>
                  {p.appointments}
                  {p.noShows ? ` (${noShows(p.noShows)})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
