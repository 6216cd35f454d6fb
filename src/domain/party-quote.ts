import type { Quote, QuoteLine } from './booking-api-schemas.ts';
import type { FairTerms } from './no-show-rules.ts';

/**
 * One quote for a booking of several dogs (docs/decisions/082): each dog's own lines under its name,
 * then one total and one deposit, each the sum of the dogs' own (every dog's price and deposit are
 * the server's quote for that dog, src/domain/pricing.ts). One dog's quote comes back as it is.
 */
export function partyQuote(dogs: ReadonlyArray<{ name: string; quote: Quote }>): Quote {
  if (dogs.length === 1) return dogs[0]!.quote;
  const sum = (pick: (q: Quote) => number) => dogs.reduce((total, d) => total + pick(d.quote), 0);
  const lines: QuoteLine[] = dogs.flatMap(({ name, quote }) =>
    quote.lines
      .filter((line) => line.kind !== 'total' && line.kind !== 'deposit')
      .map((line) => ({ ...line, label: `${name}: ${line.label}` })),
  );
  const totalFromPence = sum((q) => q.totalFromPence);
  const depositPence = sum((q) => q.depositPence);
  lines.push({ kind: 'total', label: 'Total, from', pence: totalFromPence });
  if (depositPence > 0) lines.push({ kind: 'deposit', label: 'Deposit due now', pence: depositPence });
  const extrasPence = sum((q) => q.extrasPence ?? 0);
  return {
    fromPricePence: sum((q) => q.fromPricePence),
    promotionPence: sum((q) => q.promotionPence),
    ...(extrasPence > 0 ? { extrasPence } : {}),
    totalFromPence,
    depositPence,
    promotionApplied: dogs.some((d) => d.quote.promotionApplied),
    lines,
  };
}

/**
 * The rules of a booking of several dogs as the server records them: under the whole booking's
 * deposit (party-booking.ts), so paid words when any dog's deposit is due, though the first dog's own
 * quote may ask none. The words depend only on whether something is paid, not on how much.
 */
export function partyRules(
  dogs: ReadonlyArray<{ quote: Pick<Quote, 'depositPence'>; rules?: FairTerms } | null | undefined>,
): FairTerms | undefined {
  return (dogs.find((dog) => dog && dog.quote.depositPence > 0) ?? dogs[0])?.rules;
}

/** "Rex", "Rex and Bella", "Rex, Bella and Moss": the dogs (or services) of one booking in a sentence. */
export function joinNames(names: readonly string[]): string {
  const distinct = [...new Set(names)];
  if (distinct.length <= 1) return distinct[0] ?? '';
  return `${distinct.slice(0, -1).join(', ')} and ${distinct[distinct.length - 1]}`;
}
