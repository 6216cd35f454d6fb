import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partyDepositShares } from './party-deposit.ts';

const dog = (depositPence: number, totalFromPence: number) => ({ depositPence, totalFromPence });

describe('partyDepositShares', () => {
  it.each([
    ['one dog keeps it all', 1000, [dog(1000, 5500)], [1000]],
    ['two dogs, nothing refunded: each its own quoted deposit', 2000, [dog(1000, 5500), dog(1000, 3500)], [1000, 1000]],
    ['a percentage deposit: each its own', 1800, [dog(1100, 5500), dog(700, 3500)], [1100, 700]],
    ['nothing held: nothing shared', 0, [dog(1000, 5500), dog(1000, 3500)], [0, 0]],
    ['half refunded: half each', 1000, [dog(1000, 5500), dog(1000, 3500)], [500, 500]],
    ['a dog split out: its deposit shared by those left', 2000, [dog(1000, 5500), dog(1000, 4000)], [1000, 1000]],
    ['split out of three: the held £30 over two dogs', 3000, [dog(1000, 5500), dog(1000, 3500)], [1500, 1500]],
    ['a penny left over goes to the earlier dog on a tie', 1001, [dog(1000, 5500), dog(1000, 3500)], [501, 500]],
    ['pennies to the largest remainders', 1000, [dog(1, 1), dog(1, 1), dog(1, 1)], [334, 333, 333]],
    ['no deposit quoted per dog: shared by price', 2000, [dog(0, 6000), dog(0, 4000)], [1200, 800]],
    ['no deposit and no price: the first dog holds it', 500, [dog(0, 0), dog(0, 0)], [500, 0]],
    ['no dogs', 1000, [], []],
  ])('%s', (_, held, dogs, shares) => expect(partyDepositShares(held, dogs)).toEqual(shares));

  it('the parts always add up to what is held, none below 0', () =>
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.array(fc.record({ depositPence: fc.nat(20_000), totalFromPence: fc.nat(50_000) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (held, dogs) => {
          const shares = partyDepositShares(held, dogs);
          expect(shares).toHaveLength(dogs.length);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(held);
          expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
        },
      ),
    ));
});
