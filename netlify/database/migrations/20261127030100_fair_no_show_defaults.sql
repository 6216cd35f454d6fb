-- The no-show rules' defaults (DEFAULT_BOOKING_SETTINGS, decision 081) written into the stored
-- settings, as the catalogue's first edition wrote the others (decision 063): a key staff already set is kept.
UPDATE settings SET booking = '{
  "noShowFee": { "kind": "percent", "percent": 50, "capPence": 3000 },
  "lateCancellationFee": { "kind": "none" },
  "payInFullAfterStrikes": 3,
  "newCustomerDeposit": { "kind": "none" },
  "cardOnFile": true
}'::jsonb || booking, updated_at = now()
WHERE id;
