-- A chargeback is money out (docs/decisions/064, "Disputes"): Stripe takes the disputed amount from the
-- shop's balance when a dispute opens (charge.dispute.funds_withdrawn) and gives it back if the shop
-- wins (charge.dispute.funds_reinstated). Finances and the accountant's CSV showed neither: the takings
-- of a lost dispute's day still counted money the bank had taken back. One row per dispute and way,
-- whatever number of events Stripe sends for it.
ALTER TABLE money_movements DROP CONSTRAINT money_movements_kind_check;
ALTER TABLE money_movements ADD CONSTRAINT money_movements_kind_check
  CHECK (kind IN ('deposit', 'refund', 'balance', 'fee', 'fee_refund', 'chargeback', 'chargeback_reversal'));
ALTER TABLE money_movements ADD COLUMN stripe_dispute text CHECK (length(stripe_dispute) <= 255);
ALTER TABLE money_movements ADD CONSTRAINT money_movements_dispute_kind
  CHECK ((stripe_dispute IS NOT NULL) = (kind IN ('chargeback', 'chargeback_reversal')));
CREATE UNIQUE INDEX money_movements_dispute_once_idx ON money_movements (stripe_dispute, kind) WHERE stripe_dispute IS NOT NULL;
