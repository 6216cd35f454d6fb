import { RadioGroup } from '../../forms/Choices.tsx';
import { TextField } from '../../forms/TextField.tsx';
import type { ChargeForm } from './no-show-form.ts';

const KINDS: { value: ChargeForm['kind']; label: string }[] = [
  { value: 'none', label: 'Nothing' },
  { value: 'fixed', label: 'A fixed sum' },
  { value: 'percent', label: 'A share of the price' },
];

/** What a no-show or a late cancellation costs: nothing, a fixed sum, or a share of the price up to a cap. */
export function ChargeFields({
  id,
  legend,
  hint,
  value,
  onChange,
}: {
  id: string;
  legend: string;
  hint?: string;
  value: ChargeForm;
  onChange(change: Partial<ChargeForm>): void;
}) {
  return (
    <fieldset className="rec-fieldset">
      <legend>{legend}</legend>
      <RadioGroup
        id={`${id}-kind`}
        label={<span className="visually-hidden">{legend}</span>}
        variant="chips"
        options={KINDS}
        value={value.kind}
        onChange={(kind) => onChange({ kind: kind as ChargeForm['kind'] })}
        hint={hint}
      />
      {value.kind === 'fixed' ? (
        <TextField
          id={`${id}-pounds`}
          label={`${legend} (£)`}
          inputMode="decimal"
          value={value.pounds}
          onChange={(pounds) => onChange({ pounds })}
        />
      ) : null}
      {value.kind === 'percent' ? (
        <div className="rec-pair">
          <TextField
            id={`${id}-percent`}
            label={`${legend} (% of the price)`}
            inputMode="decimal"
            value={value.percent}
            onChange={(percent) => onChange({ percent })}
          />
          <TextField
            id={`${id}-cap`}
            label="At most (£)"
            inputMode="decimal"
            value={value.capPounds}
            onChange={(capPounds) => onChange({ capPounds })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
