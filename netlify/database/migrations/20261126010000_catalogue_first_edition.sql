-- The shop's catalogue, first edition (docs/decisions/063-the-catalogue-by-migration.md): the services and
-- prices, the breeds, and the booking rules with the opening hours, so the first deploy's empty database
-- has the shop in it (Netlify applies migrations on deploy and nothing else). Each part goes only where
-- nothing is yet (an empty table, the settings row still '{}'), so a database that already has a
-- catalogue (one the demo seed filled before this migration, or one staff have edited) keeps its own.
-- Written from content/services.json, content/breeds.json and DEFAULT_BOOKING_SETTINGS
-- (src/domain/booking-settings.ts, hours from content/site.json); tests/integration/catalogue-migration.test.ts
-- holds a fresh database's catalogue equal to them. Staff change it in /management from then on.

INSERT INTO booking_types (id, title, kind, price_pence, duration_min, description, display_order)
SELECT id, title, kind, price_pence, duration_min, description, display_order
FROM (VALUES
  ('full', 'Full Groom', 'full', 4500, 120, '<p>The works, for a dog that looks and feels brand new. A warm bath with organic shampoo and conditioner, a gentle blow-dry, a breed-appropriate haircut or a style you choose, nails clipped and filed, ears cleaned and a hygiene trim.</p><p>Small dogs from £45, medium from £55, large from £70. We confirm the price when we meet your dog, and never add anything without asking.</p>', 1),
  ('shower', 'Bath & Brush (Shower)', 'shower', 3000, 60, '<p>A bath with organic shampoo and conditioner, blow-dry and a thorough brush-out, with a nail check and ear clean. Ideal between full grooms and for short-coated dogs.</p><p>Small dogs from £30, medium from £38, large from £48.</p>', 2),
  ('puppy', 'Puppy Introduction', 'puppy', 2500, 45, '<p>A calm, short first visit for puppies under six months, after their second vaccination. A gentle bath, a light tidy of face and feet, and lots of time to get used to the dryer, the table and the clippers'' sound.</p>', 3),
  ('deshed', 'De-shedding Treatment', 'deshed', 4000, 90, '<p>For double-coated breeds such as huskies, retrievers and shepherds. A de-shedding shampoo and conditioner, a high-velocity dry and a long brush-out that lifts the loose undercoat, so less of it ends up on your sofa.</p>', 4),
  ('tidy', 'Face, Feet & Tail Tidy', 'tidy', 2000, 30, '<p>A quick tidy between full grooms: eyes cleared, paw pads and feet neatened, tail and hygiene areas trimmed. No bath.</p>', 5),
  ('hand-strip', 'Hand Stripping', 'hand-strip', 6000, 150, '<p>The traditional way to keep a wire coat in good condition for terriers, schnauzers and similar breeds. Dead hair is removed by hand so the coat keeps its colour and texture. Priced by the coat''s condition.</p>', 6),
  ('nails', 'Nail Clip', 'nails', 1000, 15, '<p>Nails clipped and filed smooth, with care around the quick. Free with every full groom and shower.</p>', 7),
  ('ears-teeth', 'Ear Clean & Teeth Brush', 'extras', 1200, 15, '<p>Ears gently cleaned and checked, and teeth brushed with an enzymatic dog toothpaste. We will tell you if anything needs a vet''s eye.</p>', 8)
) AS first_edition (id, title, kind, price_pence, duration_min, description, display_order)
WHERE NOT EXISTS (SELECT 1 FROM booking_types);

