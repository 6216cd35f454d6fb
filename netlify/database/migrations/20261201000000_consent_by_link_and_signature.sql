-- The owner's consent to a surcharge by a drawn signature or a texted link (issue 22,
-- docs/decisions/093), beside the typed name of decision 091.
--
-- A drawn signature is kept as compact SVG path data: moves and lines in whole numbers within the
-- pad's 600 x 200 box, at most 8 KB. The server's schema checks it first; the database refuses
-- anything else too, so no markup can ever reach the staff's page from here.
ALTER TABLE check_ins ADD COLUMN consent_signature text
  CHECK (length(consent_signature) <= 8192 AND consent_signature ~ '^(M[0-9]{1,3} [0-9]{1,3}(L[0-9]{1,3} [0-9]{1,3})+)+$');
ALTER TABLE check_ins ADD CONSTRAINT check_ins_signature_is_drawn
  CHECK (consent_signature IS NULL OR consent_method = 'drawn');

-- A texted link for the owner to agree when they are not at the counter: 256 random bits, only
-- the hash kept. It names the check-in as it was when sent (tier, surcharge, photo): a check-in
-- changed since makes it stale. One open link per check-in: a resend marks the one before
-- replaced, so its holder is told the newer text is the one to use.
CREATE TABLE consent_links (
  token_hash       text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  booking_id       text NOT NULL REFERENCES check_ins (booking_id) ON DELETE CASCADE,
  tier_id          text NOT NULL,
  surcharge_pence  integer NOT NULL CHECK (surcharge_pence > 0),
  photo_key        text,
  sent_at          timestamptz NOT NULL,
  sent_by          text REFERENCES customers (id) ON DELETE SET NULL,
  expires_at       timestamptz NOT NULL,
  replaced_at      timestamptz
);
CREATE UNIQUE INDEX consent_links_one_open ON consent_links (booking_id) WHERE replaced_at IS NULL;
