import { RadioGroup } from '../../forms/Choices.tsx';
import { TextField } from '../../forms/TextField.tsx';
import type { DepositKind } from './rules-form.ts';

const KINDS: { value: DepositKind; label: string }[] = [
  { value: 'none', label: 'No deposit' },
  { value: 'fixed', label: 'A fixed amount' },
  { value: 'percent', label: 'A percentage' },
];

/** No deposit, a fixed amount or a share of the price; the amount's field for the one chosen. */
export function DepositFields({
  kind,
  onKind,
  pounds,
  onPounds,
  percent,
  onPercent,
  onlinePayments,
}: {
  kind: DepositKind;
  onKind(kind: DepositKind): void;
  pounds: string;
  onPounds(value: string): void;
  percent: string;
  onPercent(value: string): void;
  onlinePayments: boolean;
}) {
  return (
    <fieldset className="rec-fieldset">
      <legend>Deposit</legend>
      <RadioGroup
        id="deposit-kind"
        label={<span className="visually-hidden">Deposit</span>}
        variant="chips"
        options={KINDS}
        value={kind}
        onChange={(k) => onKind(k as DepositKind)}
        hint={onlinePayments ? undefined : 'Online payments are not set up, so no deposit is taken until they are.'}
      />
      {kind === 'fixed' ? (
        <TextField id="deposit-pounds" label="Deposit (£)" inputMode="decimal" value={pounds} onChange={onPounds} />
      ) : null}
      {kind === 'percent' ? (
        <TextField
          id="deposit-percent"
          label="Deposit (% of the price)"
          inputMode="decimal"
          value={percent}
          onChange={onPercent}
        />
      ) : null}
    </fieldset>
  );
}
