-- Online booking: the shop's settings, closures, dogs, bookings, and the capacity rule the database
-- itself enforces (docs/decisions/025-capacity-in-the-database.md).

-- The shop's booking rules as ONE JSON document (src/domain/booking-settings.ts validates it on the
-- way in and out; missing keys take DEFAULT_BOOKING_SETTINGS). Staff edit it later.
CREATE TABLE settings (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  booking     jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(booking) = 'object'),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT settings_capacity_range CHECK (
    NOT (booking ? 'capacity') OR (jsonb_typeof(booking -> 'capacity') = 'number'
      AND (booking ->> 'capacity')::numeric BETWEEN 1 AND 50)
  )
);
-- The row always exists, in production too where nothing is seeded.
INSERT INTO settings (booking) VALUES ('{}'::jsonb);

-- Days the shop closes besides Sundays and bank holidays (holidays, training), in London dates.
CREATE TABLE closures (
  day         date PRIMARY KEY,
  reason      text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A customer's dogs, saved so a returning device can pick one.
CREATE TABLE dogs (
  id           text PRIMARY KEY,
  customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  breed_id     text NOT NULL REFERENCES breeds (id),
  weight_kg    numeric(4,1) NOT NULL CHECK (weight_kg > 0 AND weight_kg <= 100),
  coat         text NOT NULL CHECK (coat IN ('short', 'medium', 'long', 'double', 'wire', 'matted')),
  notes        text NOT NULL DEFAULT '' CHECK (length(notes) <= 500),
  nervous      boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- One dog of a name per customer: "create or reuse" is an upsert, safe under concurrency.
CREATE UNIQUE INDEX dogs_customer_name_idx ON dogs (customer_id, lower(name));

-- An appointment. The id is the customer's key to it (/b/{id}), so it is at least 128 random bits.
CREATE TABLE bookings (
  id                      text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22,64}$'),
  customer_id             text NOT NULL REFERENCES customers (id),
  dog_id                  text NOT NULL REFERENCES dogs (id),
  service_id              text NOT NULL REFERENCES booking_types (id),
  start_at                timestamptz NOT NULL,
  end_at                  timestamptz NOT NULL,
  during                  tstzrange GENERATED ALWAYS AS (tstzrange(start_at, end_at, '[)')) STORED,
  status                  text NOT NULL CHECK (status IN ('pending_payment', 'confirmed', 'cancelled', 'expired')),
  hold_expires_at         timestamptz,
  -- What the customer was told, computed on the server (src/domain/pricing.ts) and kept as given.
  quote                   jsonb NOT NULL,
  price_from_pence        integer NOT NULL CHECK (price_from_pence >= 0),
  promotion_pence         integer NOT NULL DEFAULT 0 CHECK (promotion_pence >= 0),
  deposit_pence           integer NOT NULL DEFAULT 0 CHECK (deposit_pence >= 0),
  deposit_paid_pence      integer NOT NULL DEFAULT 0 CHECK (deposit_paid_pence >= 0),
  deposit_refunded_pence  integer NOT NULL DEFAULT 0 CHECK (deposit_refunded_pence >= 0 AND deposit_refunded_pence <= deposit_paid_pence),
  stripe_session_id       text UNIQUE,
  stripe_checkout_url     text CHECK (length(stripe_checkout_url) <= 2048),
  stripe_payment_intent   text,
  stripe_refund_id        text,
  idempotency_key         text NOT NULL UNIQUE CHECK (length(idempotency_key) <= 64),
  request_hash            text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  device_key_issued       boolean NOT NULL DEFAULT false,
  -- The contact typed with this booking (messages go here; the customer record is only changed
  -- by its owner, see src/server/bookings/create-booking.ts).
  contact_name            text NOT NULL CHECK (length(contact_name) BETWEEN 1 AND 80),
  contact_email           text NOT NULL CHECK (length(contact_email) <= 254),
  -- Attribution: how the visitor came (the /book-appointment link, a session of the statistics).
  source                  text CHECK (length(source) <= 64),
  session_id              text CHECK (length(session_id) <= 128),
  status_note             text CHECK (length(status_note) <= 500),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  confirmed_at            timestamptz,
  cancelled_at            timestamptz,
  CONSTRAINT bookings_time_order CHECK (end_at > start_at AND end_at - start_at <= interval '12 hours'),
  CONSTRAINT bookings_hold_has_expiry CHECK (status <> 'pending_payment' OR hold_expires_at IS NOT NULL)
);
CREATE INDEX bookings_active_start_idx ON bookings (start_at) WHERE status IN ('pending_payment', 'confirmed');
CREATE INDEX bookings_customer_idx ON bookings (customer_id);
CREATE INDEX bookings_dog_idx ON bookings (dog_id);

-- CAPACITY, enforced by the database. Time is cut into 5-minute cells; an active booking holds one
-- seat (1..capacity) in every cell it touches, and (cell, seat) is unique. So no 5-minute stretch
-- can hold more bookings than there are grooming tables, whatever the application does. Plain btree
-- constraints: the same on PGlite (no btree_gist) and on Postgres, and no fragmentation because each
-- cell picks its seat on its own. Rows are written only by the trigger below.
CREATE TABLE booking_cells (
  cell        integer NOT NULL,
  seat        smallint NOT NULL CHECK (seat BETWEEN 1 AND 50),
  booking_id  text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  PRIMARY KEY (cell, seat)
);
CREATE INDEX booking_cells_booking_idx ON booking_cells (booking_id);

-- The number of grooming tables. '{}' settings mean DEFAULT_BOOKING_SETTINGS.capacity (2); a test
-- (tests/integration/booking-capacity.test.ts) keeps the two in line.
CREATE FUNCTION booking_capacity() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT (booking ->> 'capacity')::integer FROM settings WHERE id), 2)
$$;

-- Claims a seat in every cell of an active booking, frees them when it stops being active or moves.
-- No seat free in some cell: exclusion_violation on constraint "booking_capacity", and the caller's
-- statement (and transaction) fails with nothing written. A concurrent claim of the same (cell, seat)
-- waits for the other transaction, then takes the next seat or fails, so the race has one outcome.
CREATE FUNCTION claim_booking_cells() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER bookings_claim_cells
  AFTER INSERT OR UPDATE OF status, start_at, end_at ON bookings
  FOR EACH ROW EXECUTE FUNCTION claim_booking_cells();

-- Stripe events already handled, so a replayed webhook does nothing twice.
CREATE TABLE stripe_events (
  id           text PRIMARY KEY CHECK (length(id) <= 255),
  type         text NOT NULL CHECK (length(type) <= 100),
  booking_id   text,
  outcome      text CHECK (length(outcome) <= 200),
  received_at  timestamptz NOT NULL DEFAULT now()
);
