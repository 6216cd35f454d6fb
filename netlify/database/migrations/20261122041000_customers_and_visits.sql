-- People and their keys. A customer is anyone who has booked or works here; privileges 2 is staff
-- (spec §6). Access keys are random (256 bits) and stored only as their SHA-256, so a leaked table
-- gives nobody a way in.
CREATE TABLE customers (
  id                 text PRIMARY KEY,
  phone              text UNIQUE CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  name               text CHECK (length(name) <= 120),
  email              text CHECK (length(email) <= 254),
  privileges         smallint NOT NULL DEFAULT 1 CHECK (privileges BETWEEN 0 AND 2),
  marketing_consent  boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE access_keys (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id   text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  key_hash      text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  kind          text NOT NULL CHECK (kind IN ('device', 'staff')),
  label         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  expires_at    timestamptz,
  revoked_at    timestamptz
);
CREATE INDEX access_keys_customer_idx ON access_keys (customer_id);

-- First-party statistics (design.md "Privacy"): a visit, its page views and its events. No
-- fingerprint is stored without consent; the visitor id is whatever the browser sent for the visit.
CREATE TABLE visit_sessions (
  id               text PRIMARY KEY,
  visitor_id       text CHECK (length(visitor_id) <= 128),
  landing_url      text CHECK (length(landing_url) <= 2048),
  landing_path     text CHECK (length(landing_path) <= 1024),
  gclid            text CHECK (length(gclid) <= 256),
  fbclid           text CHECK (length(fbclid) <= 256),
  campaign_source  text CHECK (length(campaign_source) <= 64),
  customer_id      text REFERENCES customers (id) ON DELETE SET NULL,
  user_agent       text CHECK (length(user_agent) <= 512),
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_seen_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visit_sessions_created_idx ON visit_sessions (created_at);

CREATE TABLE page_views (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id  text REFERENCES visit_sessions (id) ON DELETE CASCADE,
  url         text NOT NULL CHECK (length(url) <= 2048),
  path        text NOT NULL CHECK (length(path) <= 1024),
  visitor_id  text CHECK (length(visitor_id) <= 128),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_views_session_idx ON page_views (session_id);
CREATE INDEX page_views_created_idx ON page_views (created_at);

CREATE TABLE analytics_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id  text REFERENCES visit_sessions (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (name ~ '^[a-z][a-z0-9_]{0,47}$'),
  path        text CHECK (length(path) <= 1024),
  detail      text CHECK (length(detail) <= 256),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_name_created_idx ON analytics_events (name, created_at);

-- Fixed-window request counters for rate limits. They live in the database because a function
-- instance keeps no memory between calls that anything could rely on.
CREATE TABLE rate_limits (
  bucket        text NOT NULL,
  window_start  timestamptz NOT NULL,
  hits          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, window_start)
);
