-- What a live Stripe account tells us after the payment (docs/decisions/064-stripe-in-production.md).
--
-- Every refund of a deposit as Stripe knows it, one row per Stripe refund id, whoever made it: this
-- site (a cancellation, a staff refund) or a person in Stripe's Dashboard. A refund is counted in
-- bookings.deposit_refunded_pence exactly once, by whichever of our call's answer or Stripe's webhook
-- records it first, and taken out again if it fails; money_movements follows through its trigger.
CREATE TABLE stripe_refunds (
  id              text PRIMARY KEY CHECK (length(id) <= 255),
  booking_id      text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  pence           integer NOT NULL CHECK (pence > 0),
  status          text NOT NULL CHECK (length(status) <= 64),
  -- What of it is in deposit_refunded_pence now: its amount while pending or succeeded, 0 once failed.
  counted_pence   integer NOT NULL CHECK (counted_pence >= 0),
  by_us           boolean NOT NULL,
  failure_reason  text CHECK (length(failure_reason) <= 200),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX stripe_refunds_booking_idx ON stripe_refunds (booking_id);

-- Refunds recorded before this table: the one refund id a booking kept, so its webhook counts nothing twice.
INSERT INTO stripe_refunds (id, booking_id, pence, status, counted_pence, by_us, created_at, updated_at)
  SELECT stripe_refund_id, id, deposit_refunded_pence, 'succeeded', deposit_refunded_pence, true, updated_at, updated_at
    FROM bookings WHERE stripe_refund_id IS NOT NULL AND deposit_refunded_pence > 0
  ON CONFLICT (id) DO NOTHING;

-- A chargeback on the deposit, shown to staff on the booking until it is closed, and what it ended as.
ALTER TABLE bookings ADD COLUMN dispute_id text CHECK (length(dispute_id) <= 255);
ALTER TABLE bookings ADD COLUMN dispute_status text CHECK (length(dispute_status) <= 64);
ALTER TABLE bookings ADD COLUMN dispute_reason text CHECK (length(dispute_reason) <= 64);
ALTER TABLE bookings ADD COLUMN dispute_pence integer CHECK (dispute_pence >= 0);
ALTER TABLE bookings ADD COLUMN dispute_respond_by timestamptz;
-- Refunds that failed (a closed card): the customer still has to be paid back, by hand.
ALTER TABLE bookings ADD COLUMN refund_failed_pence integer NOT NULL DEFAULT 0 CHECK (refund_failed_pence >= 0);

-- Refunds and disputes name the payment, not the booking (a Dashboard refund carries no metadata).
CREATE INDEX bookings_payment_intent_idx ON bookings (stripe_payment_intent) WHERE stripe_payment_intent IS NOT NULL;
