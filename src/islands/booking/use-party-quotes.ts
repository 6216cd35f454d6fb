import { useEffect, useState } from 'react';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import { QuoteResponseSchema, type QuoteResponse } from '../../domain/booking-api-schemas.ts';
import { parseWeight, type PartyDog } from './answer-basics.ts';

/** What a dog's quote is asked for: its service, weight and extras. */
const quoteKey = (dog: PartyDog) => {
  const kg = parseWeight(dog.weight);
  return dog.serviceId ? `${dog.serviceId}|${Number.isFinite(kg) ? kg : ''}|${dog.extras.join()}` : '';
};

/**
 * The server's quote of each further dog (GET /quote, as for the first dog: use-quote.ts), so each
 * dog's extras are those its own service offers and the review adds up the server's own prices.
 * Asked after a pause in typing; each answer is kept by what it was for, so a dog's quote shows only
 * while it is for what the form now says. Loaded with the dog step and the review, not the first step.
 */
export function usePartyQuotes(party: readonly PartyDog[]) {
  const [quotes, setQuotes] = useState<Record<string, QuoteResponse>>({});
  const [error, setError] = useState(false);
  // Bumped by "Try again": a failed answer is asked again only when the visitor asks.
  const [attempt, setAttempt] = useState(0);
  const keys = party.map(quoteKey);
  // Apart by a line break: a key's extras are apart by commas.
  const wanted = [...new Set(keys.filter((k) => k && !quotes[k]))].join('\n');
  useEffect(() => {
    if (!wanted) return;
    setError(false);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      for (const key of wanted.split('\n')) {
        const [service, kg, extras] = key.split('|');
        void callApi(apiRoutes.quote, {
          query: { service, weightKg: kg || undefined, extras: extras || undefined },
          schema: QuoteResponseSchema,
          signal: controller.signal,
        }).then((r) => {
          if (controller.signal.aborted) return;
          if (r.data) setQuotes((q) => ({ ...q, [key]: r.data! }));
          else setError(true);
        });
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, attempt]);
  const known = Object.values(quotes);
  return {
    /** Each further dog's quote, in order; null until the server has answered for what it now says. */
    quotes: keys.map((k) => quotes[k] ?? null),
    /**
     * The extras each dog's service offers: from any answer for that service, so a ticked extra (a
     * new question for the price) never takes the list away while the answer is on its way.
     */
    offered: party.map((dog) => known.find((q) => q.serviceId === dog.serviceId)?.extrasOffered ?? []),
    error: error && Boolean(wanted),
    retry: () => setAttempt((n) => n + 1),
  };
}
