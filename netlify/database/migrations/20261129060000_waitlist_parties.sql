-- A waitlist request for a booking of several dogs (docs/decisions/084 "Several dogs", 082, issue 21).
--
-- `dogs` is the whole party in the order it is booked (each {serviceId, dog, extras}, as the party
-- booking's own dogs), or NULL for one dog's request, which stays exactly as it was. The single
-- columns keep the party's FIRST dog (its service, dog and extras): every reader of one dog (the
-- staff list, the one-waiting index by number and service, the dashboard) keeps a true answer, and
-- the check below holds the two to each other so they cannot drift apart.
ALTER TABLE waitlist_requests ADD COLUMN dogs jsonb;
ALTER TABLE waitlist_requests ADD CONSTRAINT waitlist_requests_dogs_shape CHECK (
  dogs IS NULL OR (
    jsonb_typeof(dogs) = 'array'
    AND jsonb_array_length(dogs) BETWEEN 2 AND 6
    AND dogs -> 0 -> 'dog' = dog
    AND dogs -> 0 ->> 'serviceId' = service_id
  )
);

-- Where each dog sits in an offered time (side by side or one after another, decision 082), so
-- "Book this time" books exactly what was offered. NULL for one dog's offer.
ALTER TABLE waitlist_offers ADD COLUMN placement text
  CHECK (placement IS NULL OR placement IN ('side_by_side', 'one_after_another'));
