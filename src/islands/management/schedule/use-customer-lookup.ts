import { useEffect, useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { CustomerLookupResponseSchema, type LookupCustomer } from '../../../domain/schedule.ts';

interface Answer {
  customers: LookupCustomer[] | null;
  error: string | null;
}
const NO_ANSWER: Answer = { customers: null, error: null };

/** A short pause, so a number typed digit by digit asks once. */
const PAUSE_MS = 250;

/** The caller looked up by number, name or dog, from two characters typed. */
export function useCustomerLookup() {
  const [q, setQ] = useState('');
  const [answer, setAnswer] = useState<Answer>(NO_ANSWER);
  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) return;
    let current = true;
    const timer = setTimeout(() => {
      void staffCall(apiRoutes.customerLookup, { query: { q: text }, schema: CustomerLookupResponseSchema }).then(
        (r) => {
          if (current) setAnswer({ customers: r.data?.customers ?? null, error: r.data ? null : r.error });
        },
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q]);
  const search = (text: string) => {
    setQ(text);
    if (text.trim().length < 2) setAnswer(NO_ANSWER);
  };
  return { q, search, found: answer.customers, error: answer.error };
}
