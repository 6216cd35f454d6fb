-- Stale rate-limit windows are swept a few hundred at a time by age (src/server/rate-limit.ts);
-- without this index each sweep would scan the whole table.
CREATE INDEX rate_limits_window_start_idx ON rate_limits (window_start);
