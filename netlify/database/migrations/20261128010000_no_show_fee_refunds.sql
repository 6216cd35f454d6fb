-- Refunding a no-show fee (docs/decisions/081-fair-no-show-rules.md, "Refunding a fee").
--
-- A fee is refunded by staff from the schedule, or in Stripe's Dashboard; either way each Stripe refund
-- of the fee's payment (no_show_fees.payment_intent) is counted once by its id, never more than the fee,
-- and never against the booking's deposit. A fee refunded in full is 'refunded'; the row stays as history.
ALTER TABLE no_show_fees DROP CONSTRAINT no_show_fees_status_check;
ALTER TABLE no_show_fees ADD CONSTRAINT no_show_fees_status_check
  CHECK (status IN ('charging', 'paid', 'link_sent', 'failed', 'refunded'));
ALTER TABLE no_show_fees ADD COLUMN refunded_pence integer NOT NULL DEFAULT 0 CHECK (refunded_pence >= 0);
ALTER TABLE no_show_fees ADD CONSTRAINT no_show_fees_refund_within_fee CHECK (refunded_pence <= pence);
-- A staff refund in flight ('refunding': asked of Stripe, no answer yet) or one Stripe refused or
-- reported failed ('failed', with its reason): shown to staff, tried again only when a person asks,
-- under a new attempt and idempotency key. Null when none was asked or it went through.
ALTER TABLE no_show_fees ADD COLUMN refund_status text CHECK (refund_status IN ('refunding', 'failed'));
ALTER TABLE no_show_fees ADD COLUMN refund_attempt integer NOT NULL DEFAULT 0 CHECK (refund_attempt >= 0);
ALTER TABLE no_show_fees ADD COLUMN refund_failure text CHECK (length(refund_failure) <= 500);
ALTER TABLE no_show_fees ADD COLUMN refund_staff_id text REFERENCES customers (id) ON DELETE SET NULL;
ALTER TABLE no_show_fees ADD COLUMN refund_updated_at timestamptz;
ALTER TABLE no_show_fees ADD COLUMN refunded_at timestamptz;
-- A chargeback on the fee's payment, and where it stands (Stripe's dispute status).
ALTER TABLE no_show_fees ADD COLUMN dispute_id text CHECK (length(dispute_id) <= 255);
ALTER TABLE no_show_fees ADD COLUMN dispute_status text CHECK (length(dispute_status) <= 64);
-- Refunds, disputes and Dashboard events name the payment, not the booking.
CREATE INDEX no_show_fees_payment_intent_idx ON no_show_fees (payment_intent) WHERE payment_intent IS NOT NULL;

-- Every Stripe refund of a fee's payment, as stripe_refunds is for deposits: what of it is counted in
-- no_show_fees.refunded_pence now (its amount while pending or succeeded, 0 once failed).
CREATE TABLE no_show_fee_refunds (
  id              text PRIMARY KEY CHECK (length(id) <= 255),
  booking_id      text NOT NULL REFERENCES no_show_fees (booking_id) ON DELETE CASCADE,
  pence           integer NOT NULL CHECK (pence > 0),
  status          text NOT NULL CHECK (length(status) <= 64),
  counted_pence   integer NOT NULL CHECK (counted_pence >= 0),
  by_us           boolean NOT NULL,
  failure_reason  text CHECK (length(failure_reason) <= 200),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX no_show_fee_refunds_booking_idx ON no_show_fee_refunds (booking_id);

-- A fee given back is money out: on Finances with the refunds, "No-show fee refund" in the CSV.
ALTER TABLE money_movements DROP CONSTRAINT money_movements_kind_check;
ALTER TABLE money_movements ADD CONSTRAINT money_movements_kind_check
  CHECK (kind IN ('deposit', 'refund', 'balance', 'fee', 'fee_refund'));
