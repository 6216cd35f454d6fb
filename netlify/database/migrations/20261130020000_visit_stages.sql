-- The visit's stages (docs/decisions/092-live-status.md): every tap staff make, kept, so the owner's page
-- and the counter read the latest and the team can see the day as it went. Checked in is the counter's
-- "Arrived" (bookings.attendance); a row names any stage after it, or checked in again after an undo.
CREATE TABLE visit_stages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id  text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  stage       text NOT NULL CHECK (stage IN ('checked_in', 'bath', 'dry', 'finishing', 'ready_soon', 'ready')),
  at          timestamptz NOT NULL DEFAULT now(),
  by          text REFERENCES customers (id)
);
CREATE INDEX visit_stages_booking_idx ON visit_stages (booking_id, id);

CREATE FUNCTION visit_stage_rank(stage text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT array_position(ARRAY['checked_in', 'bath', 'dry', 'finishing', 'ready_soon', 'ready'], stage)
$$;

-- As the capacity rule, the visit's rule lives in the database: a stage only while the dog is in
-- (arrived, never after completed or for a no-show), and never more than one step back (an undo).
-- The server checks first and answers 409 in words; this refuses whatever gets past it.
CREATE FUNCTION check_visit_stage() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  att text;
  current_stage text;
BEGIN
  SELECT attendance INTO att FROM bookings WHERE id = NEW.booking_id FOR UPDATE;
  IF att IS DISTINCT FROM 'arrived' THEN
    RAISE EXCEPTION 'Booking % is not in the shop (attendance %): no stage after completed', NEW.booking_id, att
      USING ERRCODE = 'check_violation', CONSTRAINT = 'visit_stage_order';
  END IF;
  SELECT stage INTO current_stage FROM visit_stages WHERE booking_id = NEW.booking_id ORDER BY id DESC LIMIT 1;
  IF visit_stage_rank(NEW.stage) < visit_stage_rank(COALESCE(current_stage, 'checked_in')) - 1 THEN
    RAISE EXCEPTION 'Booking % may go back one stage only, from % to %', NEW.booking_id, current_stage, NEW.stage
      USING ERRCODE = 'check_violation', CONSTRAINT = 'visit_stage_order';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER visit_stages_order BEFORE INSERT ON visit_stages FOR EACH ROW EXECUTE FUNCTION check_visit_stage();

-- The log is history: a row is never changed (an undo is a new row).
CREATE FUNCTION refuse_visit_stage_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'visit_stages rows are never changed' USING ERRCODE = 'check_violation', CONSTRAINT = 'visit_stage_order';
END
$$;
CREATE TRIGGER visit_stages_history BEFORE UPDATE ON visit_stages FOR EACH ROW EXECUTE FUNCTION refuse_visit_stage_change();
