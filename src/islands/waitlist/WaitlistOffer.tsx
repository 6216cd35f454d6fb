import { useState, type ComponentType } from 'react';
import type { AvailabilityDay } from '../../domain/booking-api-schemas.ts';
import type { Answers } from '../booking/answer-basics.ts';
import type { JoinWaitlistProps } from './JoinWaitlist.tsx';

// The form is its own chunk, fetched only when asked for: the booking path never loads it. (Not
// on-demand.ts's `once`: importing it here splits it out of the first step's chunk.)
let form: Promise<typeof import('./JoinWaitlist.tsx')> | undefined;
const loadForm = () =>
  (form ??= import('./JoinWaitlist.tsx').catch((error: unknown) => {
    form = undefined;
    throw error;
  }));

/**
 * Where the owner finds no time (a full day, or times that do not suit): "Tell me if a time frees
 * up", which opens the waitlist's form in place (docs/decisions/084).
 */
export function WaitlistOffer({
  answers,
  lookingAt,
  days,
  full,
}: {
  answers: Answers;
  lookingAt: string;
  days: AvailabilityDay[];
  /** The day looked at has no time left (else: its times do not suit). */
  full: boolean;
}) {
  const [Form, setForm] = useState<ComponentType<JoinWaitlistProps> | null>(null);
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');
  const open = () => {
    setState('opening');
    loadForm().then(
      (module) => setForm(() => module.default),
      () => setState('failed'),
    );
  };
  if (Form) return <Form answers={answers} lookingAt={lookingAt} days={days} onClose={() => setForm(null)} />;
  // A full day says so in its heading; times that are there may still not suit.
  return (
    <div className="waitlist-offer">
      {full ? null : <p>None of these times suit?</p>}
      <button
        type="button"
        className="ibutton ibutton--ghost"
        aria-disabled={state === 'opening' || undefined}
        onClick={state === 'opening' ? undefined : open}
      >
        Tell me if a time frees up
      </button>
      {state === 'failed' ? (
        <p className="field-message" role="alert">
          We could not open the form: please try again.
        </p>
      ) : null}
    </div>
  );
}
