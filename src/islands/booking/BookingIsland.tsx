import { useCallback, useEffect, useRef, useState } from 'react';
import { api, BOOKING_TYPES_TIMEOUT_MS } from '../../client/api.ts';
import { COOKIE_NAMES, getCookie } from '../../client/cookies.ts';
import { user as deviceUser } from '../../client/store.ts';
import type { QuoteResponse, Slot } from '../../domain/booking-api-schemas.ts';
import type { BookingType } from '../../domain/booking-types.ts';
import type { Breed } from '../../domain/breeds.ts';
import { formatPence } from '../../domain/money.ts';
import { formatUkMobile } from '../../domain/phone-format.ts';
import type { SavedDog } from '../../domain/saved-dogs.ts';
import { RadioGroup } from '../forms/Choices.tsx';
import { Spinner } from '../forms/Field.tsx';
import type { ButtonStatus } from '../forms/status.ts';
import {
  EMPTY_ANSWERS,
  STEP,
  STEPS,
  firstIncompleteStep,
  loadAnswers,
  parseWeight,
  saveAnswers,
  stepProblems,
  validateChoice,
  type Answers,
  type StepIndex,
  type Stored,
} from './answers.ts';
import { formatDuration } from './format.ts';
import type { PhoneCheck } from './phone-check.ts';
import { StepButtons } from './StepButtons.tsx';
import './booking.css';

/**
 * /book. The page's HTML holds the first step, built from the catalogue the build knows, so the form
 * is there at once and nothing moves when React takes it over (docs/decisions/055). Everything only
 * later steps need (their components, the schemas, the phone rules) is imported on demand: the next
 * step's code is fetched as soon as the browser is idle, so a visitor never waits for it.
 */

/** Imports a module once, sharing the promise; a failed import (a dropped connection) may be tried again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

const confirming = once(() => import('./confirm-booking.ts'));
const loadStep = {
  [STEP.dog]: once(() => import('./steps/DogStep.tsx')),
  [STEP.time]: once(() => import('./steps/TimeStep.tsx')),
  [STEP.you]: once(() => import('./steps/YouStep.tsx')),
  // The review comes with what confirming needs, so "Confirm booking" never waits for code.
  [STEP.review]: once(() => Promise.all([import('./steps/ReviewStep.tsx'), confirming()]).then(([step]) => step)),
};
type StepComponents = { [S in keyof typeof loadStep]?: Awaited<ReturnType<(typeof loadStep)[S]>>['default'] };

const bookingTypes = once(() => import('../../domain/booking-types.ts'));
const bookingSchemas = once(() => import('../../domain/booking-api-schemas.ts'));
const breedSchemas = once(() => import('../../domain/breeds.ts'));
const savedDogSchemas = once(() => import('../../domain/saved-dogs.ts'));

/** After the page has loaded, when the browser has nothing better to do; returns a cancel. */
function whenIdle(run: () => void): () => void {
  let cancel = () => undefined as void;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 300);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

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
  defaults: { promotion: QuoteResponse['promotion']; cancellationNoticeHours: number };
}

/** Where a visit starts: this tab's saved answers, a service from the address, or the first step. */
function startingPoint(stored: Stored | null, type: string | null, chosenBeforeHydration: string | null): Stored {
  if (stored) {
    // A new ?type= from a button elsewhere on the site wins over a half-finished earlier choice.
    if (type && type !== stored.answers.serviceId)
      return { step: STEP.dog, answers: { ...stored.answers, serviceId: type, date: null, start: null } };
    if (stored.step === STEP.service && chosenBeforeHydration)
      return { step: STEP.service, answers: { ...stored.answers, serviceId: chosenBeforeHydration } };
    return stored;
  }
  if (type) return { step: STEP.dog, answers: { ...EMPTY_ANSWERS, serviceId: type } };
  return { step: STEP.service, answers: { ...EMPTY_ANSWERS, serviceId: chosenBeforeHydration } };
}

/**
 * The island renders the same first step on the server and in its first client render (no mismatch
 * to repair), then, in `phase` 'start', finds where this visit starts. A visitor resuming (saved
 * answers, or ?type= from a button) is told by book.astro's inline script before the first paint, and
 * the card hides the first step until the right one is ready, keeping its size (booking.css).
 */
