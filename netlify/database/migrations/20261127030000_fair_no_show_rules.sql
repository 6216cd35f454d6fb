-- Fair no-show rules (docs/decisions/081-fair-no-show-rules.md).

-- What the customer was told about no-shows and late cancellations when they booked (the terms of
-- src/domain/no-show-rules.ts), so a fee charged later is the one they agreed to, whatever the
-- settings say by then. Null on bookings made before the rules.
ALTER TABLE bookings ADD COLUMN fair_terms jsonb CHECK (fair_terms IS NULL OR jsonb_typeof(fair_terms) = 'object');
-- The card saved with the customer's consent on the Checkout page (setup_future_usage = off_session):
-- the Stripe customer and payment method a no-show fee is charged to.
ALTER TABLE bookings ADD COLUMN stripe_customer text CHECK (length(stripe_customer) <= 255);
ALTER TABLE bookings ADD COLUMN stripe_payment_method text CHECK (length(stripe_payment_method) <= 255);

-- A strike is a booking marked no_show; staff may waive one, with a reason. Keyed by the booking, so
-- a merge (which moves bookings to the kept record) keeps the waiver with its strike.
CREATE TABLE strike_waivers (
  booking_id  text PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  reason      text NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
  staff_id    text REFERENCES customers (id) ON DELETE SET NULL,
  waived_at   timestamptz NOT NULL
);

-- Strikes and first visits are counted per customer: no-shows and completed visits by customer.
CREATE INDEX bookings_customer_attendance_idx ON bookings (customer_id, attendance) WHERE attendance IS NOT NULL;

-- The no-show fee of a booking: at most one, charged off session to the saved card; when the bank asks
-- for authentication, a payment link (a Checkout session) goes to the owner instead. A failed charge
-- stays failed, shown to staff, until a person tries again (attempt + 1).
CREATE TABLE no_show_fees (
  booking_id        text PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  pence             integer NOT NULL CHECK (pence > 0),
  status            text NOT NULL CHECK (status IN ('charging', 'paid', 'link_sent', 'failed')),
  attempt           integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
  payment_intent    text CHECK (length(payment_intent) <= 255),
  link_session_id   text UNIQUE CHECK (length(link_session_id) <= 255),
  link_url          text CHECK (length(link_url) <= 2048),
  failure_code      text CHECK (length(failure_code) <= 64),
  failure_message   text CHECK (length(failure_message) <= 500),
  staff_id          text REFERENCES customers (id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  paid_at           timestamptz
);

-- A fee taken is money in, on the Finances screen and in the accountant's CSV.
ALTER TABLE money_movements DROP CONSTRAINT money_movements_kind_check;
ALTER TABLE money_movements ADD CONSTRAINT money_movements_kind_check CHECK (kind IN ('deposit', 'refund', 'balance', 'fee'));
