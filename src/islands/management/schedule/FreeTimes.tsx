import { useEffect, useId, useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { FreeTimesResponseSchema, type FreeTimesResponse } from '../../../domain/schedule.ts';
import { RadioGroup } from '../../forms/Choices.tsx';
import { shortDate } from '../format.ts';
import { ErrorNotice } from '../StaffDialog.tsx';

type Slots = FreeTimesResponse['day']['slots'];
type Times =
  { state: 'loading' } | { state: 'failed'; text: string } | { state: 'shown'; slots: Slots; closed: string | null };

function closedText(day: FreeTimesResponse['day']): string | null {
  if (day.open) return null;
  return day.reason === 'bank_holiday' ? 'The shop is closed for the bank holiday.' : 'The shop is closed on this day.';
}

/**
 * The free times of a day, as staff may book them (`exclude`: the booking being moved, which keeps
 * its own length); a new visit's length follows the dog's weight and its extras.
 */
export function FreeTimes({
  service,
  date,
  exclude,
  weightKg,
  extras = [],
  value,
  onChange,
}: {
  service: string;
  date: string;
  exclude?: string;
  weightKg?: number | undefined;
  extras?: readonly string[];
  value: string;
  onChange: (start: string) => void;
}) {
  const extraList = extras.length ? extras.join(',') : undefined;
  const id = useId();
  const [times, setTimes] = useState<Times>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!service || !date) return;
    let current = true;
    setTimes({ state: 'loading' });
    const query = { service, date, exclude, weightKg, extras: extraList };
    void staffCall(apiRoutes.freeTimes, { query, schema: FreeTimesResponseSchema }).then((r) => {
      if (!current) return;
      setTimes(
        r.data
          ? { state: 'shown', slots: r.data.day.slots, closed: closedText(r.data.day) }
          : { state: 'failed', text: r.error ?? 'The free times could not be loaded.' },
      );
    });
    return () => {
      current = false;
    };
  }, [service, date, exclude, weightKg, extraList, attempt]);

  if (times.state === 'failed') return <ErrorNotice message={times.text} onRetry={() => setAttempt((n) => n + 1)} />;
  if (times.state === 'loading')
    return (
      <p role="status" className="field-hint">
        Finding free times…
      </p>
    );
  if (times.closed) return <p className="mgmt-notice">{times.closed}</p>;
  if (!times.slots.length)
    return <p className="mgmt-notice">No free times on this day for this service. Try another day.</p>;
  return (
    <RadioGroup
      id={`${id}-times`}
      label={`Free times on ${shortDate(date)}`}
      variant="chips"
      value={value || null}
      onChange={onChange}
      options={times.slots.map((t) => ({ value: t.start, label: t.time }))}
    />
  );
}
