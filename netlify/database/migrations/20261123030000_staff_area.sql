-- The staff area's shared ground (docs/decisions/059-staff-area.md): what happens at the counter, time blocked off, and who
-- changed what. Screens build on these; each adds what only it needs in a migration of its own.

-- At the counter: arrival, finishing, no-shows, and the balance taken in the shop. The booking stays
-- 'confirmed' (the table stays taken for its time); attendance says what happened.
ALTER TABLE bookings ADD COLUMN attendance text CHECK (attendance IN ('arrived', 'completed', 'no_show'));
ALTER TABLE bookings ADD COLUMN arrived_at timestamptz;
ALTER TABLE bookings ADD COLUMN completed_at timestamptz;
ALTER TABLE bookings ADD COLUMN balance_paid_pence integer NOT NULL DEFAULT 0 CHECK (balance_paid_pence >= 0);
ALTER TABLE bookings ADD COLUMN balance_method text CHECK (balance_method IN ('card', 'cash'));
ALTER TABLE bookings ADD COLUMN balance_paid_at timestamptz;
ALTER TABLE bookings ADD CONSTRAINT bookings_balance_has_method CHECK ((balance_paid_pence = 0) = (balance_method IS NULL));
-- A booking taken by staff (on the phone) names who took it; online bookings have none.
ALTER TABLE bookings ADD COLUMN created_by text REFERENCES customers (id);
ALTER TABLE bookings ADD COLUMN staff_note text CHECK (length(staff_note) <= 1000);
-- The schedule reads a day or a week of every booking, whatever its status.
CREATE INDEX bookings_start_idx ON bookings (start_at);

-- Time the shop blocks off (a closed afternoon, a break, training): no booking, online or by staff,
-- may overlap it. Whole closed days stay in `closures`.
CREATE TABLE time_blocks (
  id          text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  start_at    timestamptz NOT NULL,
  end_at      timestamptz NOT NULL,
  reason      text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  created_by  text REFERENCES customers (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT time_blocks_order CHECK (end_at > start_at AND end_at - start_at <= interval '14 days')
);
CREATE INDEX time_blocks_start_idx ON time_blocks (start_at);

-- The capacity trigger of 20261122043500_bookings.sql, now also refusing a booking that overlaps a
-- blocked time. A block is created under a SHARE lock on bookings (src/server), so a block and a
-- booking for the same time cannot both commit.
CREATE OR REPLACE FUNCTION claim_booking_cells() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tables integer;
  first_cell integer;
  last_cell integer;
  missing integer;
  seat_no integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.start_at = OLD.start_at AND NEW.end_at = OLD.end_at
       AND (NEW.status IN ('pending_payment', 'confirmed')) = (OLD.status IN ('pending_payment', 'confirmed')) THEN
      RETURN NULL;
    END IF;
    DELETE FROM booking_cells WHERE booking_id = OLD.id;
  END IF;
  IF NEW.status NOT IN ('pending_payment', 'confirmed') THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM time_blocks b WHERE b.start_at < NEW.end_at AND b.end_at > NEW.start_at) THEN
    RAISE EXCEPTION 'Booking % at % overlaps time the shop has blocked off', NEW.id, NEW.start_at
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'booking_capacity';
  END IF;
  tables := booking_capacity();
  first_cell := floor(extract(epoch FROM NEW.start_at) / 300)::integer;
  last_cell := ceil(extract(epoch FROM NEW.end_at) / 300)::integer - 1;
  missing := last_cell - first_cell + 1;
  FOR seat_no IN 1..tables LOOP
    -- Cells in ascending order, so concurrent claims queue behind each other instead of deadlocking.
    INSERT INTO booking_cells (cell, seat, booking_id)
      SELECT c, seat_no, NEW.id FROM generate_series(first_cell, last_cell) AS c
       WHERE NOT EXISTS (SELECT 1 FROM booking_cells own WHERE own.booking_id = NEW.id AND own.cell = c)
       ORDER BY c
      ON CONFLICT (cell, seat) DO NOTHING;
    SELECT (last_cell - first_cell + 1) - count(*) INTO missing FROM booking_cells WHERE booking_id = NEW.id;
    EXIT WHEN missing = 0;
  END LOOP;
  IF missing > 0 THEN
    RAISE EXCEPTION 'No grooming table is free for booking % at %', NEW.id, NEW.start_at
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'booking_capacity';
  END IF;
  RETURN NULL;
END
$$;

-- Who changed what, when: every staff change to bookings, customers, breeds, services and settings.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id    text REFERENCES customers (id) ON DELETE SET NULL,
  action      text NOT NULL CHECK (action ~ '^[a-z][a-z_.]{0,63}$'),
  entity      text NOT NULL CHECK (length(entity) <= 64),
  entity_id   text CHECK (length(entity_id) <= 128),
  before      jsonb,
  after       jsonb,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, at DESC);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
