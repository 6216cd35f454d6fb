-- Check-in at the counter (issue 22, docs/decisions/091): what staff saw and agreed with the owner
-- when a dog was handed over. One row per booking (a dog's visit); checking in again replaces it.
--
-- The tier is copied by value (id, label, kind) with the surcharge the server computed from the
-- settings at that moment, so a later change to the shop's tiers never rewrites a past visit. The
-- surcharge counts towards the balance only once the owner's consent is recorded.
CREATE TABLE check_ins (
  booking_id        text PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  checked_in_at     timestamptz NOT NULL,
  checked_in_by     text REFERENCES customers (id) ON DELETE SET NULL,
  condition         text NOT NULL DEFAULT '' CHECK (length(condition) <= 300),
  tier_id           text CHECK (tier_id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  tier_label        text CHECK (length(tier_label) <= 40),
  tier_kind         text CHECK (tier_kind IN ('matting', 'handling')),
  surcharge_pence   integer NOT NULL DEFAULT 0 CHECK (surcharge_pence >= 0 AND surcharge_pence <= 20000),
  instructions      text NOT NULL DEFAULT '' CHECK (length(instructions) <= 500),
  -- A Netlify Blobs key in the 'visit-photos' store: the SHA-256 of the re-encoded picture.
  photo_key         text CHECK (photo_key ~ '^[0-9a-f]{64}$'),
  -- The owner's yes to the surcharge: a typed name, a drawn signature, or a texted link's tap.
  consent_method    text CHECK (consent_method IN ('typed', 'drawn', 'link')),
  consent_name      text CHECK (length(consent_name) <= 80),
  consented_at      timestamptz,
  consent_taken_by  text REFERENCES customers (id) ON DELETE SET NULL,
  CHECK ((tier_id IS NULL) = (tier_label IS NULL) AND (tier_id IS NULL) = (tier_kind IS NULL)),
  CHECK (tier_id IS NOT NULL OR surcharge_pence = 0),
  CHECK ((consent_method IS NULL) = (consented_at IS NULL) AND (consent_method IS NULL) = (consent_name IS NULL))
);
