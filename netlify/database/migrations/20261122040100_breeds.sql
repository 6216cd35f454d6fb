-- Breeds for the searchable breed selector (spec §3 "Breed dropdown item"). The row flagged
-- is_fallback is the fixed 'None/Other' item; at most one may exist.
CREATE TABLE breeds (
  id            text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  image_url     text,
  is_fallback   boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX breeds_name_idx ON breeds (lower(name));
CREATE UNIQUE INDEX breeds_single_fallback_idx ON breeds (is_fallback) WHERE is_fallback;
