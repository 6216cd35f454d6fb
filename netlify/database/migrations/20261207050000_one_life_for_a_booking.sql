-- One life for a booking (issue 29, decision 102). Who cancelled is part of the state: the owner's
-- cancellation and the shop's differ in what they do to the deposit and in what the owner is told,
-- so it is recorded, not read back from a note. The money decision's reason is recorded beside it,
-- and every message about the cancellation reads that one value.
ALTER TABLE bookings ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('owner', 'shop'));
ALTER TABLE bookings ADD COLUMN cancel_money_reason text
  CHECK (cancel_money_reason IN ('nothing_paid', 'owner_in_free_period', 'owner_late', 'shop_refunded', 'shop_kept'));

-- The notes written so far say who cancelled ("cancelled by the shop: …", "cancelled by the customer").
UPDATE bookings SET cancelled_by = CASE WHEN status_note LIKE 'cancelled by the shop%' THEN 'shop' ELSE 'owner' END
 WHERE status = 'cancelled';
-- Only a cancelled booking has a canceller (the module always writes one; a row inserted cancelled,
-- as fixtures do, reads as the owner's).
ALTER TABLE bookings ADD CONSTRAINT bookings_cancelled_by_only_when_cancelled
  CHECK (status = 'cancelled' OR cancelled_by IS NULL);

-- A party's dogs and a series waiting on one deposit now change together in the one module that
-- changes a booking's state (src/server/bookings/booking-life.ts), in one statement; these triggers
-- were a second writer of `bookings.status`.
DROP TRIGGER bookings_follow_party_status ON bookings;
DROP FUNCTION follow_party_status();
DROP TRIGGER bookings_follow_series_hold ON bookings;
DROP FUNCTION follow_series_hold();
