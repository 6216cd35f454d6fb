import type { Dispatch, ReactNode } from 'react';
import type { BookingType } from '../../../domain/booking-types.ts';
import type { Breed } from '../../../domain/breeds.ts';
import { PLACEMENT_WORDS } from '../../../domain/party.ts';
import { partyQuote, partyRules } from '../../../domain/party-quote.ts';
import { normaliseUkMobile } from '../../../domain/phone.ts';
import { formatUkMobile } from '../../../domain/phone-format.ts';
import { InteractiveButton } from '../../forms/InteractiveButton.tsx';
import { STEP, parseWeight, type PartyDog, type StepIndex } from '../answers.ts';
import { COAT_LABELS } from '../../../domain/coats.ts';
import { writtenWhen } from '../../../domain/written-dates.ts';
import { AlreadyBookedDialog } from '../AlreadyBookedDialog.tsx';
import { formatDuration } from '../duration.ts';
import type { BookingAction, BookingState } from '../booking-state.ts';
import { confirmBooking, type ConfirmContext } from '../confirm-booking.ts';
import { confirmStep, type ConfirmAction } from '../confirm-state.ts';
import { DOG_HEADINGS, partyOf } from '../party-answers.ts';
import { usePartyQuotes } from '../use-party-quotes.ts';
import type { Quote } from '../use-quote.ts';
import { ReviewPrice } from './ReviewPrice.tsx';

export interface ReviewStepProps {
  /** The form's state: the answers, and how confirming stands. */
  state: BookingState;
  dispatch: Dispatch<BookingAction>;
  /** The key of the booking being tried, kept while the visitor steps back and forth. */
  idempotency: ConfirmContext['idempotency'];
  services: BookingType[];
  breeds: Breed[];
  /** The server's price and rules (use-quote.ts), the time zone among them. */
  quote: Quote;
  onJump(s: StepIndex): void;
  onBack(): void;
}

/**
 * Step 5, "Review and confirm", with the server's quote: loaded on demand, with
 * what booking needs (confirm-booking.ts), so "Confirm booking" never waits for code (docs/decisions/055).
 */
export default function ReviewStep({
  state,
  dispatch,
  idempotency,
  services,
  breeds,
  quote,
  onJump,
  onBack,
}: ReviewStepProps) {
  const { answers, confirmStatus: status, confirmError: error } = state;
  const { estimate, timeZone } = quote;
  const party = partyOf(answers);
  const partyQuotes = usePartyQuotes(party);
  const service = services.find((s) => s._id === answers.serviceId) ?? null;
  const serviceTitle = (id: string) => services.find((s) => s._id === id)?.title ?? id;
  const breedName = (id: string | null) => breeds.find((b) => b._id === id)?.name ?? id ?? '';
  /** "Pip, Cockapoo, 9.5 kg, long coat": a dog as the review names it. */
  const dogWords = (d: Omit<PartyDog, 'serviceId' | 'extras'>) =>
    `${d.dogName.trim()}, ${breedName(d.breedId)}, ${parseWeight(d.weight)} kg, ${d.coat ? COAT_LABELS[d.coat].toLowerCase() : ''} coat${d.nervous ? ', nervous' : ''}`;
  const send = (action: ConfirmAction) => dispatch(confirmStep(action));
  const onConfirm = (another = false) =>
    void confirmBooking({ answers, idempotency, dispatch: send, go: onJump, another });
  /** "No" to booking another: the form as it was, the focus back on its button. */
  const notAnother = () => {
    send({ type: 'notAnother' });
    requestAnimationFrame(() => document.getElementById('f-confirm')?.focus());
  };
  const rows: Array<{ label: string; value: ReactNode; step: StepIndex }> = [
    {
      label: 'Service',
      // The visit's length is the server's: the dog's size and extras make it (decision 080).
      value: service ? `${service.title} (${formatDuration(estimate?.durationMin ?? service.duration)})` : '',
      step: STEP.service,
    },
    { label: 'Dog', value: dogWords(answers), step: STEP.dog },
    // Each further dog with its own service and visit's length (docs/decisions/082).
    ...party.map((dog, i) => {
      const minutes = partyQuotes.quotes[i]?.durationMin;
      return {
        label: DOG_HEADINGS[i] ?? `Dog ${i + 2}`,
        value: `${dogWords(dog)}; ${serviceTitle(dog.serviceId)}${minutes ? ` (${formatDuration(minutes)})` : ''}`,
        step: STEP.dog,
      };
    }),
    {
      label: 'When',
      value: answers.start
        ? `${writtenWhen(answers.start, timeZone, { weekday: 'long' })}${party.length && answers.placement ? `, ${PLACEMENT_WORDS[answers.placement]}` : ''}`
        : '',
      step: STEP.time,
    },
    {
      label: 'You',
      value: (
        <>
          {answers.ownerName.trim()}
          <br />
          {formatUkMobile(normaliseUkMobile(answers.phone) ?? answers.phone)}
          <br />
          {answers.email.trim()}
        </>
      ),
      step: STEP.you,
    },
  ];
  // One dog: its quote as it is. Several: every dog's own quote, summed as the server sums them.
  const first = estimate?.quote;
  const others = partyQuotes.quotes;
  const price =
    first && others.every(Boolean)
      ? partyQuote([
          { name: answers.dogName.trim(), quote: first },
          ...party.map((dog, i) => ({ name: dog.dogName.trim(), quote: others[i]!.quote })),
        ])
      : null;
  return (
    <>
      <dl className="review">
        {rows.map((row) => (
          <div key={row.label} className="review-row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
            <dd className="review-change">
              <button type="button" className="link-button" onClick={() => onJump(row.step)}>
                Change<span className="visually-hidden"> {row.label.toLowerCase()}</span>
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <ReviewPrice
        price={price}
        rules={partyRules([estimate, ...others])}
        error={quote.error || partyQuotes.error}
        onRetry={() => {
          quote.retry();
          partyQuotes.retry();
        }}
      />
      {error ? (
        <div className="notice notice--error" role="alert">
          <p>{error}</p>
        </div>
      ) : null}
      <div className="step-buttons">
        <InteractiveButton
          id="f-confirm"
          status={status}
          onClick={() => onConfirm()}
          className="step-next"
          statusText={status === 1 ? 'Booking…' : status === 3 ? 'Not booked yet' : status === 4 ? 'Booked' : undefined}
        >
          Confirm booking
        </InteractiveButton>
        <button type="button" className="link-button step-back" onClick={onBack}>
          Back
        </button>
      </div>
      {state.alreadyBooked ? (
        <AlreadyBookedDialog
          booked={state.alreadyBooked}
          timeZone={timeZone}
          onYes={() => onConfirm(true)}
          onNo={notAnother}
        />
      ) : null}
    </>
  );
}
