-- Breeds as staff keep them (docs/decisions/061-staff-records.md): the usual length and price
-- band of a full groom, which the quote shows beside the "from" price, and a picture uploaded to
-- Netlify Blobs (`image_key`, the SHA-256 of the stored picture; `image_url` is then its address).
ALTER TABLE breeds ADD COLUMN usual_duration_min integer CHECK (usual_duration_min BETWEEN 5 AND 600);
ALTER TABLE breeds ADD COLUMN price_from_pence integer CHECK (price_from_pence BETWEEN 0 AND 1000000);
ALTER TABLE breeds ADD COLUMN price_to_pence integer CHECK (price_to_pence BETWEEN 0 AND 1000000);
ALTER TABLE breeds ADD CONSTRAINT breeds_price_band CHECK (
  (price_from_pence IS NULL) = (price_to_pence IS NULL) AND (price_to_pence IS NULL OR price_to_pence >= price_from_pence)
);
ALTER TABLE breeds ADD COLUMN image_key text CHECK (image_key ~ '^[0-9a-f]{64}$');
ALTER TABLE breeds ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
