import type { ReactNode } from 'react';
import type { QuoteResponse } from '../../../domain/booking-api-schemas.ts';
import type { BookingType } from '../../../domain/booking-types.ts';
import { formatPence } from '../../../domain/money.ts';
import { normaliseUkMobile } from '../../../domain/phone.ts';
import { formatUkMobile } from '../../../domain/phone-format.ts';
import { PHONE_CODE_DIGITS } from '../../../domain/phone-codes.ts';
import { Spinner } from '../../forms/Field.tsx';
import { InteractiveButton } from '../../forms/InteractiveButton.tsx';
import { OtpField } from '../../forms/OtpField.tsx';
import type { ButtonStatus } from '../../forms/status.ts';
import { STEP, parseWeight, type Answers, type StepIndex } from '../answers.ts';
import { COAT_LABELS } from '../../../domain/coats.ts';
import { writtenWhen } from '../../../domain/written-dates.ts';
import { formatDuration } from '../duration.ts';
import type { PhoneCheck } from '../phone-check.ts';
import { RetryNotice } from '../RetryNotice.tsx';
import { PriceLines } from '../PriceLines.tsx';

export interface ReviewStepProps {
  answers: Answers;
  service: BookingType | null;
  breedName: string;
  estimate: QuoteResponse | null;
  /** The shop's time zone: the quote's, or the page's until it arrives. */
  timeZone: string;
  quoteError: boolean;
  onRetryQuote(): void;
  phoneCheck: PhoneCheck | null;
  onCode(code: string): void;
  onResendCode(): void;
  status: ButtonStatus;
  error: string | null;
  onJump(s: StepIndex): void;
  onConfirm(): void;
  onBack(): void;
}

/** Step 5, "Review and confirm", with the server's quote and the code check: loaded on demand (docs/decisions/055). */
export default function ReviewStep({
  answers,
  service,
  breedName,
  estimate,
  timeZone,
  quoteError,
  onRetryQuote,
  phoneCheck,
  onCode,
  onResendCode,
  status,
  error,
  onJump,
  onConfirm,
  onBack,
}: ReviewStepProps) {
  const rows: Array<{ label: string; value: ReactNode; step: StepIndex }> = [
    {
      label: 'Service',
      value: service ? `${service.title} (${formatDuration(service.duration)})` : '',
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
  const waitingForCode =
    phoneCheck !== null && (phoneCheck.requestId === null || phoneCheck.code.length < PHONE_CODE_DIGITS);
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
              {price.depositPence > 0 ? `${formatPence(price.depositPence)} deposit` : 'Nothing, pay in the shop'}
            </span>
          </p>
          <p className="price-note">
            Prices are "from": we confirm yours when we meet your dog, and never add anything without asking.
          </p>
        </div>
      ) : quoteError ? (
        <RetryNotice onRetry={onRetryQuote}>We could not load the price just now.</RetryNotice>
      ) : (
        <p className="picker-loading price-pending" role="status">
          <Spinner /> Working out the price…
        </p>
      )}
      {phoneCheck ? (
        <div className="phone-check" role="group" aria-labelledby="phone-check-title">
          <h3 id="phone-check-title" className="phone-check-title">
            Check it is your number
          </h3>
          <p>
            This number already has a booking with us, so we need to check it is yours before booking again.{' '}
            {phoneCheck.sending ? (
              'Sending a code…'
            ) : phoneCheck.requestId ? (
              <>
                We have texted a {PHONE_CODE_DIGITS}-digit code to <strong>{formatUkMobile(phoneCheck.phone)}</strong>.
              </>
            ) : null}
          </p>
          {phoneCheck.requestId ? (
            <OtpField
              id="f-phone-code"
              label="Code from the text"
              value={phoneCheck.code}
              onChange={onCode}
              maxLength={PHONE_CODE_DIGITS}
              status={phoneCheck.error ? 4 : phoneCheck.code.length === PHONE_CODE_DIGITS ? 3 : 1}
              successText="Ready"
              message={phoneCheck.error ?? undefined}
              onEnter={onConfirm}
            />
          ) : phoneCheck.error ? (
            <div className="notice notice--error" role="alert">
              <p>{phoneCheck.error}</p>
            </div>
          ) : null}
          <p>
            <button type="button" className="link-button" onClick={onResendCode} disabled={phoneCheck.sending}>
              Send a new code
            </button>
          </p>
        </div>
      ) : null}
      {error ? (
        <div className="notice notice--error" role="alert">
          <p>{error}</p>
        </div>
      ) : null}
      <div className="step-buttons">
        <InteractiveButton
          status={waitingForCode ? 2 : status}
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
