import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../../client/api.ts';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { ScheduleResponseSchema, type ScheduleBooking, type ScheduleResponse } from '../../../domain/schedule.ts';

/**
 * The schedule of `days` days from `from`, every page of it (200 bookings a page: a week of a busy
 * shop is one or two), as one answer; or the error to show (`failed` when the server gave none).
 * `stale()` is asked between pages, so an answer nobody waits for any more stops early (null).
 */
export async function loadSchedule(
  from: string,
  days: number,
  {
    stale = () => false,
    failed = 'The schedule could not be loaded.',
  }: { stale?: () => boolean; failed?: string } = {},
): Promise<{ schedule: ScheduleResponse } | { error: string } | null> {
  let cursor: string | null = null;
  let first: ScheduleResponse | null = null;
  const bookings: ScheduleBooking[] = [];
  do {
    const result: ApiResult<ScheduleResponse> = await staffCall(apiRoutes.schedule, {
      query: { from, days, cursor },
      schema: ScheduleResponseSchema,
    });
    if (stale()) return null;
    if (!result.data) return { error: result.error ?? failed };
    first ??= result.data;
    bookings.push(...result.data.bookings);
    cursor = result.data.next;
  } while (cursor);
  return { schedule: { ...first!, bookings, next: null } };
}

export interface Schedule {
  schedule: ScheduleResponse | null;
  error: string | null;
  /** Asks again (after every change: what is drawn is what the database holds, decision 060). */
  reload(): Promise<void>;
}

/** The schedule on screen: loaded when the range changes, a newer load winning over an older one. */
export function useSchedule(from: string, days: number): Schedule {
  const [state, setState] = useState<Omit<Schedule, 'reload'>>({ schedule: null, error: null });
  const loads = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++loads.current;
    setState((s) => ({ ...s, error: null }));
    const answer = await loadSchedule(from, days, { stale: () => mine !== loads.current });
    if (!answer) return;
    setState((s) => ('error' in answer ? { ...s, error: answer.error } : { schedule: answer.schedule, error: null }));
  }, [from, days]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

/** The time now, moved on every minute (the grid's line, what may be moved or marked). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
