import { useCallback, useEffect, useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { DashboardResponseSchema, type DashboardResponse } from '../../../domain/dashboard.ts';
import type { ScheduleResponse } from '../../../domain/schedule.ts';
import { loadSchedule } from '../schedule-page/use-schedule.ts';

export interface Dashboard {
  /** The week's figures (GET /management/dashboard); null until they come. */
  figures: DashboardResponse | null;
  /** Today and tomorrow from the schedule, asked for once the figures say which day today is. */
  days: ScheduleResponse | null;
  error: string | null;
  reload(): Promise<void>;
}

/** The dashboard's two requests (decision 060): the figures, then today's and tomorrow's appointments. */
export function useDashboard(): Dashboard {
  const [state, setState] = useState<Omit<Dashboard, 'reload'>>({ figures: null, days: null, error: null });
  const reload = useCallback(async () => {
    setState((s) => ({ ...s, error: null }));
    const dashboard = await staffCall(apiRoutes.dashboard, { schema: DashboardResponseSchema });
    const figures = dashboard.data;
    if (!figures) return setState((s) => ({ ...s, error: dashboard.error ?? 'The figures could not be loaded.' }));
    setState((s) => ({ ...s, figures }));
    const answer = await loadSchedule(figures.today, 2, { failed: "Today's appointments could not be loaded." });
    if (answer) setState((s) => ('error' in answer ? { ...s, error: answer.error } : { ...s, days: answer.schedule }));
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}
