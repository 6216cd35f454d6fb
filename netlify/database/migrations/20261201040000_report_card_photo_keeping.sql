-- The report card's after photo is kept as the check-in's is (docs/decisions/095): the retention job
-- finds the photos of old visits, and "is this blob still named?" is asked of every photo column.
CREATE INDEX report_cards_with_photo ON report_cards (booking_id) WHERE after_photo_key IS NOT NULL;
CREATE INDEX report_cards_after_photo_key ON report_cards (after_photo_key) WHERE after_photo_key IS NOT NULL;