export default function BookingIsland(props: BookingIslandProps) {
  const [phase, setPhase] = useState<'start' | 'ready'>('start');
  const [{ step, answers }, setState] = useState<Stored>({ step: STEP.service, answers: EMPTY_ANSWERS });
  const [components, setComponents] = useState<StepComponents>({});
  const [stepLoadFailed, setStepLoadFailed] = useState(false);
  const [services, setServices] = useState<BookingType[]>(props.services);
  const [servicesError, setServicesError] = useState<string | null>(null);
  const [breeds, setBreeds] = useState<Breed[]>([]);
  const [breedsLoading, setBreedsLoading] = useState(true);
  const [breedsError, setBreedsError] = useState(false);
  const [savedDogs, setSavedDogs] = useState<SavedDog[]>([]);
  const [slotTaken, setSlotTaken] = useState(false);
  const [freshDay, setFreshDay] = useState<{ date: string; slots: Slot[] } | null>(null);
  const [quoteInfo, setQuoteInfo] = useState<QuoteResponse | null>(null);
  const [quoteError, setQuoteError] = useState(false);
  const [phoneCheck, setPhoneCheck] = useState<PhoneCheck | null>(null);
  const [confirmStatus, setConfirmStatus] = useState<ButtonStatus>(0);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState<Set<StepIndex>>(new Set());
  const [furthest, setFurthest] = useState<StepIndex>(STEP.service);
  const heading = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const idempotency = useRef<{ key: string; body: string } | null>(null);
  const moved = useRef(false);
  const breedsAsked = useRef(false);

  const update = useCallback(
    (patch: Partial<Answers>) => setState((s) => ({ ...s, answers: { ...s.answers, ...patch } })),
    [],
  );
  const go = useCallback((next: StepIndex, push = true) => {
    setState((s) => ({ ...s, step: next }));
    moved.current = true;
    if (push && typeof history !== 'undefined') history.pushState({ bookingStep: next }, '');
  }, []);

  const fetchStep = useCallback((s: StepIndex): Promise<void> => {
    if (s === STEP.service) return Promise.resolve();
    return loadStep[s]().then((module) =>
      setComponents((c) => (c[s] ? c : ({ ...c, [s]: module.default } as StepComponents))),
    );
  }, []);

  // Where this visit starts. Saved answers are checked by a schema imported for the purpose; a service
  // tapped before the page's script ran is kept. The starting step's code is in before it is shown.
  useEffect(() => {
    let live = true;
    const type = new URLSearchParams(window.location.search).get('type');
    const chosen = root.current?.querySelector<HTMLInputElement>('input[name="f-serviceId"]:checked')?.value ?? null;
    void loadAnswers(window.sessionStorage).then(async (stored) => {
      const start = startingPoint(stored, type, chosen);
      if (start.step !== STEP.service) await fetchStep(start.step).catch(() => setStepLoadFailed(true));
      if (!live) return;
      // On the first step the visitor may have chosen since (the form is on show): their choice wins.
      setState((s) =>
        stored || type
          ? start
          : { ...s, answers: { ...s.answers, serviceId: s.answers.serviceId ?? start.answers.serviceId } },
      );
      setPhase('ready');
      history.replaceState({ ...(history.state ?? {}), bookingStep: start.step }, '');
    });
    return () => {
      live = false;
    };
  }, [fetchStep]);

  // Tell the page (client:intent) the form is listening: a button pressed before it ran is pressed again.
  useEffect(() => {
    if (phase === 'ready') root.current?.dispatchEvent(new Event('island-ready', { bubbles: true }));
  }, [phase]);

  // The step on show, and, once the browser is idle, the next one.
  useEffect(() => {
    if (phase !== 'ready') return;
    fetchStep(step).catch(() => setStepLoadFailed(true));
    if (step === STEP.review) return;
    return whenIdle(() => void fetchStep((step + 1) as StepIndex).catch(() => undefined));
  }, [phase, step, fetchStep]);

  // Persist every answer for this tab, so a reload or a look at the prices page loses nothing.
  useEffect(() => {
    if (phase === 'ready') saveAnswers(window.sessionStorage, { step, answers });
  }, [phase, step, answers]);

  // The browser's back button steps back through the form rather than leaving it.
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      const target = (event.state as { bookingStep?: number } | null)?.bookingStep;
      if (typeof target === 'number' && target >= 0 && target <= 4) go(target as StepIndex, false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [go]);

  // Focus the new step's heading so screen readers announce it and Tab starts from the top, and
  // bring the form's top (progress, then heading) just below the sticky header, not under it. At
  // once, not smoothly: a smooth scroll still running when the visitor presses Tab carries the field
  // they focused under the privacy banner (WCAG 2.4.11; booking-banner.spec.ts found it).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus({ preventScroll: true });
    root.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [step]);

  // The server's list of services replaces the build's: prices and services can change after a build.
  const loadServices = useCallback(() => {
    setServicesError(null);
    void api('/cms/booking-types', {
      schema: bookingTypes().then((m) => m.BookingTypesResponseSchema),
      timeoutMs: BOOKING_TYPES_TIMEOUT_MS,
    }).then(async (r) => {
      if (r.data) {
        const { sortBookingTypes } = await bookingTypes();
        setServices(sortBookingTypes(r.data));
      } else
        setServicesError(
          r.status === 0 ? 'We could not load our services just now.' : (r.error ?? 'We could not load our services.'),
        );
    });
  }, []);
  useEffect(loadServices, [loadServices]);

  // The breeds are asked for with the "Your dog" step's code, so the list is there when the step is,
  // or at once for a visitor resuming past it (the review names the breed).
  const loadBreeds = useCallback(() => {
    breedsAsked.current = true;
    setBreedsLoading(true);
    setBreedsError(false);
    void api('/breeds', { schema: breedSchemas().then((m) => m.BreedsResponseSchema) }).then((r) => {
      setBreedsLoading(false);
      if (r.data) setBreeds(r.data);
      else setBreedsError(true);
    });
  }, []);
  const DogStep = components[STEP.dog];
  useEffect(() => {
    if (!breedsAsked.current && (DogStep || (phase === 'ready' && step > STEP.dog))) loadBreeds();
  }, [DogStep, phase, step, loadBreeds]);

  // The price, deposit and rules as the server will charge them (GET /quote), for the service and
  // weight given so far; asked again when they change (the weight after a pause in typing).
  const weightKg = parseWeight(answers.weight);
  const quoteKey = answers.serviceId ? `${answers.serviceId}|${Number.isFinite(weightKg) ? weightKg : ''}` : null;
  const loadQuote = useCallback((key: string, signal?: AbortSignal) => {
    const [service, kg] = key.split('|');
    const params = new URLSearchParams({ service: service! });
    if (kg) params.set('weightKg', kg);
    setQuoteError(false);
    void api(`/quote?${params}`, { schema: bookingSchemas().then((m) => m.QuoteResponseSchema), signal }).then((r) => {
      if (signal?.aborted) return;
      if (r.data) setQuoteInfo(r.data);
      else setQuoteError(true);
    });
  }, []);
  useEffect(() => {
    if (!quoteKey) return;
    const controller = new AbortController();
    const timer = setTimeout(() => loadQuote(quoteKey, controller.signal), 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [quoteKey, loadQuote]);

  // A returning device (an auth_key cookie from an earlier booking): its saved dogs and its owner's
  // details, to pick rather than type. Device auth fills the store too; either source prefills.
  useEffect(() => {
    const prefill = (owner: { name?: string | null; phone?: string | null; email?: string | null }) =>
      setState((s) => ({
        ...s,
        answers: {
          ...s.answers,
          ownerName: s.answers.ownerName || owner.name || '',
          phone: s.answers.phone || (owner.phone ? formatUkMobile(owner.phone) : ''),
          email: s.answers.email || owner.email || '',
        },
      }));
    let asked = false;
    const apply = () => {
      const u = deviceUser.get();
      if (u) prefill(u);
      if (asked || (!u && !getCookie(COOKIE_NAMES.authKey))) return;
      asked = true;
      void api('/customer/dogs', { schema: savedDogSchemas().then((m) => m.SavedDogsResponseSchema) }).then((r) => {
        if (!r.data) return;
        setSavedDogs(r.data.dogs);
        prefill(r.data.owner);
      });
    };
    // After the visit's starting point is known, so a prefill is not overwritten by it.
    if (phase !== 'ready') return;
    apply();
    return deviceUser.listen(() => apply());
  }, [phase]);

  const service = services.find((s) => s._id === answers.serviceId) ?? null;
  // An unknown ?type= (an old link) falls back to choosing the service.
  useEffect(() => {
    if (phase === 'ready' && answers.serviceId && !service) {
      update({ serviceId: null });
      go(STEP.service, false);
    }
  }, [phase, answers.serviceId, service, update, go]);

  // How far the progress list lets the visitor jump: steps reached, or complete. A step's rules load
  // only once the steps before it are complete, so this costs nothing on the first step.
  useEffect(() => {
    let live = true;
    void firstIncompleteStep(answers)
      .then((s) => live && setFurthest(s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [answers]);
  const reachable = (target: StepIndex) => target <= step || target <= furthest;

  const tryNext = async (from: StepIndex) => {
    const problems = await stepProblems(from, answers);
    if (problems.length) {
      setAttempted((s) => new Set(s).add(from));
      // Take the visitor to the first thing to fix.
      requestAnimationFrame(() =>
        (
          document.getElementById(`f-${problems[0]}`) ??
          document.querySelector<HTMLElement>(`[name="f-${problems[0]}"]`)
        )?.focus(),
      );
      return false;
    }
    go((from + 1) as StepIndex);
    return true;
  };

  // The quote shown is the server's, and only when it is for what the form now says.
  const estimate = quoteInfo && quoteKey && quoteInfo.serviceId === answers.serviceId ? quoteInfo : null;
  const promotion = estimate ? estimate.promotion : props.defaults.promotion;
  const cancellationNoticeHours = estimate ? estimate.cancellationNoticeHours : props.defaults.cancellationNoticeHours;

  // Booking, and the code check a number may need first: their own module, loaded with the review.
  const confirmContext = {
    answers,
    phoneCheck,
    idempotency,
    setPhoneCheck,
    setConfirmStatus,
    setConfirmError,
    setSlotTaken,
    setFreshDay,
    update,
    go,
  };
  const confirm = () => void confirming().then((m) => m.confirmBooking(confirmContext));
  const askForCode = (phone: string) => void confirming().then((m) => m.askForCode(phone, setPhoneCheck));

  const TimeStep = components[STEP.time];
  const YouStep = components[STEP.you];
  const ReviewStep = components[STEP.review];
  const loading = (
    <StepLoading
      failed={stepLoadFailed}
      onRetry={() => {
        setStepLoadFailed(false);
        fetchStep(step).catch(() => setStepLoadFailed(true));
      }}
    />
  );

  return (
    <div className="booking" ref={root} data-phase={phase}>
      <Progress step={step} reachable={reachable} onJump={(s) => go(s)} serviceTitle={service?.title ?? null} />
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
                <button type="button" className="link-button" onClick={() => go(STEP.service)}>
                  Change service
                </button>
              </>
            ) : null}
          </p>
        ) : null}

        {step === STEP.service ? (
          <ServiceStep
            services={services}
            error={servicesError}
            onRetry={loadServices}
            value={answers.serviceId}
            onChange={(id) => update({ serviceId: id, date: null, start: null })}
            onNext={() => void tryNext(STEP.service)}
            showErrors={attempted.has(STEP.service)}
          />
        ) : null}

        {step === STEP.dog ? (
          DogStep ? (
            <DogStep
              answers={answers}
              update={update}
              breeds={breeds}
              breedsLoading={breedsLoading}
              breedsError={breedsError}
              onRetryBreeds={loadBreeds}
              promotion={promotion}
              savedDogs={savedDogs}
              showErrors={attempted.has(STEP.dog)}
              onNext={() => void tryNext(STEP.dog)}
              onBack={() => go(STEP.service)}
              serviceId={answers.serviceId}
            />
          ) : (
            loading
          )
        ) : null}

        {step === STEP.time && answers.serviceId ? (
          TimeStep ? (
            <TimeStep
              serviceId={answers.serviceId}
              date={answers.date}
              start={answers.start}
              freshDay={freshDay}
              slotTaken={slotTaken}
              onDate={(date) => update(date === answers.date ? {} : { date, start: null })}
              onTime={(slot, date) => {
                update({ date, start: slot.start });
                setSlotTaken(false);
                go(STEP.you);
              }}
              onBack={() => go(STEP.dog)}
            />
          ) : (
            loading
          )
        ) : null}

        {step === STEP.you ? (
          YouStep ? (
            <YouStep
              answers={answers}
              update={update}
              cancellationNoticeHours={cancellationNoticeHours}
              showErrors={attempted.has(STEP.you)}
              onBack={() => go(STEP.time)}
              onNext={() => {
                void stepProblems(STEP.you, answers).then((problems) => {
                  if (problems.length) return tryNext(STEP.you);
                  update({ acceptTerms: true });
                  go(STEP.review);
                });
              }}
            />
          ) : (
            loading
          )
        ) : null}

        {step === STEP.review ? (
          ReviewStep ? (
            <ReviewStep
              answers={answers}
              service={service}
              breedName={breeds.find((b) => b._id === answers.breedId)?.name ?? answers.breedId ?? ''}
              estimate={estimate}
              quoteError={quoteError}
              onRetryQuote={() => quoteKey && loadQuote(quoteKey)}
              phoneCheck={phoneCheck}
              onCode={(code) => setPhoneCheck((c) => c && { ...c, code, error: null })}
              onResendCode={() => phoneCheck && askForCode(phoneCheck.phone)}
              status={confirmStatus}
              error={confirmError}
              onJump={(s) => go(s)}
              onConfirm={confirm}
              onBack={() => go(STEP.you)}
            />
          ) : (
            loading
          )
        ) : null}
      </div>
      <p className="booking-help">
        Rather talk to us? Call <a href={`tel:${props.phoneE164}`}>{props.phoneDisplay}</a> or{' '}
        <a href={`https://wa.me/${props.whatsappE164.replace(/\D/g, '')}`}>message us on WhatsApp</a>.
      </p>
    </div>
  );
}

