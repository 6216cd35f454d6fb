-- Sizes and extras (docs/decisions/080-sizes-and-extras.md). A service may have its own price and length
-- for a small, medium and large dog; the dog's weight decides its size against the shop's limits
-- (settings.booking.sizeLimitsKg) and a breed's usual size stands in while no weight is known. Extras
-- (nail grinding, a flea bath…) add their price and minutes to one dog's visit, some only with some
-- services. A booking keeps the size and the extras it was priced with, as it keeps its quote.

CREATE TABLE service_sizes (
  service_id    text NOT NULL REFERENCES booking_types (id) ON DELETE CASCADE ON UPDATE CASCADE,
  size          text NOT NULL CHECK (size IN ('small', 'medium', 'large')),
  price_pence   integer NOT NULL CHECK (price_pence BETWEEN 0 AND 1000000),
  duration_min  integer NOT NULL CHECK (duration_min > 0 AND duration_min <= 600),
  PRIMARY KEY (service_id, size)
);

ALTER TABLE breeds ADD COLUMN usual_size text CHECK (usual_size IN ('small', 'medium', 'large'));

CREATE TABLE extras (
  id             text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  title          text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  description    text NOT NULL DEFAULT '' CHECK (length(description) <= 300),
  price_pence    integer NOT NULL CHECK (price_pence BETWEEN 0 AND 1000000),
  duration_min   integer NOT NULL CHECK (duration_min BETWEEN 0 AND 240),
  -- Service ids it is offered with; empty: every service. Not a foreign key (an array cannot be one):
  -- the catalogue code ignores ids of services no longer sold.
  only_with      text[] NOT NULL DEFAULT '{}' CHECK (cardinality(only_with) <= 50),
  display_order  integer NOT NULL DEFAULT 0,
  active         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX extras_display_order_idx ON extras (display_order, id) WHERE active;

ALTER TABLE bookings ADD COLUMN size text CHECK (size IN ('small', 'medium', 'large'));

-- What each extra cost and took when booked: a later change of the catalogue never rewrites a booking.
CREATE TABLE booking_extras (
  booking_id    text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  extra_id      text NOT NULL REFERENCES extras (id) ON UPDATE CASCADE,
  title         text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  price_pence   integer NOT NULL CHECK (price_pence BETWEEN 0 AND 1000000),
  duration_min  integer NOT NULL CHECK (duration_min BETWEEN 0 AND 240),
  PRIMARY KEY (booking_id, extra_id)
);
CREATE INDEX booking_extras_extra_idx ON booking_extras (extra_id);

-- The first edition, each part only where nothing is yet (as 20261126010000 did): the sizes the
-- services' descriptions promised by hand, the extras, and the breeds' usual sizes.
INSERT INTO service_sizes (service_id, size, price_pence, duration_min)
SELECT s.service_id, s.size, s.price_pence, s.duration_min
FROM (VALUES
  ('full', 'small', 4500, 105),
  ('full', 'medium', 5500, 120),
  ('full', 'large', 7000, 150),
  ('shower', 'small', 3000, 45),
  ('shower', 'medium', 3800, 60),
  ('shower', 'large', 4800, 75)
) AS s (service_id, size, price_pence, duration_min)
JOIN booking_types t ON t.id = s.service_id
WHERE NOT EXISTS (SELECT 1 FROM service_sizes);

INSERT INTO extras (id, title, description, price_pence, duration_min, only_with, display_order)
SELECT id, title, description, price_pence, duration_min, only_with, display_order
FROM (VALUES
  ('nail-grind', 'Nail grinding', 'Nails filed smooth and round with a quiet grinder, after the clip.', 500, 10, '{}'::text[], 1),
  ('teeth', 'Teeth brushing', 'Enzymatic dog toothpaste, and a word if anything needs a vet''s eye.', 500, 5, '{}'::text[], 2),
  ('deshed-boost', 'De-shedding boost', 'A de-shedding conditioner and extra brush-out for a moulting coat.', 1200, 20, '{full,shower}'::text[], 3),
  ('flea-bath', 'Flea bath', 'A gentle insecticidal shampoo, for a dog with fleas or just back from kennels.', 800, 10, '{full,shower,puppy}'::text[], 4),
  ('bandana', 'Bandana', 'A washable cotton bandana to go home in.', 300, 0, '{}'::text[], 5)
) AS first_edition (id, title, description, price_pence, duration_min, only_with, display_order)
WHERE NOT EXISTS (SELECT 1 FROM extras);

UPDATE breeds SET usual_size = sized.size
FROM (VALUES
  ('bichon-frise', 'small'), ('border-terrier', 'small'), ('cavalier-king-charles-spaniel', 'small'),
  ('cavapoo', 'small'), ('chihuahua', 'small'), ('dachshund', 'small'), ('havanese', 'small'),
  ('jack-russell-terrier', 'small'), ('lhasa-apso', 'small'), ('maltese', 'small'), ('maltipoo', 'small'),
  ('miniature-schnauzer', 'small'), ('papillon', 'small'), ('pomeranian', 'small'), ('poodle-miniature', 'small'),
  ('poodle-toy', 'small'), ('pug', 'small'), ('scottish-terrier', 'small'), ('shih-tzu', 'small'),
  ('west-highland-white-terrier', 'small'), ('yorkshire-terrier', 'small'), ('shiba-inu', 'small'),
  ('beagle', 'medium'), ('border-collie', 'medium'), ('bulldog', 'medium'), ('cockapoo', 'medium'),
  ('cocker-spaniel', 'medium'), ('french-bulldog', 'medium'), ('springer-spaniel', 'medium'),
  ('staffordshire-bull-terrier', 'medium'), ('whippet', 'medium'), ('schnauzer-standard', 'medium'),
  ('airedale-terrier', 'medium'), ('chow-chow', 'medium'), ('samoyed', 'medium'), ('siberian-husky', 'medium'),
  ('akita', 'large'), ('bernese-mountain-dog', 'large'), ('boxer', 'large'), ('german-shepherd', 'large'),
  ('golden-retriever', 'large'), ('goldendoodle', 'large'), ('greyhound', 'large'), ('labradoodle', 'large'),
  ('labrador-retriever', 'large'), ('newfoundland', 'large'), ('old-english-sheepdog', 'large'),
  ('poodle-standard', 'large'), ('rottweiler', 'large'), ('weimaraner', 'large')
) AS sized (id, size)
WHERE breeds.id = sized.id AND breeds.usual_size IS NULL;

-- The size limits join the stored rules, where staff have not set their own.
UPDATE settings SET booking = booking || '{"sizeLimitsKg": {"small": 10, "medium": 25}}'::jsonb
WHERE id AND booking <> '{}'::jsonb AND NOT booking ? 'sizeLimitsKg';
