-- Erasing a customer reaches their waitlist requests (docs/decisions/098, issue 29). Erasure
-- (decision 061) withdraws each request of theirs and empties what says who they are: the name, the
-- number, the e-mail address, the dog or dogs and their extras. The row stays, its service, dates and
-- offers too, as a booking's does: a booking made from one of its offers is still counted as a table
-- refilled (bookings.waitlist_offer_id). An erased request is found by nobody: its page answers 404,
-- the staff list and the offer job never see it, and no message can reach a number it no longer holds.
ALTER TABLE waitlist_requests ADD COLUMN erased_at timestamptz;
ALTER TABLE waitlist_requests ALTER COLUMN phone DROP NOT NULL;
ALTER TABLE waitlist_requests ADD CONSTRAINT waitlist_requests_phone_unless_erased
  CHECK (phone IS NOT NULL OR erased_at IS NOT NULL);
-- Erasure, the export and a merge find a person's requests by their record.
CREATE INDEX waitlist_requests_customer_idx ON waitlist_requests (customer_id) WHERE customer_id IS NOT NULL;
