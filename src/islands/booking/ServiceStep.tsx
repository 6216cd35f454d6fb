import type { BookingType } from '../../domain/booking-types.ts';
import { formatPence } from '../../domain/money.ts';
import { serviceMinutes } from '../../domain/service-list.ts';
import { RadioGroup } from '../forms/Choices.tsx';
import { validateChoice } from './answers.ts';
import { StepButtons } from './StepButtons.tsx';
import { RetryNotice } from './RetryNotice.tsx';

/** Step 1, "Service": in the page's HTML, so the form is there at once (docs/decisions/055). */
export function ServiceStep({
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
        <RetryNotice onRetry={onRetry}>{error} Please try again, or call us to book.</RetryNotice>
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
          description: `Duration: ${serviceMinutes(s)} min.`,
          aside: `From ${formatPence(s.price)}`,
        }))}
      />
      <StepButtons onNext={onNext} />
    </>
  );
}