INSERT INTO breeds (id, name, image_url, is_fallback)
SELECT id, name, image_url, is_fallback
FROM (VALUES
  ('airedale-terrier', 'Airedale Terrier', '/images/breeds/terrier.svg', false),
  ('akita', 'Akita', '/images/breeds/generic-dog.svg', false),
  ('beagle', 'Beagle', '/images/breeds/generic-dog.svg', false),
  ('bernese-mountain-dog', 'Bernese Mountain Dog', '/images/breeds/generic-dog.svg', false),
  ('bichon-frise', 'Bichon Frise', '/images/breeds/generic-dog.svg', false),
  ('border-collie', 'Border Collie', '/images/breeds/generic-dog.svg', false),
  ('border-terrier', 'Border Terrier', '/images/breeds/terrier.svg', false),
  ('boxer', 'Boxer', '/images/breeds/generic-dog.svg', false),
  ('bulldog', 'Bulldog', '/images/breeds/generic-dog.svg', false),
  ('cavalier-king-charles-spaniel', 'Cavalier King Charles Spaniel', '/images/breeds/spaniel.svg', false),
  ('cavapoo', 'Cavapoo', '/images/breeds/generic-dog.svg', false),
  ('chihuahua', 'Chihuahua', '/images/breeds/generic-dog.svg', false),
  ('chow-chow', 'Chow Chow', '/images/breeds/generic-dog.svg', false),
  ('cockapoo', 'Cockapoo', '/images/breeds/generic-dog.svg', false),
  ('cocker-spaniel', 'Cocker Spaniel', '/images/breeds/spaniel.svg', false),
  ('dachshund', 'Dachshund', '/images/breeds/sausage-dog.svg', false),
  ('french-bulldog', 'French Bulldog', '/images/breeds/generic-dog.svg', false),
  ('german-shepherd', 'German Shepherd', '/images/breeds/generic-dog.svg', false),
  ('golden-retriever', 'Golden Retriever', '/images/breeds/generic-dog.svg', false),
  ('goldendoodle', 'Goldendoodle', '/images/breeds/generic-dog.svg', false),
  ('greyhound', 'Greyhound', '/images/breeds/generic-dog.svg', false),
  ('havanese', 'Havanese', '/images/breeds/generic-dog.svg', false),
  ('jack-russell-terrier', 'Jack Russell Terrier', '/images/breeds/terrier.svg', false),
  ('labradoodle', 'Labradoodle', '/images/breeds/generic-dog.svg', false),
  ('labrador-retriever', 'Labrador Retriever', '/images/breeds/generic-dog.svg', false),
  ('lhasa-apso', 'Lhasa Apso', '/images/breeds/generic-dog.svg', false),
  ('maltese', 'Maltese', '/images/breeds/generic-dog.svg', false),
  ('maltipoo', 'Maltipoo', '/images/breeds/generic-dog.svg', false),
  ('miniature-schnauzer', 'Miniature Schnauzer', '/images/breeds/generic-dog.svg', false),
  ('newfoundland', 'Newfoundland', '/images/breeds/generic-dog.svg', false),
  ('old-english-sheepdog', 'Old English Sheepdog', '/images/breeds/generic-dog.svg', false),
  ('papillon', 'Papillon', '/images/breeds/generic-dog.svg', false),
  ('pomeranian', 'Pomeranian', '/images/breeds/generic-dog.svg', false),
  ('poodle-miniature', 'Poodle (Miniature)', '/images/breeds/poodle.svg', false),
  ('poodle-standard', 'Poodle (Standard)', '/images/breeds/poodle.svg', false),
  ('poodle-toy', 'Poodle (Toy)', '/images/breeds/poodle.svg', false),
  ('pug', 'Pug', '/images/breeds/generic-dog.svg', false),
  ('rottweiler', 'Rottweiler', '/images/breeds/generic-dog.svg', false),
  ('samoyed', 'Samoyed', '/images/breeds/generic-dog.svg', false),
  ('schnauzer-standard', 'Schnauzer (Standard)', '/images/breeds/generic-dog.svg', false),
  ('scottish-terrier', 'Scottish Terrier', '/images/breeds/terrier.svg', false),
  ('shiba-inu', 'Shiba Inu', '/images/breeds/generic-dog.svg', false),
  ('shih-tzu', 'Shih Tzu', '/images/breeds/generic-dog.svg', false),
  ('siberian-husky', 'Siberian Husky', '/images/breeds/generic-dog.svg', false),
  ('springer-spaniel', 'Springer Spaniel', '/images/breeds/spaniel.svg', false),
  ('staffordshire-bull-terrier', 'Staffordshire Bull Terrier', '/images/breeds/terrier.svg', false),
  ('weimaraner', 'Weimaraner', '/images/breeds/generic-dog.svg', false),
  ('west-highland-white-terrier', 'West Highland White Terrier', '/images/breeds/terrier.svg', false),
  ('whippet', 'Whippet', '/images/breeds/generic-dog.svg', false),
  ('yorkshire-terrier', 'Yorkshire Terrier', '/images/breeds/terrier.svg', false),
  ('none-other', 'None/Other', '/images/breeds/generic-dog.svg', true)
) AS first_edition (id, name, image_url, is_fallback)
WHERE NOT EXISTS (SELECT 1 FROM breeds);

-- The whole document rather than '{}' (which reads as the defaults in code): staff see every rule in
-- Settings, and a later change of the defaults in code never moves a live shop's hours or rules.
UPDATE settings
SET booking = '{
  "timeZone": "Europe/London",
  "openingHours": {
    "monday": {
      "opens": "09:00",
      "closes": "18:00"
    },
    "tuesday": {
      "opens": "09:00",
      "closes": "18:00"
    },
    "wednesday": {
      "opens": "09:00",
      "closes": "18:00"
    },
    "thursday": {
      "opens": "09:00",
      "closes": "18:00"
    },
    "friday": {
      "opens": "09:00",
      "closes": "18:00"
    },
    "saturday": {
      "opens": "09:00",
      "closes": "18:00"
    },
    "sunday": null
  },
  "capacity": 2,
  "minNoticeMinutes": 120,
  "horizonWeeks": 8,
  "slotStepMinutes": 15,
  "holdMinutes": 30,
  "deposit": {
    "kind": "none"
  },
  "cancellationNoticeHours": 24,
  "closures": [],
  "closedOnBankHolidays": true,
  "promotion": {
    "discountPence": 500,
    "maxWeightKg": 12,
    "serviceKind": "shower"
  }
}'::jsonb, updated_at = now()
WHERE id AND booking = '{}'::jsonb;
