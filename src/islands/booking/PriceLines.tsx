import type { QuoteLine } from '../../domain/booking-api-schemas.ts';
import { formatPence } from '../../domain/money.ts';

/**
 * A price's lines but the deposit (said apart, as "Due now" or "Deposit paid"): the service "from"
 * its price, then additions and discounts. `as` is the element of a line: a paragraph in the review,
 * a span in the confirmation's facts.
 */
export function PriceLines({ lines, as: Line }: { lines: readonly QuoteLine[]; as: 'p' | 'span' }) {
  return lines
    .filter((l) => l.kind !== 'deposit')
    .map((line) => (
      <Line key={line.kind + line.label} className={`price-line price-line--${line.kind}`}>
        <span>{line.kind === 'service' ? `${line.label}, from` : line.label}</span>
        <span>{line.pence < 0 ? `−${formatPence(-line.pence)}` : formatPence(line.pence)}</span>
      </Line>
    ));
}
