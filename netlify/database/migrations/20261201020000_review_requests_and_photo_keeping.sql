-- The review request and keeping visit photos only as long as the privacy notice says (issue 22,
-- docs/decisions/095).
--
-- One review request per owner, ever: the customer is the key, so a second one cannot be written
-- whatever runs at the same time. The booking says which visit it followed (a visit kept after
-- erasure keeps the row; a customer deleted outright takes it with them).
CREATE TABLE review_requests (
  customer_id  text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  booking_id   text REFERENCES bookings (id) ON DELETE SET NULL,
  channel      text NOT NULL CHECK (channel IN ('email', 'sms')),
  created_at   timestamptz NOT NULL
);

-- Photo blobs whose last key was cleared (the retention job, an erasure) and which are not deleted
-- yet: the key is gone from its row, so this list is what remembers the blob until its deletion in
-- the 'visit-photos' store has gone through (retried by every retention run).
CREATE TABLE photo_blobs_to_delete (
  photo_key  text PRIMARY KEY CHECK (photo_key ~ '^[0-9a-f]{64}$'),
  since      timestamptz NOT NULL
);

-- The retention job finds old check-in photos by the visit's start.
CREATE INDEX check_ins_with_photo ON check_ins (booking_id) WHERE photo_key IS NOT NULL;
CREATE INDEX check_ins_photo_key ON check_ins (photo_key) WHERE photo_key IS NOT NULL;

-- The hourly review-request job reads the visits completed in the last week.
CREATE INDEX bookings_completed_at ON bookings (completed_at) WHERE attendance = 'completed';
