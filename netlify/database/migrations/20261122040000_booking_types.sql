-- The services the shop sells (spec §3 "Booking type"). Ids are short strings so links such as
-- /book-appointment?type=full stay readable.
CREATE TABLE booking_types (
  id             text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  title          text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  kind           text NOT NULL DEFAULT 'other',
  price_pence    integer NOT NULL CHECK (price_pence >= 0),
  duration_min   integer NOT NULL CHECK (duration_min > 0 AND duration_min <= 600),
  description    text NOT NULL DEFAULT '',
  display_order  integer NOT NULL DEFAULT 0,
  active         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX booking_types_display_order_idx ON booking_types (display_order, id) WHERE active;