/** A step whose code is still on its way (rare: it is fetched while the visitor is on the step before). */
function StepLoading({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  if (failed) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load this step just now. Please check your connection and try again.</p>
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="picker-loading step-loading" role="status">
      <Spinner /> Loading…
    </p>
  );
}

function Progress({
  step,
  reachable,
  onJump,
  serviceTitle,
}: {
  step: StepIndex;
  reachable(s: StepIndex): boolean;
  onJump(s: StepIndex): void;
  serviceTitle: string | null;
}) {
  return (
    <nav className="progress" aria-label="Booking steps">
      <p className="progress-count" aria-hidden="true">
        Step {step + 1} of {STEPS.length}
      </p>
      <div className="progress-bar" aria-hidden="true">
        <span style={{ width: `${((step + 1) / STEPS.length) * 100}%` }} />
      </div>
      <ol className="progress-steps">
        {STEPS.map((name, index) => {
          const i = index as StepIndex;
          const state = i < step ? 'done' : i === step ? 'current' : 'todo';
          return (
            <li key={name} data-state={state}>
              {i !== step && reachable(i) ? (
                <button type="button" className="progress-step" onClick={() => onJump(i)}>
                  <span className="progress-num" aria-hidden="true">
                    {i < step ? '✓' : i + 1}
                  </span>
                  <span className="progress-name">{name}</span>
                  {/* The service chosen by the button that brought the visitor here, one tap from changing. */}
                  {i === STEP.service && serviceTitle && i < step ? (
                    <span className="progress-detail">{serviceTitle}</span>
                  ) : null}
                  {i < step ? <span className="visually-hidden"> (done)</span> : null}
                </button>
              ) : (
                <span className="progress-step" aria-current={i === step ? 'step' : undefined}>
                  <span className="progress-num" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span className="progress-name">{name}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function ServiceStep({
  services,
  error,
  onRetry,
  value,
  onChange,
  onNext,
  showErrors,
}: {
  services: BookingType[];
  error: string | null;
  onRetry(): void;
  value: string | null;
  onChange(id: string): void;
  onNext(): void;
  showErrors: boolean;
}) {
  const result = validateChoice.serviceId(value);
  return (
    <>
      {error ? (
        // The list below is the one the site was built with: still bookable, perhaps not today's prices.
        <div className="notice notice--error" role="alert">
          <p>{error} Please try again, or call us to book.</p>
          <button type="button" className="link-button" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
      <RadioGroup
        id="f-serviceId"
        label="What would you like for your dog?"
        value={value}
        onChange={onChange}
        status={result.ok ? 3 : showErrors ? 4 : 1}
        message={result.ok ? undefined : result.message}
        options={services.map((s) => ({
          value: s._id,
          label: s.title,
          description: `Duration: ${s.duration} min.`,
          aside: `From ${formatPence(s.price)}`,
        }))}
      />
      <StepButtons onNext={onNext} />
    </>
  );
}
