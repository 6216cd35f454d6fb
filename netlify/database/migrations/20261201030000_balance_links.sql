-- The balance by a payment link (docs/decisions/096-balance-payment-link.md): when the owner is not at the
-- counter, staff send a Stripe Checkout link for what is left; the webhook records it paid, online.
ALTER TABLE bookings DROP CONSTRAINT bookings_balance_method_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_balance_method_check CHECK (balance_method IN ('card', 'cash', 'online'));

-- One row per link sent (a "Send again" is a new attempt, the old session expired), so a late event for
-- an old session still finds its row. At most one link of a booking is being made or open at a time.
CREATE TABLE balance_links (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id       text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  attempt          integer NOT NULL CHECK (attempt >= 1),
  pence            integer NOT NULL CHECK (pence > 0),
  status           text NOT NULL CHECK (status IN ('creating', 'sent', 'paid', 'expired', 'cancelled', 'failed')),
  session_id       text UNIQUE CHECK (length(session_id) <= 255),
  url              text CHECK (length(url) <= 2048),
  payment_intent   text CHECK (length(payment_intent) <= 255),
  -- Paid online after the balance was already taken at the counter: staff were told, nothing counted twice.
  paid_twice       boolean NOT NULL DEFAULT false,
  staff_id         text REFERENCES customers (id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL,
  sent_at          timestamptz,
  paid_at          timestamptz,
  closed_at        timestamptz,
  UNIQUE (booking_id, attempt)
);
CREATE UNIQUE INDEX balance_links_one_open_idx ON balance_links (booking_id) WHERE status IN ('creating', 'sent');
