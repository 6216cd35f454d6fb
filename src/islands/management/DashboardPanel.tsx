import { useMemo } from 'react';
import { addDays } from '../../domain/london-time.ts';
import { ChartCard } from './dashboard/ChartCard.tsx';
import { DayCard } from './dashboard/DayCard.tsx';
import { customersChart, takingsChart } from './dashboard/figures.ts';
import { MessagesCard } from './dashboard/MessagesCard.tsx';
import { SourcesCard } from './dashboard/SourcesCard.tsx';
import { TextBudgetWarning } from './dashboard/TextBudgetWarning.tsx';
import type { Dashboard } from './dashboard/use-dashboard.ts';
import { WeekTiles } from './dashboard/WeekTiles.tsx';
import { ErrorNotice } from './StaffDialog.tsx';
import './schedule.css';
import './dashboard/dashboard.css';

/**
 * The dashboard's working part (docs/decisions/060): today and tomorrow at a glance from the
 * schedule, and the week's figures from GET /management/dashboard (`useDashboard`), with small
 * uPlot charts that each have their table beside them. Drawn whole once both have answered, so
 * neither day's card grows under the other's eyes.
 */
export function DashboardPanel({ dashboard }: { dashboard: Dashboard }) {
  const { figures, days, error, reload } = dashboard;
  const charts = useMemo(
    () => (figures ? { takings: takingsChart(figures), customers: customersChart(figures) } : null),
    [figures],
  );

  if (error) return <ErrorNotice message={error} onRetry={() => void reload()} />;
  if (!figures || !days || !charts)
    return (
      <p role="status" className="sched-loading">
        Loading today and the week’s figures…
      </p>
    );

  const { today } = figures;
  return (
    <div className="dash">
      <div className="dash-days">
        <DayCard title="Today" date={today} schedule={days} />
        <DayCard title="Tomorrow" date={addDays(today, 1)} schedule={days} />
      </div>
      <WeekTiles figures={figures} />
      {figures.textBudget.near ? <TextBudgetWarning budget={figures.textBudget} /> : null}
      <MessagesCard messages={figures.messages} />
      <div className="dash-charts">
        <ChartCard
          title="Takings this week"
          caption="Bars: this week by day. Line: the same days last week."
          chart={charts.takings}
        />
        <ChartCard
          title="New and returning customers"
          caption={`Appointments a week for the last ${figures.customers.length} weeks: first visits and returning customers.`}
          chart={charts.customers}
        />
        <SourcesCard sources={figures.sources} />
      </div>
    </div>
  );
}
