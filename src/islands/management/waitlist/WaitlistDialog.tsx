import { useEffect, useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { StaffWaitlistDaySchema, type StaffWaitlistDay } from '../../../domain/staff-waitlist.ts';
import { shortDate } from '../format.ts';
import { ErrorNotice, StaffDialog } from '../StaffDialog.tsx';
import { WaitlistRequestItem } from './WaitlistRequestItem.tsx';
import './waitlist.css';

type Shown = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'shown'; day: StaffWaitlistDay };

/**
 * A day's waitlist (docs/decisions/086), loaded on demand (its own chunk: the schedule's first screen
 * does without it): who waits for the day, first asked first, with the dog and what suits them, and
 * "Offer a time" from the day's free times for each one's visit.
 */
export default function WaitlistDialog({
  date,
  onClose,
  onChanged,
}: {
  date: string;
  onClose(): void;
  /** An offer went out: the schedule's counts are asked again. */
  onChanged(): void;
}) {
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void staffCall(apiRoutes.staffWaitlistDay, { query: { date }, schema: StaffWaitlistDaySchema }).then((r) => {
      if (!current) return;
      setShown(
        r.data
          ? { state: 'shown', day: r.data }
          : { state: 'failed', text: r.error ?? 'The waitlist could not be loaded.' },
      );
    });
    return () => {
      current = false;
    };
  }, [date, version]);

  const offered = (text: string) => {
    setDone(text);
    setVersion((n) => n + 1);
    onChanged();
  };

  return (
    <StaffDialog title={`Waitlist for ${shortDate(date)}`} onClose={onClose} wide>
      <p className="wl-status mgmt-notice mgmt-notice--ok" role="status" hidden={!done}>
        {done}
      </p>
      {shown.state === 'loading' ? (
        <p role="status" className="field-hint">
          Loading the waitlist…
        </p>
      ) : null}
      {shown.state === 'failed' ? <ErrorNotice message={shown.text} onRetry={() => setVersion((n) => n + 1)} /> : null}
      {shown.state === 'shown' && shown.day.requests.length === 0 ? (
        <p className="mgmt-notice">Nobody is waiting for a time on this day.</p>
      ) : null}
      {shown.state === 'shown' && shown.day.requests.length > 0 ? (
        <>
          <p className="field-hint">First asked, first offered: the list is in the order they asked.</p>
          <ol className="wl-list">
            {shown.day.requests.map((request) => (
              <WaitlistRequestItem key={request.id} date={date} request={request} onOffered={offered} />
            ))}
          </ol>
        </>
      ) : null}
    </StaffDialog>
  );
}
