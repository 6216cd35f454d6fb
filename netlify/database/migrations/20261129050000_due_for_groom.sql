-- "Due for a groom" and the one-tap opt-out (issue 21, docs/decisions/090).
--
-- When the owner stopped marketing: the staff page says so, and the job reads it. An opt-out also
-- sets marketing_consent false; a later booking with the box ticked again is a fresh consent and
-- sets it true, leaving this date as history.
ALTER TABLE customers ADD COLUMN marketing_opted_out_at timestamptz;

-- The opt-out links. Every marketing message carries a token of its own; only its SHA-256 is kept
-- (as for access keys), so the table gives nobody a way to opt anyone out. A link keeps working for
-- good: an opt-out must never lapse.
CREATE TABLE marketing_opt_out_tokens (
  token_hash   text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  used_at      timestamptz
);
CREATE INDEX marketing_opt_out_tokens_customer_idx ON marketing_opt_out_tokens (customer_id);

-- A marketing message names the customer whose consent it rides on: an opt-out withdraws their
-- unsent ones in its own transaction. List-Unsubscribe is the RFC 8058 one-click address its e-mail
-- carries. No foreign key: a message outlives its row, as booking_id does.
ALTER TABLE outbox ADD COLUMN marketing_customer_id text;
ALTER TABLE outbox ADD COLUMN list_unsubscribe text CHECK (length(list_unsubscribe) <= 500);
CREATE INDEX outbox_marketing_pending_idx ON outbox (marketing_customer_id)
  WHERE marketing_customer_id IS NOT NULL AND sent_at IS NULL AND failed_at IS NULL;

-- The job's question: completed visits of the last weeks, by dog.
CREATE INDEX bookings_dog_completed_idx ON bookings (dog_id, start_at) WHERE attendance = 'completed';
