-- Several dogs in one booking (issue 20, decision 082). Each dog keeps its own `bookings` row, so the
-- capacity trigger, the schedule, attendance and Finances go on working per dog; the dogs of one
-- booking share a `booking_parties` row. The party's id is its first dog's booking id: that row
-- carries what belongs to the whole (the customer's /b/{id}, the idempotency key, the one deposit and
-- its Checkout session, the one confirmation), and a single-dog booking, with no party, is untouched.
CREATE TABLE booking_parties (
  id          text PRIMARY KEY CHECK (length(id) <= 64),
  -- How the dogs were placed: on their own tables at the same time, or one after the other.
  placement   text NOT NULL CHECK (placement IN ('side_by_side', 'one_after_another')),
  -- The party's one quote (each dog's lines, one total, one deposit), as the customer was shown it.
  quote       jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE bookings ADD COLUMN party_id text REFERENCES booking_parties (id);
CREATE INDEX bookings_party_idx ON bookings (party_id) WHERE party_id IS NOT NULL;

-- The dogs of a party are taken together or not at all, in every later change too: a status change
-- of one (a hold confirmed by the webhook, expired by the sweep or the reconciler, a cancellation)
-- is the party's. Written here, once, so no writer of `bookings.status` can forget it; the capacity
-- trigger then claims or frees each dog's tables, and a dog that no longer fits aborts the change
-- whole. A dog split out (party_id NULL) follows nobody.
CREATE OR REPLACE FUNCTION follow_party_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bookings
     SET status = NEW.status, hold_expires_at = NEW.hold_expires_at, confirmed_at = NEW.confirmed_at,
         cancelled_at = NEW.cancelled_at, status_note = NEW.status_note, updated_at = NEW.updated_at
   WHERE party_id = NEW.party_id AND id <> NEW.id AND status IS DISTINCT FROM NEW.status;
  RETURN NULL;
END
$$;

CREATE TRIGGER bookings_follow_party_status
  AFTER UPDATE OF status ON bookings
  FOR EACH ROW
  WHEN (NEW.party_id IS NOT NULL AND NEW.status IS DISTINCT FROM OLD.status)
  EXECUTE FUNCTION follow_party_status();
