import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import type { QuoteResponse } from '../../domain/booking-api-schemas.ts';
import { parseWeight, type Answers } from './answers.ts';
import { bookingSchemas } from './on-demand.ts';

export interface QuoteDefaults {
  promotion: QuoteResponse['promotion'];
  cancellationNoticeHours: number;
  /** The shop's time zone, so the form need not load the site's facts to learn it. */
  timeZone: string;
}

/**
 * The price, deposit and rules as the server will charge them (GET /quote), for the service, weight
 * and extras given so far, with the extras the service offers; asked again when they change (the weight after a pause in typing). Until it answers,
 * the rules the build knows stand in, so the texts that mention them keep their length.
 */
export function useQuote(answers: Answers, defaults: QuoteDefaults) {
  const [quote, setQuote] = useState<QuoteResponse | null>(null);
  const [error, setError] = useState(false);
  const weightKg = parseWeight(answers.weight);
  const key = answers.serviceId
    ? `${answers.serviceId}|${Number.isFinite(weightKg) ? weightKg : ''}|${answers.extras.join()}`
    : null;
  const load = useCallback((of: string, signal?: AbortSignal) => {
    const [service, kg, extras] = of.split('|');
    setError(false);
    void callApi(apiRoutes.quote, {
      query: { service, weightKg: kg || undefined, extras: extras || undefined },
      schema: bookingSchemas().then((m) => m.QuoteResponseSchema),
      signal,
    }).then((r) => {
      if (signal?.aborted) return;
      if (r.data) setQuote(r.data);
      else setError(true);
    });
  }, []);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => load(key, controller.signal), 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, load]);

  // The quote shown is the server's, and only when it is for what the form now says.
  const estimate = quote && key && quote.serviceId === answers.serviceId ? quote : null;
  return {
    estimate,
    error,
    retry: () => key && load(key),
    promotion: estimate ? estimate.promotion : defaults.promotion,
    cancellationNoticeHours: estimate ? estimate.cancellationNoticeHours : defaults.cancellationNoticeHours,
    timeZone: estimate ? estimate.timeZone : defaults.timeZone,
  };
}
export type Quote = ReturnType<typeof useQuote>;
