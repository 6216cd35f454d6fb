-- The booking's revision (a calendar that imported the .ics replaces the event: SEQUENCE). It was first
-- added by editing the landed bookings migration; landed migrations are never edited (decision 058),
-- so it is added here. IF NOT EXISTS: databases created from the edited file have it already.
ALTER TABLE bookings ADD COLUMN IF NOT EXISTS revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0);
