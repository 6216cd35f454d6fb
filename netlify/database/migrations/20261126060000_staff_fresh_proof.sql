-- Staff changes need a fresh proof (docs/decisions/070-fresh-proof-for-staff-changes.md).
-- When this staff key's holder last proved themselves (a code texted to their own phone, or a
-- passkey): at sign-in, and again by the step-up doors. Adding or removing staff, or changing a
-- staff number, needs it within the last five minutes.
ALTER TABLE access_keys ADD COLUMN proven_at timestamptz;

-- A code texted to a signed-in member's own phone to prove it is them before a staff change.
ALTER TABLE phone_codes DROP CONSTRAINT phone_codes_purpose_check;
ALTER TABLE phone_codes ADD CONSTRAINT phone_codes_purpose_check
  CHECK (purpose IN ('booking', 'staff_sign_in', 'staff_step_up'));

-- A passkey challenge for the same proof: it belongs to the member who asked, as a registration's does.
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_purpose_check;
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_check;
ALTER TABLE webauthn_challenges ADD CONSTRAINT webauthn_challenges_purpose_check
  CHECK (purpose IN ('register', 'sign_in', 'step_up'));
ALTER TABLE webauthn_challenges ADD CONSTRAINT webauthn_challenges_owner_check
  CHECK ((purpose = 'sign_in') = (customer_id IS NULL));
