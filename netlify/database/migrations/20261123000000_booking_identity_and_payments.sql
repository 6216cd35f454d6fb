-- Booking, second pass (docs/decisions/050-phone-numbers-prove-nothing.md, 051-money-outside-transactions.md).

-- A phone number is not identity. A customer record is whoever holds its device key; two records may
-- carry the same number until one of them proves it (a code sent to the number), and only one record
-- per number can have proved it.
ALTER TABLE customers DROP CONSTRAINT customers_phone_key;
ALTER TABLE customers ADD COLUMN phone_verified_at timestamptz;
CREATE UNIQUE INDEX customers_verified_phone_idx ON customers (phone) WHERE phone_verified_at IS NOT NULL;
CREATE INDEX customers_phone_idx ON customers (phone);

-- One-time codes sent to a phone: to prove a number before a booking joins its records, and for
-- staff sign-in. Only a hash of (request id, code) is kept; a code lives minutes and is used once.
CREATE TABLE phone_codes (
  id           text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22,64}$'),
  phone        text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  purpose      text NOT NULL CHECK (purpose IN ('booking', 'staff_sign_in')),
  code_hash    text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  attempts     smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX phone_codes_phone_idx ON phone_codes (phone, created_at);
CREATE INDEX phone_codes_created_idx ON phone_codes (created_at);

-- What the maker of a booking typed and proved. Messages about a booking go to its own contact;
-- a booking joins earlier records only when the number was proved.
ALTER TABLE bookings ADD COLUMN contact_phone text CHECK (contact_phone ~ '^\+[1-9][0-9]{6,14}$');
ALTER TABLE bookings ADD COLUMN phone_proven boolean NOT NULL DEFAULT false;
-- The device key a booking issued, sealed with a key only its maker holds (their idempotency key),
-- so the same request repeated gets the same device key back and the table alone reveals nothing.
ALTER TABLE bookings ADD COLUMN device_key_sealed text CHECK (length(device_key_sealed) <= 400);
-- Money owed back that Stripe has not confirmed refunding yet; the reconciler settles it.
ALTER TABLE bookings ADD COLUMN refund_due_pence integer NOT NULL DEFAULT 0 CHECK (refund_due_pence >= 0);
ALTER TABLE bookings ADD COLUMN refund_reason text CHECK (length(refund_reason) <= 200);

-- The reconciler's two questions: which holds have lapsed, which refunds are owed.
CREATE INDEX bookings_hold_expiry_idx ON bookings (hold_expires_at) WHERE status = 'pending_payment';
CREATE INDEX bookings_refund_due_idx ON bookings (id) WHERE refund_due_pence > 0;
-- Texts to a number in the last day (a stranger's number gets at most a few).
CREATE INDEX outbox_recipient_idx ON outbox (recipient, created_at) WHERE channel = 'sms';
-- An unproven booking per number at a time: the upcoming ones of a number.
CREATE INDEX bookings_contact_phone_idx ON bookings (contact_phone, start_at) WHERE status IN ('pending_payment', 'confirmed');

-- Rate-limit windows now last a minute, an hour or a day (src/domain/abuse-limits.ts): each row says
-- when its window ends, so sweeping one scope's stale windows never deletes another's live count.
ALTER TABLE rate_limits ADD COLUMN window_ends_at timestamptz;
CREATE INDEX rate_limits_window_ends_idx ON rate_limits (window_ends_at);
