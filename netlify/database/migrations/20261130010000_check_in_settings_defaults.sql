-- Check-in's defaults (DEFAULT_BOOKING_SETTINGS, docs/decisions/091) written into the stored settings,
-- as decision 063 asks of a new default: a key staff already set is kept.
UPDATE settings SET booking = '{
  "checkIn": {
    "tiers": [
      { "id": "light-matting", "label": "Light matting", "kind": "matting", "surchargePence": 500 },
      { "id": "heavy-matting", "label": "Heavy matting", "kind": "matting", "surchargePence": 1500 },
      { "id": "extra-handling", "label": "Extra handling", "kind": "handling", "surchargePence": 1000 }
    ],
    "vaccinationsRequired": true
  }
}'::jsonb || booking, updated_at = now()
WHERE id;
