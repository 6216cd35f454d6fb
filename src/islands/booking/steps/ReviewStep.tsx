import type { Dispatch, ReactNode } from 'react';
import type { BookingType } from '../../../domain/booking-types.ts';
import { formatPence } from '../../../domain/money.ts';
import { normaliseUkMobile } from '../../../domain/phone.ts';
import { formatUkMobile } from '../../../domain/phone-format.ts';
import { Spinner } from '../../forms/Field.tsx';
import { InteractiveButton } from '../../forms/InteractiveButton.tsx';
import { STEP, parseWeight, type StepIndex } from '../answers.ts';
import { COAT_LABELS } from '../../../domain/coats.ts';
import { writtenWhen } from '../../../domain/written-dates.ts';
import { formatDuration } from '../duration.ts';
import type { BookingAction, BookingState } from '../booking-state.ts';
import { confirmBooking, type ConfirmContext } from '../confirm-booking.ts';
import { confirmStep, type ConfirmAction } from '../confirm-state.ts';
import { RetryNotice } from '../RetryNotice.tsx';
import { PriceLines } from '../PriceLines.tsx';
import type { Quote } from '../use-quote.ts';
import { FairRules } from '../FairRules.tsx';

export interface ReviewStepProps {
  /** The form's state: the answers, and how confirming stands. */
  state: BookingState;
  dispatch: Dispatch<BookingAction>;
  /** The key of the booking being tried, kept while the visitor steps back and forth. */
  idempotency: ConfirmContext['idempotency'];
  service: BookingType | null;
  breedName: string;
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
  service,
  breedName,
  quote,
  onJump,
  onBack,
}: ReviewStepProps) {
  const { answers, confirmStatus: status, confirmError: error } = state;
  const { estimate, timeZone } = quote;
  const send = (action: ConfirmAction) => dispatch(confirmStep(action));
  const onConfirm = () => void confirmBooking({ answers, idempotency, dispatch: send, go: onJump });
  const rows: Array<{ label: string; value: ReactNode; step: StepIndex }> = [
    {
      label: 'Service',
      // The visit's length is the server's: the dog's size and extras make it (decision 080).
      value: service ? `${service.title} (${formatDuration(estimate?.durationMin ?? service.duration)})` : '',
      step: STEP.service,
    },
    {
      label: 'Dog',
      value: `${answers.dogName.trim()}, ${breedName}, ${parseWeight(answers.weight)} kg, ${answers.coat ? COAT_LABELS[answers.coat].toLowerCase() : ''} coat${answers.nervous ? ', nervous' : ''}`,
      step: STEP.dog,
    },
    {
      label: 'When',
      value: answers.start ? writtenWhen(answers.start, timeZone, { weekday: 'long' }) : '',
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
  const price = estimate?.quote;
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
      {price ? (
        <div className="price" aria-label="Price">
          <PriceLines lines={price.lines} as="p" />
          <p className="price-line price-line--deposit">
            <span>Due now</span>
            <span>
              {price.depositPence > 0
                ? `${formatPence(price.depositPence)} ${estimate?.rules?.standing === 'pay_in_full' ? 'full price' : 'deposit'}`
                : 'Nothing, pay in the shop'}
            </span>
          </p>
          <p className="price-note">
            Prices are "from": we confirm yours when we meet your dog, and never add anything without asking.
          </p>
          <FairRules rules={estimate?.rules} id="review-rules" />
        </div>
      ) : quote.error ? (
        <RetryNotice onRetry={quote.retry}>We could not load the price just now.</RetryNotice>
      ) : (
        <p className="picker-loading price-pending" role="status">
          <Spinner /> Working out the price…
        </p>
      )}
      {error ? (
        <div className="notice notice--error" role="alert">
          <p>{error}</p>
        </div>
      ) : null}
      <div className="step-buttons">
        <InteractiveButton
          status={status}
          onClick={onConfirm}
          className="step-next"
          statusText={status === 1 ? 'Booking…' : status === 3 ? 'Not booked yet' : status === 4 ? 'Booked' : undefined}
        >
          Confirm booking
        </InteractiveButton>
        <button type="button" className="link-button step-back" onClick={onBack}>
          Back
        </button>
      </div>
    </>
  );
}
