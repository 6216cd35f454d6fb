-- A code texted to a proved number so staff may merge one proved and one unproved record of it,
-- read out by the customer (docs/decisions/068-merges-hand-nobody-a-record.md).
ALTER TABLE phone_codes DROP CONSTRAINT phone_codes_purpose_check;
ALTER TABLE phone_codes ADD CONSTRAINT phone_codes_purpose_check
  CHECK (purpose IN ('booking', 'staff_sign_in', 'merge'));
