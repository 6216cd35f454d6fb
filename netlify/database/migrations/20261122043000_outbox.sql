-- Messages waiting to go out (docs/decisions/023-messages-outbox.md). A booking change writes its
-- messages here in the same transaction, so none is lost if the booking commits and a provider is
-- down; the sender (netlify/functions/send-outbox.ts) claims due rows, sends, and records the outcome.
CREATE TABLE outbox (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{0,47}$'),
  channel      text NOT NULL CHECK (channel IN ('email', 'sms')),
  -- An e-mail address or an E.164 phone number.
  recipient    text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254),
  subject      text CHECK (length(subject) <= 300),
  body_text    text NOT NULL CHECK (length(body_text) <= 20000),
  body_html    text CHECK (length(body_html) <= 100000),
  -- [{ "filename", "contentType", "content" }], e.g. the appointment's .ics.
  attachments  jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(attachments) = 'array'),
  -- No foreign key: bookings belong to the booking server's migration, and a message outlives its row.
  booking_id   text,
  -- Makes enqueueing idempotent where a job may run twice (the daily reminders).
  dedupe_key   text UNIQUE CHECK (length(dedupe_key) <= 200),
  send_after   timestamptz NOT NULL DEFAULT now(),
  attempts     integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error   text CHECK (length(last_error) <= 2000),
  -- A claimed row is left alone until then; a sender that dies mid-send releases it by timing out.
  locked_until timestamptz,
  sent_at      timestamptz,
  -- How it went out: through SMTP, the SMS provider, or to the server log when none is configured.
  sent_via     text CHECK (sent_via IN ('smtp', 'sms_http', 'log')),
  -- Set when the sender gave up after the last attempt.
  failed_at    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT outbox_sent_has_via CHECK ((sent_at IS NULL) = (sent_via IS NULL))
);

-- The sender's question: what is due and unsent?
CREATE INDEX outbox_due_idx ON outbox (send_after, id) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_booking_idx ON outbox (booking_id) WHERE booking_id IS NOT NULL;
