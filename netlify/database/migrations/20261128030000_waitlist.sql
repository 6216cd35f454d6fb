-- The waitlist (docs/decisions/084-the-waitlist.md, issue 21): owners who found no time that suits
-- ask to be told when one frees; a time that frees (time_freed, decision 083) is offered to the
-- matching requests, first asked first offered, a few at a time; the first to confirm books it.

-- A request to be told. The id is the owner's key to it (/w/{id}), at least 128 random bits, as a
-- booking's. One dog and one service, as the booking form's answers; the days and parts of day that
-- suit; how to be told. The phone was proven with a code when the request was made (no texts to
-- someone else's number), and is the customer's when the number is known.
CREATE TABLE waitlist_requests (
  id               text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22,64}$'),
  customer_id      text REFERENCES customers (id) ON DELETE SET NULL,
  service_id       text NOT NULL REFERENCES booking_types (id),
  -- The dog as the booking form sends it (DogSchema) and the extras asked for, so an offer books
  -- exactly what was asked.
  dog              jsonb NOT NULL CHECK (jsonb_typeof(dog) = 'object'),
  extras           text[] NOT NULL DEFAULT '{}' CHECK (cardinality(extras) <= 10),
  -- The visit's length when asked (planVisit): which free times can hold it. Asked again when offered.
  minutes          integer NOT NULL CHECK (minutes BETWEEN 5 AND 720),
  -- What suits, in the shop's time zone: dates (inclusive), ISO weekdays (1 Monday … 7 Sunday), parts.
  from_date        date NOT NULL,
  to_date          date NOT NULL,
  weekdays         smallint[] NOT NULL CHECK (cardinality(weekdays) BETWEEN 1 AND 7 AND weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  parts            text[] NOT NULL CHECK (cardinality(parts) BETWEEN 1 AND 2 AND parts <@ ARRAY['morning', 'afternoon']),
  contact_name     text NOT NULL CHECK (length(contact_name) BETWEEN 1 AND 80),
  phone            text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  email            text CHECK (length(email) <= 254),
  notify_text      boolean NOT NULL,
  notify_email     boolean NOT NULL,
  status           text NOT NULL CHECK (status IN ('waiting', 'booked', 'withdrawn', 'lapsed')),
  -- The booking an offer turned into.
  booking_id       text REFERENCES bookings (id) ON DELETE SET NULL,
  -- Staff who added a caller from the phone (null: the owner online).
  created_by       text REFERENCES customers (id) ON DELETE SET NULL,
  idempotency_key  text NOT NULL UNIQUE CHECK (length(idempotency_key) <= 64),
  request_hash     text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT waitlist_dates_order CHECK (to_date >= from_date AND to_date - from_date <= 366),
  CONSTRAINT waitlist_told_somehow CHECK (notify_text OR notify_email),
  CONSTRAINT waitlist_email_when_emailed CHECK (NOT notify_email OR email IS NOT NULL),
  CONSTRAINT waitlist_booked_has_booking CHECK (status <> 'booked' OR booking_id IS NOT NULL)
);
-- The offer job reads the waiting requests in the order they were made (first asked, first offered).
CREATE INDEX waitlist_requests_waiting_idx ON waitlist_requests (created_at, id) WHERE status = 'waiting';
CREATE INDEX waitlist_requests_phone_idx ON waitlist_requests (phone) WHERE status = 'waiting';

-- A time offered to a request. The id is the one-tap link's key (/w/{request}/offer/{id} carries
-- both), so it is random too. At most one offer of a start per request; an offer is open until it is
-- taken, declined, gone (someone else took the time) or expired, and only the booking it makes (by
-- the same capacity trigger as every booking) decides who gets the time.
CREATE TABLE waitlist_offers (
  id           text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22,64}$'),
  request_id   text NOT NULL REFERENCES waitlist_requests (id) ON DELETE CASCADE,
  start_at     timestamptz NOT NULL,
  end_at       timestamptz NOT NULL,
  status       text NOT NULL CHECK (status IN ('open', 'taken', 'declined', 'gone', 'expired')),
  offered_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  answered_at  timestamptz,
  booking_id   text REFERENCES bookings (id) ON DELETE SET NULL,
  -- Staff who offered it by hand (null: the offer job).
  offered_by   text REFERENCES customers (id) ON DELETE SET NULL,
  CONSTRAINT waitlist_offers_order CHECK (end_at > start_at AND expires_at > offered_at),
  CONSTRAINT waitlist_offers_taken_has_booking CHECK (status <> 'taken' OR booking_id IS NOT NULL),
  UNIQUE (request_id, start_at)
);
-- Open offers by time (a time taken makes its other offers 'gone') and by expiry (the job passes
-- expired ones on).
CREATE INDEX waitlist_offers_open_start_idx ON waitlist_offers (start_at) WHERE status = 'open';
CREATE INDEX waitlist_offers_open_expiry_idx ON waitlist_offers (expires_at) WHERE status = 'open';
-- A request has at most one open offer at a time: an owner answers one offer before the next.
CREATE UNIQUE INDEX waitlist_offers_one_open_idx ON waitlist_offers (request_id) WHERE status = 'open';

-- A booking made from an offer says so: the dashboard counts tables refilled and what they brought.
ALTER TABLE bookings ADD COLUMN waitlist_offer_id text REFERENCES waitlist_offers (id) ON DELETE SET NULL;
CREATE INDEX bookings_waitlist_offer_idx ON bookings (waitlist_offer_id) WHERE waitlist_offer_id IS NOT NULL;
