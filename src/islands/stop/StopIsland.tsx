import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../client/api.ts';
import { marketingOptOut } from '../../domain/after-booking-api-routes.ts';
import { OptOutResponseSchema } from '../../domain/marketing-opt-out.ts';
import { idFromPath } from '../booking/calendar-links.ts';

export interface StopIslandProps {
  phoneDisplay: string;
  phoneE164: string;
  email: string;
}

type State = 'working' | 'done' | 'not_found' | { error: string };

/**
 * /stop/{token} (docs/decisions/090): opts out on load, by POST. The link is a GET only to reach this
 * page: mail scanners and link previews fetch GETs, and they run no script.
 */
export default function StopIsland({ phoneDisplay, phoneE164, email }: StopIslandProps) {
  const [state, setState] = useState<State>('working');
  const stop = useCallback(async () => {
    const token = idFromPath(window.location.pathname, 'stop');
    if (!token) return setState('not_found');
    setState('working');
    const result = await callApi(marketingOptOut, { body: { token }, schema: OptOutResponseSchema });
    if (result.data) setState('done');
    else if (result.status === 404) setState('not_found');
    else setState({ error: result.error ?? 'We could not stop our messages just now.' });
  }, []);
  useEffect(() => void stop(), [stop]);

  const contact = (
    <p>
      Questions? Call us on{' '}
      <a href={`tel:${phoneE164}`} className="nowrap">
        {phoneDisplay}
      </a>{' '}
      or e-mail <a href={`mailto:${email}`}>{email}</a>.
    </p>
  );
  if (state === 'working')
    return (
      <p role="status" className="picker-loading">
        Stopping our messages…
      </p>
    );
  if (state === 'done')
    return (
      <section className="notice" role="status">
        <h2>Done: we won't send you any more offers, grooming nudges or review requests</h2>
        <p>Messages about the bookings you make still come, as they must.</p>
        {contact}
      </section>
    );
  if (state === 'not_found')
    return (
      <section className="notice">
        <h2>We can't find that link</h2>
        <p>Please check the link in our e-mail. To stop our messages by hand, get in touch and we'll do it.</p>
        {contact}
      </section>
    );
  return (
    <section className="notice notice--error" role="alert">
      <p>{state.error}</p>
      <button type="button" className="ibutton ibutton--ghost" onClick={() => void stop()}>
        Try again
      </button>
      {contact}
    </section>
  );
}
