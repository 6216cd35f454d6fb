import type { Quote as Price } from '../../../domain/booking-api-schemas.ts';
import type { FairTerms } from '../../../domain/no-show-rules.ts';
import { formatPence } from '../../../domain/money.ts';
import { Spinner } from '../../forms/Field.tsx';
import { FairRules } from '../FairRules.tsx';
import { PriceLines } from '../PriceLines.tsx';
import { RetryNotice } from '../RetryNotice.tsx';

/**
 * The review's price: the server's lines (for several dogs, each dog's under its name, summed by
 * partyQuote as the server sums them), one total, what is due now, and the rules if plans change.
 */
export function ReviewPrice({
  price,
  rules,
  error,
  onRetry,
}: {
  /** The whole booking's price; null while a dog's quote is on its way. */
  price: Price | null;
  /** The rules of the whole booking (partyRules). */
  rules: FairTerms | undefined;
  error: boolean;
  onRetry(): void;
}) {
  if (!price)
    return error ? (
      <RetryNotice onRetry={onRetry}>We could not load the price just now.</RetryNotice>
    ) : (
      <p className="picker-loading price-pending" role="status">
        <Spinner /> Working out the price…
      </p>
    );
  return (
    <div className="price" aria-label="Price">
      <PriceLines lines={price.lines} as="p" />
      <p className="price-line price-line--deposit">
        <span>Due now</span>
        <span>
          {price.depositPence > 0
            ? `${formatPence(price.depositPence)} ${rules?.standing === 'pay_in_full' ? 'full price' : 'deposit'}`
            : 'Nothing, pay in the shop'}
        </span>
      </p>
      <p className="price-note">
        Prices are "from": we confirm yours when we meet your dog, and never add anything without asking.
      </p>
      <FairRules rules={rules} id="review-rules" />
    </div>
  );
}
