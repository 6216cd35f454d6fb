-- The site's rebuild after an editor publishes in DatoCMS (docs/decisions/043-publish-webhook-and-rebuilds.md).
-- One row: the first publish of a burst sets due_at; later publishes while it is set do nothing; the
-- sender claims the row when due_at has passed (setting it back to NULL) and calls Netlify's build hook
-- once. A failed call puts due_at back a minute later, up to five attempts.
CREATE TABLE cms_rebuilds (
  hook          text PRIMARY KEY CHECK (hook = 'site'),
  -- When the pending build is asked for; NULL: no build pending.
  due_at        timestamptz,
  -- The first publish of the pending burst, and how many publishes it gathered.
  requested_at  timestamptz,
  publishes     integer NOT NULL DEFAULT 0 CHECK (publishes >= 0),
  -- Calls to the build hook for the current burst (reset when one succeeds).
  attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_sent_at  timestamptz,
  last_status   integer,
  last_error    text CHECK (length(last_error) <= 2000)
);
