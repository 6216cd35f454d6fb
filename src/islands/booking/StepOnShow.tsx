import { useRef, type ReactNode } from 'react';
import type { SavedDog } from '../../domain/saved-dogs.ts';
import { STEP } from './answers.ts';
import type { ConfirmContext } from './confirm-booking.ts';
import { ServiceStep } from './ServiceStep.tsx';
import { StepLoading } from './StepLoading.tsx';
import type { BookingFlow } from './use-booking-flow.ts';
import type { Breeds } from './use-breeds.ts';
import type { Quote } from './use-quote.ts';
import type { Services } from './use-services.ts';
import type { StepCode } from './use-step-code.ts';

export interface StepOnShowProps {
  flow: BookingFlow;
  code: StepCode;
  services: Services;
  breeds: Breeds;
  quote: Quote;
  savedDogs: SavedDog[];
}

/** The step the visitor is on, wired to the form's state; a later step's code may still be on its way. */
export function StepOnShow({ flow, code, services, breeds, quote, savedDogs }: StepOnShowProps) {
  const { state, dispatch, update, go, tryNext } = flow;
  const { step, answers, attempted } = state;
  const idempotency = useRef<ConfirmContext['idempotency']['current']>(null);
  const {
    [STEP.dog]: DogStep,
    [STEP.time]: TimeStep,
    [STEP.you]: YouStep,
    [STEP.review]: ReviewStep,
  } = code.components;

  if (step === STEP.time && !answers.serviceId) return null;
  let shown: ReactNode = null;
  if (step === STEP.service) {
    shown = (
      <ServiceStep
        services={services.services}
        error={services.error}
        onRetry={services.reload}
        value={answers.serviceId}
        onChange={(id) => update({ serviceId: id, date: null, start: null })}
        onNext={() => void tryNext(STEP.service)}
        showErrors={attempted.includes(STEP.service)}
      />
    );
  } else if (step === STEP.dog && DogStep) {
    shown = (
      <DogStep
        answers={answers}
        update={update}
        breeds={breeds}
        services={services.services}
        quote={quote}
        savedDogs={savedDogs}
        showErrors={attempted.includes(STEP.dog)}
        onNext={() => void tryNext(STEP.dog)}
        onBack={() => go(STEP.service)}
      />
    );
  } else if (step === STEP.time && answers.serviceId && TimeStep) {
    shown = (
      <TimeStep
        serviceId={answers.serviceId}
        answers={answers}
        date={answers.date}
        start={answers.start}
        freshDay={state.freshDay}
        slotTaken={state.slotTaken}
        timeZone={quote.timeZone}
        onDate={(date) => update(date === answers.date ? {} : { date, start: null })}
        onTime={(time) => {
          dispatch({ type: 'timeChosen', time });
          go(STEP.you);
        }}
        onBack={() => go(STEP.dog)}
      />
    );
  } else if (step === STEP.you && YouStep) {
    shown = (
      <YouStep
        answers={answers}
        update={update}
        cancellationNoticeHours={quote.cancellationNoticeHours}
        showErrors={attempted.includes(STEP.you)}
        onBack={() => go(STEP.time)}
        onNext={() =>
          void tryNext(STEP.you, () => {
            update({ acceptTerms: true });
            go(STEP.review);
          })
        }
      />
    );
  } else if (step === STEP.review && ReviewStep) {
    // Booking comes with the review step's code.
    shown = (
      <ReviewStep
        state={state}
        dispatch={dispatch}
        idempotency={idempotency}
        services={services.services}
        breeds={breeds.breeds}
        quote={quote}
        onJump={(s) => go(s)}
        onBack={() => go(STEP.you)}
      />
    );
  }
  return shown ?? <StepLoading failed={code.failed} onRetry={() => code.retry(step)} />;
}
