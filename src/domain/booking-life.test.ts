import { describe, expect, it } from 'vitest';
import {
  ACTORS,
  cancellationMoney,
  CHANGES,
  factsOf,
  LIFE_STATES,
  lifeStateOf,
  mayChange,
  TRANSITIONS,
  type Actor,
  type ChangeName,
  type LifeState,
} from './booking-life.ts';

const PHONE = '020 8539 1234';

describe('the states', () => {
  it.each(LIFE_STATES)('%s is written and read back as itself', (state) => {
    expect(lifeStateOf(factsOf(state))).toBe(state);
  });

  it('reads a cancellation recorded without a canceller as the owner’s', () => {
    expect(lifeStateOf({ status: 'cancelled', attendance: null, cancelledBy: null })).toBe('cancelled_by_owner');
  });
});

describe('the table', () => {
  // Every change the issue names, as [change, actor, from, allowed].
  const cases: Array<[ChangeName, Actor, LifeState, boolean]> = [
    ['cancel', 'owner', 'confirmed', true],
    ['cancel', 'owner', 'held', true],
    ['cancel', 'owner', 'checked_in', false],
    ['cancel', 'owner', 'completed', false],
    ['cancel', 'owner', 'no_show', false],
    ['move', 'owner', 'checked_in', false],
    ['move', 'owner', 'completed', false],
    ['cancel', 'staff', 'confirmed', true],
    ['cancel', 'staff', 'completed', false],
    ['cancel', 'staff', 'cancelled_by_owner', false],
    ['confirm', 'stripe', 'held', true],
    ['confirm', 'stripe', 'expired', true],
    ['confirm', 'stripe', 'cancelled_by_owner', false],
    ['confirm', 'owner', 'held', false],
    ['expire', 'system', 'held', true],
    ['expire', 'system', 'confirmed', false],
    ['check_in', 'staff', 'confirmed', true],
    ['check_in', 'owner', 'confirmed', false],
    ['complete', 'staff', 'checked_in', true],
    ['complete', 'staff', 'cancelled_by_shop', false],
    ['no_show', 'staff', 'confirmed', true],
    ['undo_mark', 'staff', 'completed', true],
    ['undo_mark', 'staff', 'confirmed', false],
  ];
  it.each(cases)('%s by %s from %s: %s', (change, actor, from, allowed) => {
    expect(mayChange(change, actor, from, PHONE).allowed).toBe(allowed);
  });

  it('never takes a completed visit to a cancellation or an expiry, for anyone', () => {
    const fromCompleted = TRANSITIONS.filter((t) => t.from.includes('completed'));
    expect(fromCompleted.map((t) => t.to).filter((to) => to !== 'same')).not.toContain('cancelled_by_owner');
    for (const t of fromCompleted) expect(['cancelled_by_owner', 'cancelled_by_shop', 'expired']).not.toContain(t.to);
  });

  it('names only known changes, actors and states, once per change, actor and starting state', () => {
    const seen = new Set<string>();
    for (const t of TRANSITIONS) {
      expect(CHANGES).toContain(t.change);
      expect(ACTORS).toContain(t.actor);
      for (const from of t.from) {
        expect(LIFE_STATES).toContain(from);
        const key = `${t.change}/${t.actor}/${from}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it.each([
    ['checked_in', 'Your dog is with us now'],
    ['completed', 'This visit is done'],
    ['no_show', 'This visit was marked as missed'],
  ] as const)('tells an owner with a dog %s to call the shop', (state, words) => {
    const decision = mayChange('cancel', 'owner', state, PHONE);
    expect(decision).toEqual({ allowed: false, message: expect.stringContaining(words) });
    expect(decision.allowed || decision.message).toContain(PHONE);
  });
});

describe('the money of a cancellation', () => {
  it.each([
    [
      { by: 'owner', heldPence: 1000, policyRefunds: true },
      { refundPence: 1000, keptPence: 0, reason: 'owner_in_free_period' },
    ],
    [
      { by: 'owner', heldPence: 1000, policyRefunds: false },
      { refundPence: 0, keptPence: 1000, reason: 'owner_late' },
    ],
    // The shop's cancellation refunds by default, in the owner's notice period too.
    [
      { by: 'shop', heldPence: 1000, policyRefunds: false },
      { refundPence: 1000, keptPence: 0, reason: 'shop_refunded' },
    ],
    [
      { by: 'shop', heldPence: 1000, policyRefunds: true, staffRefunds: false },
      { refundPence: 0, keptPence: 1000, reason: 'shop_kept' },
    ],
    [
      { by: 'shop', heldPence: 0, policyRefunds: true, staffRefunds: false },
      { refundPence: 0, keptPence: 0, reason: 'nothing_paid' },
    ],
    [
      { by: 'owner', heldPence: -50, policyRefunds: true },
      { refundPence: 0, keptPence: 0, reason: 'nothing_paid' },
    ],
  ] as const)('%j decides %j', (input, decision) => {
    expect(cancellationMoney(input)).toEqual(decision);
  });
});
