-- Every purpose a phone code may have. 20261126040000 (merge codes, decision 068) and
-- 20261126060000 (staff step-up codes, decision 070) each re-wrote this check with its own new
-- purpose only, so the later one refused the other's codes; this check lists them all.
ALTER TABLE phone_codes DROP CONSTRAINT phone_codes_purpose_check;
ALTER TABLE phone_codes ADD CONSTRAINT phone_codes_purpose_check
  CHECK (purpose IN ('booking', 'staff_sign_in', 'staff_step_up', 'merge'));
