-- Outbox retries that outlast a provider's blink, and messages that must not go out stale
-- (docs/decisions/065-outbox-retries-and-failed-messages.md).
-- When the sender first tried the message: retries stop a day after it.
ALTER TABLE outbox ADD COLUMN first_attempt_at timestamptz;
-- Not sent after this (a one-time code past its expiry, a reminder after the appointment began).
ALTER TABLE outbox ADD COLUMN expires_at timestamptz;
-- Why a row with failed_at stopped: every try failed, or it expired before it could be sent
-- (read as 'undelivered' where a stopped row has none, as rows stopped before this had).
ALTER TABLE outbox ADD COLUMN failure text CHECK (failure IN ('undelivered', 'expired'));
UPDATE outbox SET failure = 'undelivered' WHERE failed_at IS NOT NULL;
UPDATE outbox SET first_attempt_at = created_at WHERE attempts > 0;
ALTER TABLE outbox ADD CONSTRAINT outbox_failure_is_stopped CHECK (failure IS NULL OR failed_at IS NOT NULL);

-- Messages to one recipient go out in the order they were written: the sender asks whether an
-- earlier one to the same recipient is still waiting.
CREATE INDEX outbox_pending_recipient_idx ON outbox (recipient, id) WHERE sent_at IS NULL AND failed_at IS NULL;
-- The dashboard's stopped messages, newest first.
CREATE INDEX outbox_failed_idx ON outbox (failed_at) WHERE failed_at IS NOT NULL;
