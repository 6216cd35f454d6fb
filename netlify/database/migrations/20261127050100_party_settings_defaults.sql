-- Several dogs in one booking's defaults (DEFAULT_BOOKING_SETTINGS, decision 082) written into the
-- stored settings, as decision 063 asks of a new default: a key staff already set is kept.
UPDATE settings SET booking = '{
  "maxDogsPerBooking": 3,
  "partyPlacement": "either"
}'::jsonb || booking, updated_at = now()
WHERE id;
