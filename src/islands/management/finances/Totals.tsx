import type { Figures } from '../../../domain/finances.ts';
import { formatPence } from '../../../domain/money.ts';
import { figureLength } from '../figure-length.ts';

/** "1 no-show", "2 no-shows". */
export const noShows = (n: number) => `${n} no-show${n === 1 ? '' : 's'}`;

/** The period's figures, each with a word on what it counts. */
const FIGURES: { term: string; value(t: Figures): string; note(t: Figures): string }[] = [
  {
    term: 'Takings',
    value: (t) => formatPence(t.takingsPence),
    note: () => 'money in less money out, on the day it moved',
  },
  {
    term: 'Value of the appointments',
    value: (t) => formatPence(t.appointmentsValuePence),
    note: () => 'their prices and agreed surcharges, whenever paid',
  },
  { term: 'Deposits taken', value: (t) => formatPence(t.depositsPence), note: () => 'online, by Stripe' },
  { term: 'Card in the shop', value: (t) => formatPence(t.cardPence), note: () => 'balance on the day' },
  { term: 'Cash', value: (t) => formatPence(t.cashPence), note: () => 'balance on the day' },
  { term: 'Paid by link', value: (t) => formatPence(t.linkPence), note: () => 'balance online, by Stripe' },
  { term: 'No-show fees', value: (t) => formatPence(t.feesPence), note: () => 'missed appointments, by Stripe' },
  {
    term: 'Refunds',
    value: (t) => (t.refundsPence ? `−${formatPence(t.refundsPence)}` : formatPence(0)),
    note: () => 'money given back, and chargebacks',
  },
  {
    term: 'Offer used',
    value: (t) => `${t.promotions.count}×`,
    note: (t) => `${formatPence(t.promotions.pence)} off in all`,
  },
  { term: 'Appointments', value: (t) => String(t.appointments), note: (t) => noShows(t.noShows) },
];

export function Totals({ figures }: { figures: Figures }) {
  return (
    <dl className="rec-figures" aria-label="Totals for the period">
      {FIGURES.map((figure, i) => (
        <div key={figure.term} className={i === 0 ? 'rec-figure rec-figure--main' : 'rec-figure'}>
          <dt>{figure.term}</dt>
          <dd>
            <span className="rec-figure-value" data-length={figureLength(figure.value(figures))}>
              {figure.value(figures)}
            </span>
            <span className="rec-figure-note">{figure.note(figures)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
