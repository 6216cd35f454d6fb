import { useEffect } from 'react';
import { Checkbox } from '../../forms/Choices.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useValidatedField } from '../../forms/use-validated-field.ts';
import type { Answers } from '../answers.ts';
import { validateOwner } from '../owner-answers.ts';
import { StepButtons } from '../StepButtons.tsx';

export interface YouStepProps {
  answers: Answers;
  update(p: Partial<Answers>): void;
  cancellationNoticeHours: number;
  showErrors: boolean;
  onNext(): void;
  onBack(): void;
}

/** Step 4, "You": loaded on demand, with the phone number rules (docs/decisions/055). */
export default function YouStep({
  answers,
  update,
  cancellationNoticeHours,
  showErrors,
  onNext,
  onBack,
}: YouStepProps) {
  const name = useValidatedField(answers.ownerName, validateOwner.ownerName);
  const phone = useValidatedField(answers.phone, validateOwner.phone);
  const email = useValidatedField(answers.email, validateOwner.email);
  useEffect(() => {
    if (showErrors) [name, phone, email].forEach((f) => f.touch());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showErrors]);
  return (
    <>
      <TextField
        id="f-ownerName"
        label="Your name"
        value={answers.ownerName}
        onChange={(v) => update({ ownerName: v })}
        status={name.status}
        message={name.message}
        onBlur={name.touch}
        autoComplete="name"
        maxLength={80}
        onEnter={onNext}
      />
      <TextField
        id="f-phone"
        label="UK mobile"
        type="tel"
        value={answers.phone}
        onChange={(v) => update({ phone: v })}
        status={phone.status}
        successText={phone.successText}
        message={phone.message}
        onBlur={phone.touch}
        autoComplete="tel"
        inputMode="tel"
        maxLength={20}
        hint="For your confirmation and a reminder the day before."
        onEnter={onNext}
      />
      <TextField
        id="f-email"
        label="E-mail"
        type="email"
        value={answers.email}
        onChange={(v) => update({ email: v })}
        status={email.status}
        message={email.message}
        onBlur={email.touch}
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        onEnter={onNext}
      />
      <Checkbox
        id="f-marketing"
        checked={answers.marketingConsent}
        onChange={(v) => update({ marketingConsent: v })}
        status={answers.marketingConsent ? 3 : 1}
        optional
        label="News and offers"
        successText="Thank you"
      >
        Send me the occasional offer by e-mail (you can stop them at any time)
      </Checkbox>
      <p className="terms" id="terms-text">
        By continuing you agree to our{' '}
        <a href="/legal/terms-and-conditions" target="_blank" rel="noopener">
          terms and conditions
        </a>{' '}
        and our{' '}
        <a href="/legal/refunds-and-cancellations" target="_blank" rel="noopener">
          refunds and cancellations policy
        </a>
        {` (free changes up to ${cancellationNoticeHours} hours before)`}.
      </p>
      <StepButtons onNext={onNext} nextLabel="Agree and continue" onBack={onBack} />
    </>
  );
}
