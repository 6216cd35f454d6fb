import type { FairTerms } from '../../domain/no-show-rules.ts';

/**
 * The no-show rules of this booking in plain words (decision 081), before the owner commits and again
 * on the booking's page; with the consent to save the card, where one is saved, word for word as
 * Stripe's payment page shows it.
 */
export function FairRules({ rules, id }: { rules: FairTerms | undefined; id: string }) {
  if (!rules || (rules.sentences.length === 0 && !rules.mandate)) return null;
  return (
    <div className="fair-rules">
      <p className="fair-rules-title" id={id}>
        If plans change
      </p>
      {rules.sentences.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      {rules.mandate ? <p className="fair-rules-mandate">{rules.mandate}</p> : null}
    </div>
  );
}
