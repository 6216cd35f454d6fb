-- The schedule and the dashboard (docs/decisions/060-schedule-and-dashboard.md): the indexes their queries need beyond what bookings has.
-- The schedule's week reads active bookings by start (bookings_active_start_idx) and time blocks by
-- start (time_blocks_start_idx); the takings, deposits and no-shows read bookings by start
-- (bookings_start_idx). These are for the rest.

-- Where bookings came from: the bookings made in a period, joined to their visit.
CREATE INDEX bookings_created_idx ON bookings (created_at);

-- The caller on the phone, found by the start of their name or their dog's (case-insensitive). A
-- pattern index, so `lower(name) LIKE 'bel%'` is a range scan whatever the database's collation.
CREATE INDEX customers_name_prefix_idx ON customers (lower(name) text_pattern_ops);
CREATE INDEX dogs_name_prefix_idx ON dogs (lower(name) text_pattern_ops);
