-- A lapsed hold from a waitlist offer puts its request back on the list in the booking-life module
-- (src/server/bookings/booking-life.ts, decision 102), with the expiry that causes it, and no longer
-- here: a trigger on `bookings.status` was one more place that acted on a booking's change, and it
-- could put an erased person's request back on the list (decision 098).
DROP TRIGGER bookings_waitlist_hold_lapsed ON bookings;
DROP FUNCTION waitlist_hold_lapsed();
