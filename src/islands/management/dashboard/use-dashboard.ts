import { useCallback, useEffect, useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { DashboardResponseSchema, type DashboardResponse } from '../../../domain/dashboard.ts';
import type { ScheduleResponse } from '../../../domain/schedule.ts';
import { todayIn } from '../../../domain/london-time.ts';
import { SHOP_TIME_ZONE } from '../format.ts';
import { loadSchedule } from '../schedule-page/use-schedule.ts';

export interface Dashboard {
  /** The week's figures (GET /management/dashboard); null until they come. */
  figures: DashboardResponse | null;
  /** Today and tomorrow from the schedule, for the figures' today; null until they come. */
  days: ScheduleResponse | null;
  error: string | null;
  reload(): Promise<void>;
}

const FAILED = "Today's appointments could not be loaded.";

/**
 * The dashboard's two requests (decision 060), at once: the figures, and today's and tomorrow's
 * appointments from this device's idea of the shop's today, asked again only when the figures'
 * today differs (a clock a little off around midnight). Both land in one render.
 */
export function useDashboard(): Dashboard {
  const [state, setState] = useState<Omit<Dashboard, 'reload'>>({ figures: null, days: null, error: null });
  const reload = useCallback(async () => {
    setState((s) => ({ ...s, error: null }));
    const guess = todayIn(SHOP_TIME_ZONE, new Date());
    const [dashboard, guessed] = await Promise.all([
      staffCall(apiRoutes.dashboard, { schema: DashboardResponseSchema }),
      loadSchedule(guess, 2, { failed: FAILED }),
    ]);
    const figures = dashboard.data;
    if (!figures) return setState((s) => ({ ...s, error: dashboard.error ?? 'The figures could not be loaded.' }));
    const answer = figures.today === guess ? guessed : await loadSchedule(figures.today, 2, { failed: FAILED });
    if (answer && 'error' in answer) return setState((s) => ({ ...s, figures, error: answer.error }));
    setState((s) => ({ ...s, figures, days: answer?.schedule ?? s.days }));
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}
