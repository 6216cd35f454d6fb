import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/after-booking-api-routes.ts';
import { WaitlistViewSchema, type WaitlistView } from '../../domain/waitlist.ts';
import { idFromPath } from '../booking/calendar-links.ts';
import { WaitlistRequest } from './WaitlistRequest.tsx';
import './waitlist.css';

export interface WaitlistIslandProps {
  phoneDisplay: string;
  phoneE164: string;
}

/** /w/{id}: the request the address names, or why it cannot be shown. */
export default function WaitlistIsland({ phoneDisplay, phoneE164 }: WaitlistIslandProps) {
  const [id, setId] = useState<string | null | undefined>(undefined);
  const [view, setView] = useState<WaitlistView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (requestId: string) => {
    const result = await callApi(apiRoutes.waitlistRequest, { params: { id: requestId }, schema: WaitlistViewSchema });
    if (result.data) setView(result.data);
    setError(
      result.data ? null : result.status === 404 ? 'not_found' : (result.error ?? 'We could not load your request.'),
    );
  }, []);
  useEffect(() => {
    const found = idFromPath(window.location.pathname, 'w');
    setId(found);
    if (found) void load(found);
  }, [load]);

  const call = (
    <a href={`tel:${phoneE164}`} className="nowrap">
      {phoneDisplay}
    </a>
  );
  if (id === null || error === 'not_found')
    return (
      <section className="notice">
        <h2>We can't find that request</h2>
        <p>Please check the link in our message. If it still doesn't work, call us on {call} and we'll sort it out.</p>
      </section>
    );
  if (error)
    return (
      <section className="notice notice--error" role="alert">
        <p>{error}</p>
        <button type="button" className="ibutton ibutton--ghost" onClick={() => id && void load(id)}>
          Try again
        </button>
      </section>
    );
  if (!view)
    return (
      <p role="status" className="picker-loading">
        Loading your request…
      </p>
    );
  return <WaitlistRequest view={view} onChange={setView} onRefresh={() => void load(view.id)} />;
}
