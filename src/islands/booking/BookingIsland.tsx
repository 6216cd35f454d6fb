import { useEffect, useRef } from 'react';
import type { BookingType } from '../../domain/booking-types.ts';
import { formatPence } from '../../domain/money.ts';
import { Spinner } from '../forms/Field.tsx';
import { STEP, STEPS } from './answers.ts';
import { formatDuration } from './duration.ts';
import { Progress } from './Progress.tsx';
import { StepOnShow } from './StepOnShow.tsx';
import { useBookingFlow } from './use-booking-flow.ts';
import { useBreeds } from './use-breeds.ts';
import { useQuote, type QuoteDefaults } from './use-quote.ts';
import { useSavedDogs } from './use-saved-dogs.ts';
import { useServices } from './use-services.ts';
import { usePrefetch, useStepCode } from './use-step-code.ts';
import './booking.css';

/**
 * /book. The page's HTML holds the first step, built from the catalogue the build knows, so the form
 * is there at once and nothing moves when React takes it over (docs/decisions/055). Everything only
 * later steps need (their components, the schemas, the phone rules) is imported on demand
 * (on-demand.ts): the next step's code is fetched as soon as the browser is idle, so a visitor never
 * waits for it.
 */

export interface BookingIslandProps {
  /** Facts for the page, from content/site.json. */
  phoneDisplay: string;
  phoneE164: string;
  whatsappE164: string;
  /**
   * The services as the build knows them (content/services.json), sorted, so the first step is in
   * the page's HTML. The server's list replaces them as soon as it answers: prices can change.
   */
  services: BookingType[];
  /**
   * The rules the build knows (the default settings): the small dog offer and the notice for free
   * changes, shown until the server's quote says otherwise, so the texts that mention them do not
   * change length, and move what is below them, when it arrives.
   */
  defaults: QuoteDefaults;
}

/**
 * The island renders the same first step on the server and in its first client render (no mismatch
 * to repair), then, in `phase` 'start', finds where this visit starts. A visitor resuming (saved
 * answers, or ?type= from a button) is told by book.astro's inline script before the first paint, and
 * the card hides the first step until the right one is ready, keeping its size (booking.css).
 */
export default function BookingIsland(props: BookingIslandProps) {
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const code = useStepCode();
  const flow = useBookingFlow(root, heading, code.fetchStep, code.fail);
  const { phase, step, answers } = flow.state;
  usePrefetch(code, phase, step);
  const services = useServices(props.services);
  const breeds = useBreeds(Boolean(code.components[STEP.dog]) || (phase === 'ready' && step > STEP.dog));
  const quote = useQuote(answers, props.defaults);
  const savedDogs = useSavedDogs(phase === 'ready', flow.dispatch);

  const service = services.services.find((s) => s._id === answers.serviceId) ?? null;
  // An unknown ?type= (an old link), or a service no longer offered, falls back to choosing the service.
  const unknownService = phase === 'ready' && Boolean(answers.serviceId) && !service;
  const { update, go } = flow;
  useEffect(() => {
    if (!unknownService) return;
    update({ serviceId: null });
    go(STEP.service, false);
  }, [unknownService, update, go]);

  return (
    <div className="booking" ref={root} data-phase={phase}>
      <Progress
        step={step}
        reachable={flow.reachable}
        onJump={(s) => flow.go(s)}
        serviceTitle={service?.title ?? null}
      />
      <div className="booking-card">
        {/* Shown only to a visitor resuming, while the first step is hidden (booking.css). */}
        {phase === 'start' ? (
          <p className="booking-resume-note">
            <Spinner /> Getting your booking ready…
          </p>
        ) : null}
        <h2 className="booking-step-title" ref={heading} tabIndex={-1}>
          <span className="visually-hidden">
            Step {step + 1} of {STEPS.length}:{' '}
          </span>
          {STEPS[step]}
        </h2>

        {step !== STEP.service && step !== STEP.review && service ? (
          <p className="booking-context">
            <strong>{service.title}</strong> · {formatDuration(service.duration)} · From {formatPence(service.price)}
            {step === STEP.dog ? (
              <>
                {' '}
                ·{' '}
                <button type="button" className="link-button" onClick={() => flow.go(STEP.service)}>
                  Change service
                </button>
              </>
            ) : null}
          </p>
        ) : null}

        <StepOnShow flow={flow} code={code} services={services} breeds={breeds} quote={quote} savedDogs={savedDogs} />
      </div>
      <p className="booking-help">
        Rather talk to us? Call <a href={`tel:${props.phoneE164}`}>{props.phoneDisplay}</a> or{' '}
        <a href={`https://wa.me/${props.whatsappE164.replace(/\D/g, '')}`}>message us on WhatsApp</a>.
      </p>
    </div>
  );
}
