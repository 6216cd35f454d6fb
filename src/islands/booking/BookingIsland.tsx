import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { api, BOOKING_TYPES_TIMEOUT_MS } from '../../client/api.ts';
import { COOKIE_NAMES, getCookie, setCookie } from '../../client/cookies.ts';
import { user as deviceUser } from '../../client/store.ts';
import { BookingTypesResponseSchema, sortBookingTypes, type BookingType } from '../../domain/booking-types.ts';
import {
  BookingErrorSchema, COATS, CreateBookingResponseSchema, QuoteResponseSchema, SLOT_TAKEN_MESSAGE, type Coat, type QuoteResponse, type Slot,
} from '../../domain/booking-schemas.ts';
import { formatPence } from '../../domain/money.ts';
import { formatUkMobile, normaliseUkMobile } from '../../domain/phone.ts';
import { PHONE_CODE_DIGITS, PhoneCodeResponseSchema } from '../../domain/phone-codes.ts';
import { SavedDogsResponseSchema, type SavedDog } from '../../domain/saved-dogs.ts';
import { SHOP_TIME_ZONE } from '../../domain/shop.ts';
import { Checkbox, RadioGroup } from '../forms/Choices.tsx';
import { Spinner } from '../forms/Field.tsx';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import { OtpField } from '../forms/OtpField.tsx';
import { SearchableDropdown } from '../forms/SearchableDropdown.tsx';
import { TextArea, TextField } from '../forms/TextField.tsx';
import type { ButtonStatus } from '../forms/status.ts';
import { useValidatedField } from '../forms/use-validated-field.ts';
import {
  EMPTY_ANSWERS, STEP, STEPS, bookingRequest, clearAnswers, firstIncompleteStep, loadAnswers, parseWeight, saveAnswers,
  stepProblems, validate, type Answers, type StepIndex,
} from './answers.ts';
import { DateTimePicker } from './DateTimePicker.tsx';
import { formatDuration, formatWhen } from './format.ts';
import { rememberBookingView } from './booking-view-store.ts';
import { typicalCoat } from './typical-coats.ts';
import './booking.css';

const BreedsSchema = z.array(z.object({ _id: z.string(), name: z.string(), image_url_s3: z.string().nullable().optional() }));
type Breed = z.infer<typeof BreedsSchema>[number];



const COAT_LABELS: Record<Coat, string> = { short: 'Short', medium: 'Medium', long: 'Long', double: 'Double', wire: 'Wire', matted: 'Matted' };
const COAT_HINTS: Record<Coat, string> = { short: 'Smooth, close', medium: 'Soft, wavy or curly', long: 'Flowing', double: 'Thick undercoat', wire: 'Rough, wiry', matted: 'Tangles or knots' };

export interface BookingIslandProps {
  /** Facts for the page, from content/site.json. */
  phoneDisplay: string;
  phoneE164: string;
  whatsappE164: string;
}

function initialState(): { step: StepIndex; answers: Answers } {
  const stored = typeof window === 'undefined' ? null : loadAnswers(window.sessionStorage);
  const type = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('type');
  if (stored) {
    // A new ?type= from a button elsewhere on the site wins over a half-finished earlier choice.
    if (type && type !== stored.answers.serviceId) return { step: STEP.dog, answers: { ...stored.answers, serviceId: type, date: null, start: null } };
    return stored;
  }
  return { step: type ? STEP.dog : STEP.service, answers: { ...EMPTY_ANSWERS, serviceId: type } };
}

/**
 * The server-rendered HTML cannot know this tab's saved answers or the address's ?type=, so the form
 * renders a placeholder first and its real state right after hydration (no mismatch to repair).
 */
export default function BookingIsland(props: BookingIslandProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) {
    return (
      <div className="booking" aria-busy="true">
        <div className="booking-card"><p className="picker-loading"><Spinner /> Getting the booking form ready…</p></div>
      </div>
    );
  }
  return <BookingForm {...props} />;
}

