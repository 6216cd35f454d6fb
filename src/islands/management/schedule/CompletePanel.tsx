import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { BalanceLinkResponseSchema, type BalanceLinkResponse } from '../../../domain/balance-link.ts';
import { formatPence, penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { RadioGroup } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useStaffRoute } from '../records-ui.tsx';
import { balanceLinkWords } from './balance-link-words.ts';
import type { Announcement } from './common.ts';
import { useMark, type MarkProps } from './use-mark.ts';

// Only after a visit is completed, so its bytes wait until then (a phone-class device, decision 089).
const NextGroomOffer = lazy(() => import('./NextGroomOffer.tsx'));
// The report card is written once the visit is completed (decision 094): its own chunk too.
const ReportCardPanel = lazy(() => import('./ReportCardPanel.tsx'));

type Method = 'card' | 'cash' | 'link';

/**
 * "Completed": the balance taken at the counter (in pounds as typed, sent as pence) and how, or a
 * payment link for the server's balance due sent to the owner's phone (decision 096).
 */
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
  const [method, setMethod] = useState<Method>('card');
  const [sent, setSent] = useState<BalanceLinkResponse | null>(null);
  const link = useStaffRoute(apiRoutes.balanceLink, { params: { id: b.id }, schema: BalanceLinkResponseSchema });
  // Why no link may be sent (no Stripe, nothing due), shown beside the disabled choice.
  const linkReason = link.data ? link.data.reason : 'Checking whether a payment link can be sent…';
  const methods = [
    { value: 'card', label: 'Card' },
    { value: 'cash', label: 'Cash' },
    { value: 'link', label: 'Payment link', disabled: linkReason !== null },
  ];
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
    if (method === 'link') return void sendLink();
    const pence = penceFromPounds(balance);
    if (pence === null) return submit.fail('Enter the amount taken in pounds, for example 35.00.');
    void mark('completed', { pence, method });
  };
  const sendLink = () =>
    submit.run(
      () => staffCall(apiRoutes.sendBalanceLink, { params: { id: b.id }, body: {}, schema: BalanceLinkResponseSchema }),
      (answer) => {
        setSent(answer);
        setDone(true);
        void onChanged({ text: `${b.dog.name} marked completed. Payment link sent to ${b.customer.name}.` });
      },
    );

  if (done)
    return (
      <>
        {sent?.link ? (
          <div className="mgmt-notice">
            <p role="status">{balanceLinkWords(sent.link).text}</p>
          </div>
        ) : null}
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
      {method === 'link' ? (
        <p className="field-hint" id={`${id}-link`}>
          {`${formatPence(link.data?.duePence ?? b.balanceDuePence)} due${agreed}${deposit}. The owner gets a text${b.customer.email ? ' and an e-mail' : ''} with a link to pay it on their phone; the visit is marked completed.`}
        </p>
      ) : (
        <TextField
          id={`${id}-balance`}
          label="Balance taken (£)"
          hint={`Quoted ${formatPence(b.totalFromPence)}${extras}${agreed}${deposit}: ${formatPence(b.balanceDuePence)} due. Enter 0 if nothing was taken.`}
          inputMode="decimal"
          value={balance}
          onChange={setBalance}
        />
      )}
      <RadioGroup
        id={`${id}-method`}
        label="Paid by"
        variant="chips"
        options={methods}
        value={method}
        onChange={(m) => setMethod(m === 'cash' || m === 'link' ? m : 'card')}
        {...(link.data?.reason ? { hint: link.data.reason } : {})}
      />
      <FormActions
        submit={submit}
        label={method === 'link' ? 'Send a payment link' : 'Mark completed'}
        busyLabel={method === 'link' ? 'Sending…' : 'Saving…'}
        onCancel={onBack}
        cancelLabel="Back"
      />
    </form>
  );
}
