import { Checkbox } from '../../forms/Choices.tsx';
import { TextField, type TextFieldProps } from '../../forms/TextField.tsx';
import {
  useTouchWhen,
  useValidatedField,
  validatedProps,
  type ValidatedField,
} from '../../forms/use-validated-field.ts';
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

type OwnerField = keyof typeof validateOwner;

/** The owner's three fields, each an answer of the same name checked by its rule in validateOwner. */
const OWNER_FIELDS: Array<{ name: OwnerField } & Omit<TextFieldProps, 'id' | 'value' | 'onChange'>> = [
  { name: 'ownerName', label: 'Your name', autoComplete: 'name', maxLength: 80 },
  {
    name: 'phone',
    label: 'UK mobile',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    maxLength: 20,
    hint: 'For your confirmation, and a reminder the day before if you book by 5pm the day before.',
  },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
];

/** Step 4, "You": loaded on demand, with the phone number rules (docs/decisions/055). */
export default function YouStep({
  answers,
  update,
  cancellationNoticeHours,
  showErrors,
  onNext,
  onBack,
}: YouStepProps) {
  const fields: Record<OwnerField, ValidatedField<string>> = {
    ownerName: useValidatedField(answers.ownerName, validateOwner.ownerName),
    phone: useValidatedField(answers.phone, validateOwner.phone),
    email: useValidatedField(answers.email, validateOwner.email),
  };
  useTouchWhen(showErrors, Object.values(fields));
  return (
    <>
      {OWNER_FIELDS.map(({ name, ...field }) => (
        <TextField
          key={name}
          {...field}
          id={`f-${name}`}
          value={answers[name]}
          onChange={(v) => update({ [name]: v })}
          {...validatedProps(fields[name])}
          onEnter={onNext}
        />
      ))}
      <Checkbox
        id="f-marketing"
        checked={answers.marketingConsent}
        onChange={(v) => update({ marketingConsent: v })}
        status={answers.marketingConsent ? 3 : 1}
        optional
        label="News and offers"
        successText="Thank you"
      >
        Send me a nudge when my dog is due for a groom, and the occasional offer, by e-mail (you can stop them at any
        time)
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
