import { useEffect, useState } from 'react';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import { AvailabilityResponseSchema, type AvailabilityDay } from '../../domain/booking-api-schemas.ts';
import { addDays } from '../../domain/london-time.ts';
import type { FreshDay } from './booking-state.ts';

/** The dog's weight and extras; with several dogs, every dog as the `dogs=` query says them (docs/decisions/082). */
export type Visit = { weightKg: number | undefined; extras: readonly string[]; dogs?: string };

/** Days asked for at a time: four weeks keeps the first answer small on mobile data. */
export const DAYS_PER_PAGE = 28;

/**
 * The coming weeks' days and free times (GET /availability), four weeks at a time: asked afresh when
 * the service, the booking left out or `refreshKey` change, and a day replaced at once by `freshDay`.
 * The shop's time zone is the page's (`shopTimeZone`) until the server's answer says it.
 */
export function useAvailability(
  serviceId: string,
  /** The dog's weight and extras: a bigger dog or more extras make a longer visit, with fewer times. */
  visit: Visit | undefined,
  exclude: string | undefined,
  refreshKey: number,
  freshDay: FreshDay | null,
  shopTimeZone: string,
) {
  const [days, setDays] = useState<AvailabilityDay[]>([]);
  const [timeZone, setTimeZone] = useState(shopTimeZone);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(true);
  const visitKey = visit ? `${visit.weightKg ?? ''}|${visit.extras.join()}|${visit.dogs ?? ''}` : '';

  const load = async (from: string | null, replace: boolean, signal?: AbortSignal) => {
    setLoading(true);
    const result = await callApi(apiRoutes.availability, {
      query: {
        days: DAYS_PER_PAGE,
        from,
        exclude,
        // Several dogs: the times where every dog fits, each slot saying how they sit.
        ...(visit?.dogs
          ? { dogs: visit.dogs }
          : {
              service: serviceId,
              weightKg: visit?.weightKg,
              extras: visit?.extras.length ? visit.extras.join() : undefined,
            }),
      },
      schema: AvailabilityResponseSchema,
      signal,
    });
    if (signal?.aborted) return;
    setLoading(false);
    if (!result.data) {
      setError(
        result.status === 0
          ? 'We could not load the free times. Please check your connection and try again.'
          : (result.error ?? 'We could not load the free times.'),
      );
      return;
    }
    setError(null);
    const fresh = result.data.days;
    setTimeZone(result.data.timeZone);
    setMore(fresh.length === DAYS_PER_PAGE && !fresh.some((d) => d.reason === 'beyond_horizon'));
    setDays((old) => (replace ? fresh : [...old, ...fresh.filter((d) => !old.some((o) => o.date === d.date))]));
  };

  useEffect(() => {
    const controller = new AbortController();
    void load(null, true, controller.signal);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serviceId, visitKey, exclude, refreshKey]);

  useEffect(() => {
    if (!freshDay) return;
    setDays((old) => old.map((d) => (d.date === freshDay.date ? { ...d, slots: freshDay.slots } : d)));
  }, [freshDay]);

  return {
    days,
    timeZone,
    loading,
    error,
    more,
    retry: () => void load(null, true),
    /** The four weeks after the last day shown. */
    loadMore: () => {
      const last = days.at(-1);
      if (last) void load(addDays(last.date, 1), false);
    },
  };
}
