-- "A time has freed" (docs/decisions/083-a-time-has-freed.md): one event, raised by the database
-- itself wherever room for a booking appears, so no path (a cancellation, a move, a lapsed hold, a
-- payment page that expired, a block removed, a closure lifted, more tables or longer hours, and any
-- path written later) can free a time without the waitlist hearing of it. Each row is a range to look
-- at again; what is really free in it is the availability engine's answer when the row is handled.
CREATE TABLE time_freed (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  start_at    timestamptz NOT NULL,
  end_at      timestamptz NOT NULL,
  cause       text NOT NULL CHECK (cause IN ('cancelled', 'expired', 'moved', 'deleted', 'unblocked', 'reopened', 'settings')),
  booking_id  text,
  at          timestamptz NOT NULL DEFAULT clock_timestamp(),
  handled_at  timestamptz,
  CONSTRAINT time_freed_order CHECK (end_at > start_at)
);
-- The waitlist takes the rows not yet handled, oldest first.
CREATE INDEX time_freed_unhandled_idx ON time_freed (id) WHERE handled_at IS NULL;

-- A booking's tables are its rows in booking_cells (20261122043500_bookings.sql): every way a booking
-- gives tables back deletes them (the capacity trigger on a status change or a move, a deleted
-- booking's cascade). One row per booking and statement, over the cells it gave back, with the cause
-- read from the booking as it now is.
CREATE FUNCTION note_cells_freed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO time_freed (start_at, end_at, cause, booking_id)
  SELECT to_timestamp(min(f.cell) * 300), to_timestamp((max(f.cell) + 1) * 300),
         CASE WHEN b.id IS NULL THEN 'deleted'
              WHEN b.status IN ('cancelled', 'expired') THEN b.status
              ELSE 'moved' END,
         f.booking_id
    FROM freed f LEFT JOIN bookings b ON b.id = f.booking_id
   GROUP BY f.booking_id, b.id, b.status;
  RETURN NULL;
END
$$;
CREATE TRIGGER booking_cells_note_freed
  AFTER DELETE ON booking_cells
  REFERENCING OLD TABLE AS freed
  FOR EACH STATEMENT EXECUTE FUNCTION note_cells_freed();

-- A block removed or shortened gives back the time it covered.
CREATE FUNCTION note_block_freed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.start_at <= OLD.start_at AND NEW.end_at >= OLD.end_at THEN
    RETURN NULL;
  END IF;
  INSERT INTO time_freed (start_at, end_at, cause) VALUES (OLD.start_at, OLD.end_at, 'unblocked');
  RETURN NULL;
END
$$;
CREATE TRIGGER time_blocks_note_freed
  AFTER DELETE OR UPDATE OF start_at, end_at ON time_blocks
  FOR EACH ROW EXECUTE FUNCTION note_block_freed();

-- A closed day lifted: the whole day, in the shop's time zone (London unless settings say otherwise).
CREATE FUNCTION note_closure_lifted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := COALESCE((SELECT booking ->> 'timeZone' FROM settings WHERE id), 'Europe/London');
BEGIN
  INSERT INTO time_freed (start_at, end_at, cause)
  VALUES (OLD.day::timestamp AT TIME ZONE zone, (OLD.day + 1)::timestamp AT TIME ZONE zone, 'reopened');
  RETURN NULL;
END
$$;
CREATE TRIGGER closures_note_lifted
  AFTER DELETE ON closures
  FOR EACH ROW EXECUTE FUNCTION note_closure_lifted();

-- The shop's rules changed (more tables, longer hours, a shorter notice, a longer horizon…): every
-- time from now to the end of the horizon may have room it did not have. Over-broad on purpose: a
-- change that frees nothing costs one look, a missed one costs an empty table. So only what surely
-- frees nothing is left out: keys about money and messages (a key added later counts until it is
-- named here), and fewer tables or shorter hours with nothing else changed. '{}' and missing keys
-- are DEFAULT_BOOKING_SETTINGS, whose capacity booking_capacity() also takes as 2.
CREATE FUNCTION note_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moot constant text[] := ARRAY['holdMinutes', 'deposit', 'cancellationNoticeHours', 'promotion', 'noShowFee',
                                'lateCancellationFee', 'payInFullAfterStrikes', 'newCustomerDeposit', 'cardOnFile'];
  was jsonb := OLD.booking - moot;
  now_is jsonb := NEW.booking - moot;
BEGIN
  IF now_is IS NOT DISTINCT FROM was THEN
    RETURN NULL;
  END IF;
  IF (now_is - ARRAY['capacity', 'openingHours']) = (was - ARRAY['capacity', 'openingHours'])
     AND COALESCE((now_is ->> 'capacity')::integer, 2) <= COALESCE((was ->> 'capacity')::integer, 2)
     AND NOT EXISTS (
       SELECT 1 FROM jsonb_each(COALESCE(now_is -> 'openingHours', '{}'::jsonb)) AS d (day, span)
        WHERE jsonb_typeof(span) = 'object'
          AND (jsonb_typeof(was -> 'openingHours' -> d.day) IS DISTINCT FROM 'object'
               OR (span ->> 'opens') COLLATE "C" < (was -> 'openingHours' -> d.day ->> 'opens')
               OR (span ->> 'closes') COLLATE "C" > (was -> 'openingHours' -> d.day ->> 'closes')))
  THEN
    RETURN NULL;
  END IF;
  INSERT INTO time_freed (start_at, end_at, cause)
  VALUES (now(),
          now() + make_interval(weeks => GREATEST(COALESCE((NEW.booking ->> 'horizonWeeks')::integer, 8),
                                                  COALESCE((OLD.booking ->> 'horizonWeeks')::integer, 8)),
                                days => 1),
          'settings');
  RETURN NULL;
END
$$;
CREATE TRIGGER settings_note_changed
  AFTER UPDATE OF booking ON settings
  FOR EACH ROW EXECUTE FUNCTION note_settings_changed();