function BookingForm(props: BookingIslandProps) {
  const [{ step, answers }, setState] = useState(initialState);
  const [services, setServices] = useState<BookingType[] | null>(null);
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
  const heading = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const idempotency = useRef<{ key: string; body: string } | null>(null);
  const moved = useRef(false);

  const update = useCallback((patch: Partial<Answers>) => setState((s) => ({ ...s, answers: { ...s.answers, ...patch } })), []);
  const go = useCallback((next: StepIndex, push = true) => {
    setState((s) => ({ ...s, step: next }));
    moved.current = true;
    if (push && typeof history !== 'undefined') history.pushState({ bookingStep: next }, '');
  }, []);

  // Persist every answer for this tab, so a reload or a look at the prices page loses nothing.
  useEffect(() => saveAnswers(window.sessionStorage, { step, answers }), [step, answers]);

  // The browser's back button steps back through the form rather than leaving it.
  useEffect(() => {
    history.replaceState({ ...(history.state ?? {}), bookingStep: step }, '');
    const onPop = (event: PopStateEvent) => {
      const target = (event.state as { bookingStep?: number } | null)?.bookingStep;
      if (typeof target === 'number' && target >= 0 && target <= 4) go(target as StepIndex, false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Focus the new step's heading so screen readers announce it and Tab starts from the top, and
  // bring the form's top (progress, then heading) just below the sticky header, not under it.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus({ preventScroll: true });
    root.current?.scrollIntoView({ block: 'start', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, [step]);

  useEffect(() => {
    loadServices();
    loadBreeds();
  }, []);

  // The price, deposit and rules as the server will charge them (GET /quote), for the service and
  // weight given so far; asked again when they change (the weight after a pause in typing).
  const weightKg = parseWeight(answers.weight);
  const quoteKey = answers.serviceId ? `${answers.serviceId}|${Number.isFinite(weightKg) ? weightKg : ''}` : null;
  const loadQuote = useCallback((key: string, signal?: AbortSignal) => {
    const [service, kg] = key.split('|');
    const params = new URLSearchParams({ service: service! });
    if (kg) params.set('weightKg', kg);
    setQuoteError(false);
    void api(`/quote?${params}`, { schema: QuoteResponseSchema, signal }).then((r) => {
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

  // Each list is asked for once; a failure says so and offers to try again (the visitor decides).
  function loadServices() {
    setServicesError(null);
    void api('/cms/booking-types', { schema: BookingTypesResponseSchema, timeoutMs: BOOKING_TYPES_TIMEOUT_MS }).then((r) => {
      if (r.data) setServices(sortBookingTypes(r.data));
      else setServicesError(r.status === 0 ? 'We could not load our services just now.' : r.error ?? 'We could not load our services.');
    });
  }

  function loadBreeds() {
    setBreedsLoading(true);
    setBreedsError(false);
    void api('/breeds', { schema: BreedsSchema }).then((r) => {
      setBreedsLoading(false);
      if (r.data) setBreeds(r.data);
      else setBreedsError(true);
    });
  }

  // A returning device (an auth_key cookie from an earlier booking): its saved dogs and its owner's
  // details, to pick rather than type. Device auth fills the store too; either source prefills.
  useEffect(() => {
    const prefill = (owner: { name?: string | null; phone?: string | null; email?: string | null }) => setState((s) => ({
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
      void api('/customer/dogs', { schema: SavedDogsResponseSchema }).then((r) => {
        if (!r.data) return;
        setSavedDogs(r.data.dogs);
        prefill(r.data.owner);
      });
    };
    apply();
    return deviceUser.listen(() => apply());
  }, []);

  const service = services?.find((s) => s._id === answers.serviceId) ?? null;
  // An unknown ?type= (an old link) falls back to choosing the service.
  useEffect(() => {
    if (services && answers.serviceId && !service) {
      update({ serviceId: null });
      go(STEP.service, false);
    }
  }, [services, answers.serviceId, service, update, go]);

  const tryNext = (from: StepIndex) => {
    const problems = stepProblems(from, answers);
    if (problems.length) {
      setAttempted((s) => new Set(s).add(from));
      // Take the visitor to the first thing to fix.
      requestAnimationFrame(() => (document.getElementById(`f-${problems[0]}`) ?? document.querySelector<HTMLElement>(`[name="f-${problems[0]}"]`))?.focus());
      return;
    }
    go((from + 1) as StepIndex);
  };

  // Only steps already reached (or complete) can be jumped to from the progress list.
  const reachable = (target: StepIndex) => target <= step || target <= firstIncompleteStep(answers);

  // The quote shown is the server's, and only when it is for what the form now says.
  const estimate = quoteInfo && quoteKey && quoteInfo.serviceId === answers.serviceId ? quoteInfo : null;

  const askForCode = async (phone: string) => {
    setPhoneCheck({ phone, requestId: null, code: '', sending: true, error: null });
    const sent = await api('/phone-codes', { method: 'POST', body: { phone, purpose: 'booking' }, schema: PhoneCodeResponseSchema });
    setPhoneCheck((c) => c && {
      ...c, sending: false, requestId: sent.data?.requestId ?? null,
      error: sent.data ? null : sent.error ?? 'We could not send the code. Please try again.',
    });
  };

  const confirm = async () => {
    const key = idempotency.current?.key ?? crypto.randomUUID();
    const body = bookingRequest(answers, key);
    if (!body) {
      go(firstIncompleteStep(answers));
      return;
    }
    // A retry of the same request (a dropped connection) reuses its key, so it cannot book twice.
    const bodyText = JSON.stringify({ ...body, idempotencyKey: '' });
    if (!idempotency.current || idempotency.current.body !== bodyText) idempotency.current = { key, body: bodyText };
    body.idempotencyKey = idempotency.current.key;
    if (phoneCheck?.requestId && phoneCheck.code.length === PHONE_CODE_DIGITS) {
      Object.assign(body, { phoneProof: { requestId: phoneCheck.requestId, code: phoneCheck.code } });
    }

    setConfirmStatus(1);
    setConfirmError(null);
    const result = await api('/bookings', { method: 'POST', body, schema: CreateBookingResponseSchema, timeoutMs: 20_000 });
    if (result.data) {
      if (result.data.accessKey) setCookie(COOKIE_NAMES.authKey, result.data.accessKey);
      setConfirmStatus(4);
      if (result.data.status === 'pending_payment' && result.data.checkoutUrl) {
        rememberCheckout(result.data.checkoutUrl, result.data.bookingId);
        window.location.assign(result.data.checkoutUrl);
      } else {
        // The booking's page shows what this answer said at once, without asking again.
        if (result.data.booking) rememberBookingView(window.sessionStorage, result.data.booking);
        clearAnswers(window.sessionStorage);
        window.location.assign(`/b/${result.data.bookingId}`);
      }
      return;
    }
    // A request that may have reached the server keeps its key; one it refused gets a new one.
    if (result.status >= 400 && result.status < 500) idempotency.current = null;
    const refusal = BookingErrorSchema.safeParse(result.body);
    switch (result.code) {
      case 'slot_taken':
        // Someone else took the time: keep every answer, show the day's fresh times the answer carries.
        setConfirmStatus(0);
        setSlotTaken(true);
        if (answers.date) setFreshDay({ date: answers.date, slots: refusal.success ? refusal.data.slots ?? [] : [] });
        update({ start: null });
        go(STEP.time);
        return;
      case 'phone_verification_required':
        setConfirmStatus(0);
        await askForCode(body.owner.phone);
        return;
      case 'phone_code_wrong':
        setConfirmStatus(0);
        setPhoneCheck((c) => c && { ...c, code: '', error: result.error });
        return;
      case 'phone_code_expired':
        setConfirmStatus(0);
        setPhoneCheck((c) => c && { ...c, requestId: null, code: '', error: result.error });
        return;
    }
    setConfirmStatus(3);
    setConfirmError(result.status === 0
      ? 'We could not reach the booking system. Please check your connection and try again; you will not be booked twice.'
      : result.error ?? 'Something went wrong. Please try again.');
    setTimeout(() => setConfirmStatus(0), 2500);
  };

  return (
    <div className="booking" ref={root}>
      <Progress step={step} reachable={reachable} onJump={(s) => go(s)} serviceTitle={service?.title ?? null} />
      <div className="booking-card">
        <h2 className="booking-step-title" ref={heading} tabIndex={-1}>
          <span className="visually-hidden">Step {step + 1} of {STEPS.length}: </span>{STEPS[step]}
        </h2>

        {step !== STEP.service && step !== STEP.review && service ? (
          <p className="booking-context">
            <strong>{service.title}</strong> · {formatDuration(service.duration)} · From {formatPence(service.price)}
            {step === STEP.dog ? <> · <button type="button" className="link-button" onClick={() => go(STEP.service)}>Change service</button></> : null}
          </p>
        ) : null}

        {step === STEP.service ? (
          <ServiceStep services={services} error={servicesError} onRetry={loadServices} value={answers.serviceId} onChange={(id) => update({ serviceId: id, date: null, start: null })} onNext={() => tryNext(STEP.service)} showErrors={attempted.has(STEP.service)} />
        ) : null}

        {step === STEP.dog ? (
          <DogStep answers={answers} update={update} breeds={breeds} breedsLoading={breedsLoading} breedsError={breedsError} onRetryBreeds={loadBreeds} promotion={estimate?.promotion ?? null} savedDogs={savedDogs} showErrors={attempted.has(STEP.dog)} onNext={() => tryNext(STEP.dog)} onBack={() => go(STEP.service)} serviceId={answers.serviceId} />
        ) : null}

        {step === STEP.time && answers.serviceId ? (
          <>
            {slotTaken ? (
              <div className="notice notice--error" role="alert">
                <p><strong>{SLOT_TAKEN_MESSAGE}</strong></p>
                <p>Someone booked it a moment before you. Here are the times still free; everything else you told us is kept.</p>
              </div>
            ) : null}
            <DateTimePicker
              serviceId={answers.serviceId}
              date={answers.date}
              start={answers.start}
              freshDay={freshDay}
              headingLevel={3}
              onDate={(date) => update(date === answers.date ? {} : { date, start: null })}
              onTime={(slot, date) => {
                update({ date, start: slot.start });
                setSlotTaken(false);
                go(STEP.you);
              }}
            />
            <StepButtons onBack={() => go(STEP.dog)} />
          </>
        ) : null}

        {step === STEP.you ? (
          <YouStep answers={answers} update={update} cancellationNoticeHours={estimate?.cancellationNoticeHours ?? null} showErrors={attempted.has(STEP.you)} onBack={() => go(STEP.time)} onNext={() => {
            if (stepProblems(STEP.you, answers).length) return tryNext(STEP.you);
            update({ acceptTerms: true });
            go(STEP.review);
          }} />
        ) : null}

        {step === STEP.review ? (
          <ReviewStep
            answers={answers}
            service={service}
            breedName={breeds.find((b) => b._id === answers.breedId)?.name ?? answers.breedId ?? ''}
            estimate={estimate}
            quoteError={quoteError}
            onRetryQuote={() => quoteKey && loadQuote(quoteKey)}
            phoneCheck={phoneCheck}
            onCode={(code) => setPhoneCheck((c) => c && { ...c, code, error: null })}
            onResendCode={() => phoneCheck && void askForCode(phoneCheck.phone)}
            status={confirmStatus}
            error={confirmError}
            onJump={(s) => go(s)}
            onConfirm={() => void confirm()}
            onBack={() => go(STEP.you)}
          />
        ) : null}
      </div>
      <p className="booking-help">
        Rather talk to us? Call <a href={`tel:${props.phoneE164}`}>{props.phoneDisplay}</a> or <a href={`https://wa.me/${props.whatsappE164.replace(/\D/g, '')}`}>message us on WhatsApp</a>.
      </p>
    </div>
  );
}

/** Keeps the Stripe Checkout address for this tab, so the cancelled page can offer to pay again. */
function rememberCheckout(url: string, bookingId: string) {
  try {
    window.sessionStorage.setItem('booking_checkout', JSON.stringify({ url, bookingId }));
  } catch {
    /* storage blocked: the cancelled page falls back to booking again */
  }
}

function Progress({ step, reachable, onJump, serviceTitle }: { step: StepIndex; reachable(s: StepIndex): boolean; onJump(s: StepIndex): void; serviceTitle: string | null }) {
  return (
    <nav className="progress" aria-label="Booking steps">
      <p className="progress-count" aria-hidden="true">Step {step + 1} of {STEPS.length}</p>
      <div className="progress-bar" aria-hidden="true"><span style={{ width: `${((step + 1) / STEPS.length) * 100}%` }} /></div>
      <ol className="progress-steps">
        {STEPS.map((name, index) => {
          const i = index as StepIndex;
          const state = i < step ? 'done' : i === step ? 'current' : 'todo';
          return (
            <li key={name} data-state={state}>
              {i !== step && reachable(i) ? (
                <button type="button" className="progress-step" onClick={() => onJump(i)}>
                  <span className="progress-num" aria-hidden="true">{i < step ? '✓' : i + 1}</span>
                  <span className="progress-name">{name}</span>
                  {/* The service chosen by the button that brought the visitor here, one tap from changing. */}
                  {i === STEP.service && serviceTitle && i < step ? <span className="progress-detail">{serviceTitle}</span> : null}
                  {i < step ? <span className="visually-hidden"> (done)</span> : null}
                </button>
              ) : (
                <span className="progress-step" aria-current={i === step ? 'step' : undefined}>
                  <span className="progress-num" aria-hidden="true">{i + 1}</span>
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

function StepButtons({ onBack, onNext, nextLabel = 'Next', children }: { onBack?(): void; onNext?(): void; nextLabel?: string; children?: ReactNode }) {
  return (
    <div className="step-buttons">
      {onNext ? <InteractiveButton status={0} onClick={onNext} className="step-next">{nextLabel}</InteractiveButton> : null}
      {children}
      {onBack ? <button type="button" className="link-button step-back" onClick={onBack}>Back</button> : null}
    </div>
  );
}

function ServiceStep({ services, error, onRetry, value, onChange, onNext, showErrors }: {
  services: BookingType[] | null; error: string | null; onRetry(): void; value: string | null; onChange(id: string): void; onNext(): void; showErrors: boolean;
}) {
  if (error) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{error} Please try again, or call us to book.</p>
        <button type="button" className="link-button" onClick={onRetry}>Try again</button>
      </div>
    );
  }
  if (!services) return <p className="picker-loading"><Spinner /> Loading services…</p>;
  const result = validate.serviceId(value);
  return (
    <>
      <RadioGroup
        id="f-serviceId"
        label="What would you like for your dog?"
        value={value}
        onChange={onChange}
        status={result.ok ? 3 : showErrors ? 4 : 1}
        message={result.ok ? undefined : result.message}
        options={services.map((s) => ({ value: s._id, label: s.title, description: `Duration: ${s.duration} min.`, aside: `From ${formatPence(s.price)}` }))}
      />
      <StepButtons onNext={onNext} />
    </>
  );
}

function DogStep({ answers, update, breeds, breedsLoading, breedsError, onRetryBreeds, promotion, savedDogs, showErrors, onNext, onBack, serviceId }: {
  answers: Answers; update(p: Partial<Answers>): void; breeds: Breed[]; breedsLoading: boolean; breedsError: boolean; onRetryBreeds(): void;
  promotion: QuoteResponse['promotion']; savedDogs: SavedDog[];
  showErrors: boolean; onNext(): void; onBack(): void; serviceId: string | null;
}) {
  const name = useValidatedField(answers.dogName, validate.dogName);
  const breed = useValidatedField(answers.breedId, validate.breedId, { delayMs: 0 });
  const weight = useValidatedField(answers.weight, validate.weight);
  const coat = useValidatedField(answers.coat, validate.coat, { delayMs: 0 });
  const notes = useValidatedField(answers.notes, validate.notes);
  useEffect(() => {
    if (showErrors) [name, breed, weight, coat].forEach((f) => f.touch());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showErrors]);
  const kg = parseWeight(answers.weight);
  const promo = promotion;
  const promoHint = promo && serviceId === promo.serviceKind
    ? (kg < promo.maxWeightKg ? `Under ${promo.maxWeightKg}kg: the small dog offer of ${formatPence(promo.discountPence)} off applies.` : `Dogs under ${promo.maxWeightKg}kg get ${formatPence(promo.discountPence)} off a shower.`)
    : 'A good guess is fine; it helps us plan the time.';

  const pickSaved = (id: string) => {
    if (id === 'new') {
      update({ savedDogId: null, dogName: '', breedId: null, weight: '', coat: null, coatGuessed: false, notes: '', nervous: false });
      return;
    }
    const dog = savedDogs.find((d) => d._id === id);
    if (!dog) return;
    update({
      savedDogId: dog._id,
      dogName: dog.name,
      breedId: dog.breedId,
      weight: String(dog.weightKg),
      coat: dog.coat,
      coatGuessed: false,
      notes: dog.notes,
      nervous: dog.nervous,
    });
  };

  return (
    <>
      {savedDogs.length ? (
        <RadioGroup
          id="f-savedDog"
          label="Who is coming?"
          variant="chips"
          value={answers.savedDogId ?? (answers.dogName ? 'new' : null)}
          onChange={pickSaved}
          status={answers.savedDogId ? 3 : 1}
          successText="Welcome back"
          optional
          options={[...savedDogs.map((d) => ({ value: d._id, label: d.name })), { value: 'new', label: 'Another dog' }]}
        />
      ) : null}
      <TextField id="f-dogName" label="Your dog's name" value={answers.dogName} onChange={(v) => update({ dogName: v, savedDogId: null })}
        status={name.status} message={name.message} onBlur={name.touch} maxLength={40} autoComplete="off" onEnter={onNext} />
      <SearchableDropdown id="f-breedId" label="Breed" items={breeds} loading={breedsLoading} value={answers.breedId}
        onChange={(id) => {
          const guess = typicalCoat(id);
          // Pre-fill the coat from the breed unless the owner already chose one.
          const coatPatch = !answers.coat || answers.coatGuessed ? { coat: guess, coatGuessed: Boolean(guess) } : {};
          update({ breedId: id, ...coatPatch });
        }}
        status={breed.status} successText={breed.successText} message={breed.message} placeholder="Start typing, e.g. cockapoo" hint="Not sure or mixed? Choose None/Other." />
      {breedsError ? (
        <div className="notice notice--error" role="alert">
          <p>We could not load the list of breeds just now.</p>
          <button type="button" className="link-button" onClick={onRetryBreeds}>Try again</button>
        </div>
      ) : null}
      <TextField id="f-weight" label="Weight" type="text" inputMode="decimal" suffix="kg" value={answers.weight}
        onChange={(v) => update({ weight: v })} status={weight.status} successText={weight.successText} message={weight.message}
        onBlur={weight.touch} maxLength={6} hint={promoHint} onEnter={onNext} />
      <RadioGroup id="f-coat" label="Coat" variant="chips" value={answers.coat} onChange={(v) => update({ coat: v as Coat, coatGuessed: false })}
        status={coat.status} message={coat.message} successText={answers.coatGuessed ? 'From the breed' : undefined}
        hint={answers.coatGuessed ? "Filled in from the breed; change it if your dog's coat is different." : 'Choose the closest; tell us about knots or matting.'}
        options={COATS.map((c) => ({ value: c, label: COAT_LABELS[c], description: COAT_HINTS[c] }))} />
      <Checkbox id="f-nervous" checked={answers.nervous} onChange={(v) => update({ nervous: v })} status={answers.nervous ? 3 : 1} optional
        label="Nervous dogs" successText="We'll take it slowly">
        My dog is nervous or anxious at the groomer's
      </Checkbox>
      <TextArea id="f-notes" label="Anything we should know?" optional value={answers.notes} onChange={(v) => update({ notes: v })}
        status={notes.status} successText={notes.successText} message={notes.message} maxLength={500}
        placeholder="Health, allergies, skin, behaviour, the style you'd like…" />
      <StepButtons onNext={onNext} onBack={onBack} />
    </>
  );
}

function YouStep({ answers, update, cancellationNoticeHours, showErrors, onNext, onBack }: {
  answers: Answers; update(p: Partial<Answers>): void; cancellationNoticeHours: number | null; showErrors: boolean; onNext(): void; onBack(): void;
}) {
  const name = useValidatedField(answers.ownerName, validate.ownerName);
  const phone = useValidatedField(answers.phone, validate.phone);
  const email = useValidatedField(answers.email, validate.email);
  useEffect(() => {
    if (showErrors) [name, phone, email].forEach((f) => f.touch());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showErrors]);
  return (
    <>
      <TextField id="f-ownerName" label="Your name" value={answers.ownerName} onChange={(v) => update({ ownerName: v })} status={name.status}
        message={name.message} onBlur={name.touch} autoComplete="name" maxLength={80} onEnter={onNext} />
      <TextField id="f-phone" label="UK mobile" type="tel" value={answers.phone} onChange={(v) => update({ phone: v })} status={phone.status}
        successText={phone.successText} message={phone.message} onBlur={phone.touch} autoComplete="tel" inputMode="tel" maxLength={20}
        hint="For your confirmation and a reminder the day before." onEnter={onNext} />
      <TextField id="f-email" label="E-mail" type="email" value={answers.email} onChange={(v) => update({ email: v })} status={email.status}
        message={email.message} onBlur={email.touch} autoComplete="email" inputMode="email" maxLength={254} onEnter={onNext} />
      <Checkbox id="f-marketing" checked={answers.marketingConsent} onChange={(v) => update({ marketingConsent: v })} status={answers.marketingConsent ? 3 : 1}
        optional label="News and offers" successText="Thank you">
        Send me the occasional offer by e-mail (you can stop them at any time)
      </Checkbox>
      <p className="terms" id="terms-text">
        By continuing you agree to our <a href="/legal/terms-and-conditions" target="_blank" rel="noopener">terms and conditions</a> and
        our <a href="/legal/refunds-and-cancellations" target="_blank" rel="noopener">refunds and cancellations policy</a>
        {cancellationNoticeHours !== null ? ` (free changes up to ${cancellationNoticeHours} hours before)` : ''}.
      </p>
      <StepButtons onNext={onNext} nextLabel="Agree and continue" onBack={onBack} />
    </>
  );
}

interface PhoneCheck {
  phone: string;
  /** The code request the server answered; null while sending or after a code expired. */
  requestId: string | null;
  code: string;
  sending: boolean;
  error: string | null;
}

function ReviewStep({ answers, service, breedName, estimate, quoteError, onRetryQuote, phoneCheck, onCode, onResendCode, status, error, onJump, onConfirm, onBack }: {
  answers: Answers; service: BookingType | null; breedName: string; estimate: QuoteResponse | null; quoteError: boolean; onRetryQuote(): void;
  phoneCheck: PhoneCheck | null; onCode(code: string): void; onResendCode(): void; status: ButtonStatus;
  error: string | null; onJump(s: StepIndex): void; onConfirm(): void; onBack(): void;
}) {
  const rows: Array<{ label: string; value: ReactNode; step: StepIndex }> = [
    { label: 'Service', value: service ? `${service.title} (${formatDuration(service.duration)})` : '', step: STEP.service },
    {
      label: 'Dog',
      value: `${answers.dogName.trim()}, ${breedName}, ${parseWeight(answers.weight)} kg, ${answers.coat ? COAT_LABELS[answers.coat].toLowerCase() : ''} coat${answers.nervous ? ', nervous' : ''}`,
      step: STEP.dog,
    },
    { label: 'When', value: answers.start ? formatWhen(answers.start, estimate?.timeZone ?? SHOP_TIME_ZONE) : '', step: STEP.time },
    { label: 'You', value: <>{answers.ownerName.trim()}<br />{formatUkMobile(normaliseUkMobile(answers.phone) ?? answers.phone)}<br />{answers.email.trim()}</>, step: STEP.you },
  ];
  const price = estimate?.quote;
  const waitingForCode = phoneCheck !== null && (phoneCheck.requestId === null || phoneCheck.code.length < PHONE_CODE_DIGITS);
  return (
    <>
      <dl className="review">
        {rows.map((row) => (
          <div key={row.label} className="review-row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
            <dd className="review-change"><button type="button" className="link-button" onClick={() => onJump(row.step)}>Change<span className="visually-hidden"> {row.label.toLowerCase()}</span></button></dd>
          </div>
        ))}
      </dl>
      {price ? (
        <div className="price" aria-label="Price">
          {price.lines.filter((l) => l.kind !== 'deposit').map((line) => (
            <p key={line.kind + line.label} className={`price-line price-line--${line.kind}`}>
              <span>{line.kind === 'service' ? `${line.label}, from` : line.label}</span>
              <span>{line.pence < 0 ? `−${formatPence(-line.pence)}` : formatPence(line.pence)}</span>
            </p>
          ))}
          <p className="price-line price-line--deposit">
            <span>Due now</span>
            <span>{price.depositPence > 0 ? `${formatPence(price.depositPence)} deposit` : 'Nothing, pay in the shop'}</span>
          </p>
          <p className="price-note">Prices are "from": we confirm yours when we meet your dog, and never add anything without asking.</p>
        </div>
      ) : quoteError ? (
        <div className="notice notice--error" role="alert">
          <p>We could not load the price just now.</p>
          <button type="button" className="link-button" onClick={onRetryQuote}>Try again</button>
        </div>
      ) : (
        <p className="picker-loading" role="status"><Spinner /> Working out the price…</p>
      )}
      {phoneCheck ? (
        <div className="phone-check" role="group" aria-labelledby="phone-check-title">
          <h3 id="phone-check-title" className="phone-check-title">Check it is your number</h3>
          <p>
            This number already has a booking with us, so we need to check it is yours before booking again.{' '}
            {phoneCheck.sending ? 'Sending a code…' : phoneCheck.requestId ? <>We have texted a {PHONE_CODE_DIGITS}-digit code to <strong>{formatUkMobile(phoneCheck.phone)}</strong>.</> : null}
          </p>
          {phoneCheck.requestId ? (
            <OtpField id="f-phone-code" label="Code from the text" value={phoneCheck.code} onChange={onCode} maxLength={PHONE_CODE_DIGITS}
              status={phoneCheck.error ? 4 : phoneCheck.code.length === PHONE_CODE_DIGITS ? 3 : 1} successText="Ready" message={phoneCheck.error ?? undefined}
              onEnter={onConfirm} />
          ) : phoneCheck.error ? <div className="notice notice--error" role="alert"><p>{phoneCheck.error}</p></div> : null}
          <p><button type="button" className="link-button" onClick={onResendCode} disabled={phoneCheck.sending}>Send a new code</button></p>
        </div>
      ) : null}
      {error ? <div className="notice notice--error" role="alert"><p>{error}</p></div> : null}
      <div className="step-buttons">
        <InteractiveButton status={waitingForCode ? 2 : status} onClick={onConfirm} className="step-next" statusText={status === 1 ? 'Booking…' : status === 3 ? 'Not booked yet' : status === 4 ? 'Booked' : undefined}>
          Confirm booking
        </InteractiveButton>
        <button type="button" className="link-button step-back" onClick={onBack}>Back</button>
      </div>
    </>
  );
}
