-- Rebook in one tap (issue 21, docs/decisions/085): a breed's usual weeks between grooms, and a
-- series of visits booked at once. Each visit stays its own `bookings` row with its own /b/{id}, so
-- the capacity trigger, the schedule, moving and cancelling work per visit as before; the series ties
-- them. Its id is its first visit's booking id, which carries the series' one deposit (if any) and
-- its one Checkout page.
ALTER TABLE breeds ADD COLUMN groom_interval_weeks integer CHECK (groom_interval_weeks BETWEEN 4 AND 12);

CREATE TABLE booking_series (
  id               text PRIMARY KEY CHECK (length(id) <= 64),
  -- The booking whose page asked for the series ("same time in N weeks" counts from its start).
  from_booking_id  text NOT NULL REFERENCES bookings (id),
  weeks            integer NOT NULL CHECK (weeks BETWEEN 4 AND 12),
  idempotency_key  text NOT NULL UNIQUE CHECK (length(idempotency_key) <= 64),
  request_hash     text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_series_from_idx ON booking_series (from_booking_id);

ALTER TABLE bookings ADD COLUMN series_id text REFERENCES booking_series (id);
CREATE INDEX bookings_series_idx ON bookings (series_id) WHERE series_id IS NOT NULL;

-- A series waiting for its deposit is one hold: when its first visit leaves pending_payment (the
-- webhook confirms it, the sweep or the reconciler lets it lapse, the owner cancels it), the other
-- visits still waiting follow, so no writer of `bookings.status` can leave half a series held. After
-- that each visit is its own booking: cancelling or moving one touches no other.
CREATE OR REPLACE FUNCTION follow_series_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bookings
     SET status = NEW.status, hold_expires_at = NEW.hold_expires_at, confirmed_at = NEW.confirmed_at,
         cancelled_at = NEW.cancelled_at, status_note = NEW.status_note, updated_at = NEW.updated_at
   WHERE series_id = NEW.id AND id <> NEW.id AND status = 'pending_payment';
  RETURN NULL;
END
$$;

CREATE TRIGGER bookings_follow_series_hold
  AFTER UPDATE OF status ON bookings
  FOR EACH ROW
  WHEN (NEW.series_id = NEW.id AND OLD.status = 'pending_payment' AND NEW.status IS DISTINCT FROM OLD.status)
  EXECUTE FUNCTION follow_series_hold();
