import { useCallback, useEffect, useRef, useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { WaitlistCountsResponseSchema } from '../../../domain/staff-waitlist.ts';

export interface WaitlistCounts {
  /** Waiting requests by date; a date left out has none. Empty until loaded (or when it failed: the schedule matters more). */
  counts: Readonly<Record<string, number>>;
  reload(): Promise<void>;
}

/** How many wait on each day shown: one small read beside the schedule's, a newer load winning. */
export function useWaitlistCounts(from: string, days: number): WaitlistCounts {
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});
  const loads = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++loads.current;
    const result = await staffCall(apiRoutes.staffWaitlistCounts, {
      query: { from, days },
      schema: WaitlistCountsResponseSchema,
    });
    if (mine === loads.current && result.data) setCounts(result.data.counts);
  }, [from, days]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { counts, reload };
}
