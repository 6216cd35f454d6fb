-- The report card at the end of a visit (issue 22, docs/decisions/094): one per booking (a dog's
-- visit), written by staff once the visit is completed and sent to the owner once; an edit after
-- sending updates the page the owner already has and sends nothing more.
--
-- The before photo is the check-in's (check_ins.photo_key); the after photo's key names a blob in
-- the same private 'visit-photos' Netlify Blobs store. The owner's separate yes to the photos being
-- used elsewhere (site, social) is kept with when it was given; null means not asked, which is a no.
CREATE TABLE report_cards (
  booking_id        text PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  done              text NOT NULL CHECK (length(done) BETWEEN 1 AND 300),
  skin              text NOT NULL DEFAULT '' CHECK (length(skin) <= 200),
  ears              text NOT NULL DEFAULT '' CHECK (length(ears) <= 200),
  nails             text NOT NULL DEFAULT '' CHECK (length(nails) <= 200),
  behaviour         text NOT NULL DEFAULT '' CHECK (length(behaviour) <= 200),
  suggestion        text NOT NULL DEFAULT '' CHECK (length(suggestion) <= 200),
  -- A Netlify Blobs key in the 'visit-photos' store: the SHA-256 of the re-encoded picture.
  after_photo_key   text CHECK (after_photo_key ~ '^[0-9a-f]{64}$'),
  written_by        text REFERENCES customers (id) ON DELETE SET NULL,
  sent_at           timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  photo_use_allowed boolean,
  photo_use_at      timestamptz,
  CHECK ((photo_use_allowed IS NULL) = (photo_use_at IS NULL))
);
