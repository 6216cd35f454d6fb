-- The daily retention job (src/server/retention.ts, docs/decisions/046-retention.md) deletes the
-- oldest rows a batch at a time, each batch found by the column its rule reads. These indexes make
-- every batch a short index range scan instead of a scan of the whole table.

-- Visits go 13 months after their last activity.
CREATE INDEX visit_sessions_last_seen_idx ON visit_sessions (last_seen_at);
-- Events by their own time (the existing index leads with the event name).
CREATE INDEX analytics_events_created_idx ON analytics_events (created_at);
-- Deleting a visit cascades to its events: without this, Postgres scans every event for each visit.
CREATE INDEX analytics_events_session_idx ON analytics_events (session_id);
-- Sent messages by when they went out; unsent and failed rows are never in it.
CREATE INDEX outbox_sent_idx ON outbox (sent_at) WHERE sent_at IS NOT NULL;
