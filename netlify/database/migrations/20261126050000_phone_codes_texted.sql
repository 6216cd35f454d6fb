-- Codes count what reached the phone, not what was asked for (docs/decisions/069). A code request
-- whose code was texted (or e-mailed to a staff member) says when; one past the number's limits, or
-- for a number that is not staff, stays NULL: it was never sent, and its own code proves nothing.
ALTER TABLE phone_codes ADD COLUMN texted_at timestamptz;
-- Until now every booking code row was sent (a refused request wrote none), and a staff sign-in
-- code was sent when its number was staff's.
UPDATE phone_codes SET texted_at = created_at
 WHERE purpose = 'booking' OR phone IN (SELECT phone FROM customers WHERE privileges = 2 AND phone IS NOT NULL);
-- The codes a number was sent, for its limits and for checking a code typed.
CREATE INDEX phone_codes_texted_idx ON phone_codes (phone, purpose, texted_at) WHERE texted_at IS NOT NULL;
