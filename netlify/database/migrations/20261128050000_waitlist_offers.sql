-- The waitlist's offers at work (docs/decisions/084, issue 21).

-- An offer declined or expired passes its time on to the next request: the offer job looks at its
-- time again and then says so here, so a pass-on is neither lost (a crash before it) nor done twice.
ALTER TABLE waitlist_offers ADD COLUMN passed_on_at timestamptz;
CREATE INDEX waitlist_offers_to_pass_on_idx ON waitlist_offers (id)
  WHERE status IN ('declined', 'expired') AND passed_on_at IS NULL;

-- A booking made from an offer whose hold lapses unpaid (or whose payment page expired, or whose
-- bank payment failed: every such path marks it 'expired') puts its request back on the list. The
-- time it held frees by itself (time_freed, decision 083) and is offered on; the request is not
-- offered that start again (one offer of a start per request), but waits for the next time that suits.
-- In the database, like the event, so no lapse path can forget it.
CREATE FUNCTION waitlist_hold_lapsed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE waitlist_requests r SET status = 'waiting', booking_id = NULL, updated_at = now()
   WHERE r.booking_id = NEW.id AND r.status = 'booked';
  RETURN NULL;
END
$$;
CREATE TRIGGER bookings_waitlist_hold_lapsed
  AFTER UPDATE OF status ON bookings
  FOR EACH ROW
  WHEN (NEW.status = 'expired' AND OLD.status = 'pending_payment' AND NEW.waitlist_offer_id IS NOT NULL)
  EXECUTE FUNCTION waitlist_hold_lapsed();
