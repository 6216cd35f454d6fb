/**
 * The one deposit of a booking of several dogs, shared among its dogs for the counter
 * (docs/decisions/082): the deposit is paid once and held on the first dog's row, but each dog's
 * balance due at the counter and in "Completed" should be reduced by that dog's part of it, not the
 * first dog's by all of it and the others' by none.
 *
 * Each dog's part is in proportion to the deposit it was quoted (so with nothing refunded, every dog
 * carries exactly the deposit it would have paid booked alone); a booking quoted no deposit per dog
 * (an older or a phone booking) shares in proportion to the dogs' prices. Pence left over by the
 * rounding go one each to the largest remainders, the earlier dog first on a tie, so the parts always
 * add up to what is held. A dog split out takes no part with it: what it paid stays with the party,
 * shared among the dogs left.
 */
export interface PartyDogMoney {
  /** The deposit quoted for this dog on its own. */
  depositPence: number;
  /** The dog's quoted total ("from"). */
  totalFromPence: number;
}

/** Each dog's part of `heldPence`, in the dogs' order (the first dog, then by start). */
export function partyDepositShares(heldPence: number, dogs: readonly PartyDogMoney[]): number[] {
  if (dogs.length === 0) return [];
  const held = Math.max(0, Math.trunc(heldPence));
  const byDeposit = dogs.map((d) => Math.max(0, d.depositPence));
  const weights = byDeposit.some((w) => w > 0) ? byDeposit : dogs.map((d) => Math.max(0, d.totalFromPence));
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole === 0) return dogs.map((_, i) => (i === 0 ? held : 0));
  const shares = weights.map((w) => Math.floor((held * w) / whole));
  let left = held - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, remainder: (held * w) % whole }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
