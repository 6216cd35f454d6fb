-- The waitlist's defaults (DEFAULT_BOOKING_SETTINGS, decision 084) written into the stored settings,
-- as decision 063 asks of a new default: a key staff already set is kept.
UPDATE settings SET booking = '{
  "waitlist": { "offersAtOnce": 3, "offerMinutes": 60, "wakingHours": { "from": "08:00", "to": "21:00" } }
}'::jsonb || booking, updated_at = now()
WHERE id;
