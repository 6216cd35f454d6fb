import { useEffect, useState } from 'react';
import { API_PREFIX, pathTo } from '../../../domain/api-route.ts';
import { visitStatus } from '../../../domain/after-booking-api-routes.ts';
import {
  OWNER_STAGES,
  STAGE_LABELS,
  stageSentence,
  VISIT_STAGES,
  VisitStatusSchema,
  type OwnerStage,
  type VisitStatus,
} from '../../../domain/visit-stages.ts';
import './live-status.css';

/** How often the page asks while it is on screen: a 304 of a few bytes while nothing has changed. */
export const POLL_MS = 15_000;

export interface LiveStatusProps {
  bookingId: string;
  /** The visit is today: wait for check-in. On a later day only a visit already under way is followed. */
  today: boolean;
}

const finished = (s: OwnerStage | null) => s === 'ready' || s === 'completed';

/** Whether asking again could change anything: not once every dog is ready, nor before check-in on a later day. */
function worthAsking(status: VisitStatus, today: boolean): boolean {
  const stages = status.dogs.map((d) => d.stage);
  if (stages.every(finished)) return false;
  return today || stages.some((s) => s !== null);
}

/**
 * Where the dog is, on /b/{id} from check-in on (docs/decisions/092): the stages as a list and the
 * current one in words, announced politely. It asks the status every 15 seconds while the page is
 * visible (Page Visibility: a phone in a pocket asks nothing), with If-None-Match so an unchanged
 * answer is an empty 304, and stops once the dog is ready. Its own chunk, loaded on the day only.
 */
export default function LiveStatus({ bookingId, today }: LiveStatusProps) {
  const [status, setStatus] = useState<VisitStatus | null>(null);

  useEffect(() => {
    let etag: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const url = API_PREFIX + pathTo(visitStatus, { id: bookingId });
    const ask = async () => {
      clearTimeout(timer);
      if (stopped || document.visibilityState !== 'visible') return;
      try {
        const res = await fetch(url, { cache: 'no-store', headers: etag ? { 'if-none-match': etag } : {} });
        if (res.status === 404) stopped = true;
        if (res.status === 200) {
          const parsed = VisitStatusSchema.safeParse(await res.json());
          if (parsed.success) {
            etag = res.headers.get('etag');
            setStatus(parsed.data);
            if (!worthAsking(parsed.data, today)) stopped = true;
          }
        }
      } catch {
        // Offline for a moment (a lift, a tunnel): the next turn asks again.
      }
      if (!stopped) timer = setTimeout(() => void ask(), POLL_MS);
    };
    const onVisibility = () => void ask();
    document.addEventListener('visibilitychange', onVisibility);
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [bookingId, today]);

  const dogs = status?.dogs.filter((d) => d.stage !== null) ?? [];
  const names = dogs.map((d) => d.name);
  const together = dogs.every((d) => d.stage === dogs[0]?.stage);
  const sentence = together
    ? dogs[0]
      ? stageSentence(dogs[0].stage!, names)
      : ''
    : dogs.map((d) => stageSentence(d.stage!, [d.name])).join(' ');
  return (
    <div className="booking-card live-status" hidden={dogs.length === 0}>
      <h2 className="picker-heading">How the visit is going</h2>
      {/* Always in the page, so a change of stage is announced (politely) when it comes. */}
      <p role="status" className="live-status__now">
        {sentence}
      </p>
      {status?.balancePaid ? <p className="live-status__now">Paid — thank you.</p> : null}
      {dogs.map((d) => (
        <Steps key={d.name} name={d.name} stage={d.stage!} labelled={dogs.length > 1} />
      ))}
    </div>
  );
}

function Steps({ name, stage, labelled }: { name: string; stage: OwnerStage; labelled: boolean }) {
  const at = OWNER_STAGES.indexOf(stage);
  return (
    <ol className="live-status__steps" aria-label={labelled ? `${name}'s visit` : 'The visit'}>
      {VISIT_STAGES.map((s, i) => (
        <li key={s} aria-current={s === stage ? 'step' : undefined} data-done={i < at ? 'true' : undefined}>
          {STAGE_LABELS[s]}
          {i < at ? <span className="visually-hidden"> (done)</span> : null}
        </li>
      ))}
    </ol>
  );
}
