import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { formatPence, penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import type { BalanceMethod } from '../../../domain/schedule.ts';
import { RadioGroup } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import type { Announcement } from './common.ts';
import { useMark, type MarkProps } from './use-mark.ts';

// Only after a visit is completed, so its bytes wait until then (a phone-class device, decision 089).
const NextGroomOffer = lazy(() => import('./NextGroomOffer.tsx'));
// The report card is written once the visit is completed (decision 094): its own chunk too.
const ReportCardPanel = lazy(() => import('./ReportCardPanel.tsx'));

const METHODS = [
  { value: 'card', label: 'Card' },
  { value: 'cash', label: 'Cash' },
];

/** "Completed": the balance taken at the counter (in pounds as typed, sent as pence) and how. */
export function CompletePanel({
  onBack,
  onChanged,
  ...props
}: MarkProps & { onBack: () => void; onChanged: (message: Announcement | null) => Promise<void> }) {
  const b = props.booking;
  const id = useId();
  // Once completed the dialog stays, to book the next groom while the owner is at the counter.
  const [done, setDone] = useState(false);
  const { submit, mark } = useMark(
    { ...props, onMarked: async (answer, text) => (setDone(true), props.onMarked(answer, text)) },
    { stayOpen: true },
  );
  // What is left on the booking's quote (its total less the deposit held).
  const [balance, setBalance] = useState(poundsFromPence(b.balanceDuePence));
  const [method, setMethod] = useState<BalanceMethod>('card');
  const deposit = b.depositHeldPence ? `, deposit ${formatPence(b.depositHeldPence)} paid` : '';
  // The quote's total already holds the extras (decision 080): say so, so nobody adds them twice.
  const extrasPence = b.extras?.reduce((sum, e) => sum + e.pricePence, 0) ?? 0;
  const extras = extrasPence ? ` with ${formatPence(extrasPence)} of extras` : '';
  // A surcharge the owner agreed to at check-in (decision 091) is in the balance due; say which.
  const surcharge =
    b.finalPricePence && b.finalPricePence > b.totalFromPence ? b.finalPricePence - b.totalFromPence : 0;
  const agreed = surcharge
    ? `, ${formatPence(surcharge)} ${b.checkIn?.tier?.label.toLowerCase() ?? 'surcharge'} agreed`
    : '';

  const complete = (e: FormEvent) => {
    e.preventDefault();
    const pence = penceFromPounds(balance);
    if (pence === null) return submit.fail('Enter the amount taken in pounds, for example 35.00.');
    void mark('completed', { pence, method });
  };

  if (done)
    return (
      <>
        <Suspense fallback={null}>
          <ReportCardPanel booking={b} onChanged={onChanged} />
        </Suspense>
        <Suspense fallback={<p role="status">Finding the next groom…</p>}>
          <NextGroomOffer booking={b} onClose={props.onClose} onChanged={onChanged} />
        </Suspense>
      </>
    );

  return (
    <form className="sched-form" onSubmit={complete} noValidate>
      <TextField
        id={`${id}-balance`}
        label="Balance taken (£)"
        hint={`Quoted ${formatPence(b.totalFromPence)}${extras}${agreed}${deposit}: ${formatPence(b.balanceDuePence)} due. Enter 0 if nothing was taken.`}
        inputMode="decimal"
        value={balance}
        onChange={setBalance}
      />
      <RadioGroup
        id={`${id}-method`}
        label="Paid by"
        variant="chips"
        options={METHODS}
        value={method}
        onChange={(m) => setMethod(m === 'cash' ? 'cash' : 'card')}
      />
      <FormActions submit={submit} label="Mark completed" busyLabel="Saving…" onCancel={onBack} cancelLabel="Back" />
    </form>
  );
}
