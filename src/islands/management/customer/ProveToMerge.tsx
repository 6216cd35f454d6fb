import { useId, type SyntheticEvent } from 'react';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import type { Submit } from '../../forms/use-submit.ts';
import { formatPhone } from '../format.ts';
import type { MergeStep } from './merge-steps.ts';

/** Why a proved and an unproved record need a code, and the two steps: text it, type what the customer reads. */
export function ProveToMerge({
  step,
  submit,
  onType,
  onSend,
  onMerge,
  onCancel,
}: {
  step: Extract<MergeStep, { at: 'prove' }>;
  submit: Pick<Submit, 'busy' | 'problem'>;
  onType(code: string): void;
  onSend(): void;
  onMerge(): void;
  onCancel(): void;
}) {
  const id = useId();
  const number = step.phone ? formatPhone(step.phone) : 'the proved number';
  const texted = step.requestId !== null;
  const go = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!texted) onSend();
    else if (step.code.length === 6) onMerge();
  };
  return (
    <div className="rec-form" role="group" aria-label="Prove the number to merge">
      <p>
        Only one of these records has proved its number, and anyone can book with somebody else&apos;s number: merging
        them could show one person&apos;s details to the other. If the customer is with you or on the phone, text a code
        to {number} and type the code they read to you. Otherwise keep both records.
      </p>
      <form className="rec-form" onSubmit={go} noValidate>
        {texted ? (
          <TextField
            id={`${id}-code`}
            label="Code the customer reads to you"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={step.code}
            onChange={onType}
          />
        ) : null}
        <FormActions
          submit={submit}
          label={texted ? 'Merge with this code' : `Text a code to ${number}`}
          disabled={texted && step.code.length !== 6}
          onCancel={onCancel}
          cancelLabel="Keep both"
        >
          {texted ? (
            <button type="button" className="ibutton ibutton--ghost" disabled={submit.busy} onClick={onSend}>
              Text a new code
            </button>
          ) : null}
        </FormActions>
      </form>
    </div>
  );
}
