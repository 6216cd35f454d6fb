-- The staff's customer records (docs/decisions/061-staff-records.md): notes, the dog's card
-- (weight history, temperament, vet, vaccinations), erasure that keeps the accounts' rows, and a
-- prefix search over names, dogs, e-mail and phone that needs no extension (PGlite has none).

-- What staff write about a person; erased records keep their id (bookings point at it) and nothing else.
ALTER TABLE customers ADD COLUMN notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 2000);
ALTER TABLE customers ADD COLUMN erased_at timestamptz;
ALTER TABLE customers ADD CONSTRAINT customers_erased_hold_nothing CHECK (
  erased_at IS NULL OR (name IS NULL AND phone IS NULL AND email IS NULL AND notes = '' AND phone_verified_at IS NULL AND NOT marketing_consent)
);

-- The groomer's card of a dog. `notes` and `nervous` stay what the owner typed when booking (a booking
-- overwrites them); these columns are the staff's own and no booking touches them.
ALTER TABLE dogs ADD COLUMN temperament text NOT NULL DEFAULT '' CHECK (length(temperament) <= 500);
ALTER TABLE dogs ADD COLUMN vet_name text CHECK (length(vet_name) <= 120);
ALTER TABLE dogs ADD COLUMN vet_phone text CHECK (length(vet_phone) <= 40);
-- [{ "name": "Kennel cough", "expiresOn": "2027-03-01" }], checked by src/domain/customer-records.ts.
ALTER TABLE dogs ADD COLUMN vaccinations jsonb NOT NULL DEFAULT '[]'::jsonb
  CHECK (jsonb_typeof(vaccinations) = 'array' AND jsonb_array_length(vaccinations) <= 20);
-- An erased dog keeps its id, because past bookings (the accounts) name it, and loses every detail.
ALTER TABLE dogs ADD COLUMN erased_at timestamptz;
ALTER TABLE dogs ALTER COLUMN name DROP NOT NULL;
ALTER TABLE dogs ALTER COLUMN breed_id DROP NOT NULL;
ALTER TABLE dogs ALTER COLUMN weight_kg DROP NOT NULL;
ALTER TABLE dogs ALTER COLUMN coat DROP NOT NULL;
ALTER TABLE dogs ADD CONSTRAINT dogs_details_unless_erased CHECK (
  CASE WHEN erased_at IS NULL
    THEN name IS NOT NULL AND breed_id IS NOT NULL AND weight_kg IS NOT NULL AND coat IS NOT NULL
    ELSE name IS NULL AND breed_id IS NULL AND weight_kg IS NULL AND coat IS NULL AND notes = '' AND NOT nervous
      AND temperament = '' AND vet_name IS NULL AND vet_phone IS NULL AND vaccinations = '[]'::jsonb
  END
);

-- Weight history: every weight a dog has been given (by its owner when booking, or by staff), written
-- by the trigger below so no writer of `dogs` has to remember it.
CREATE TABLE dog_weights (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dog_id       text NOT NULL REFERENCES dogs (id) ON DELETE CASCADE,
  weight_kg    numeric(4,1) NOT NULL CHECK (weight_kg > 0 AND weight_kg <= 100),
  recorded_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dog_weights_dog_idx ON dog_weights (dog_id, recorded_at);

CREATE FUNCTION record_dog_weight() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.weight_kg IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.weight_kg IS DISTINCT FROM OLD.weight_kg) THEN
    INSERT INTO dog_weights (dog_id, weight_kg, recorded_at) VALUES (NEW.id, NEW.weight_kg, now());
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER dogs_record_weight AFTER INSERT OR UPDATE OF weight_kg ON dogs
  FOR EACH ROW EXECUTE FUNCTION record_dog_weight();
INSERT INTO dog_weights (dog_id, weight_kg, recorded_at) SELECT id, weight_kg, updated_at FROM dogs WHERE weight_kg IS NOT NULL;

-- SEARCH. Prefix search by any word of a name, a dog's name, the e-mail address or the phone number,
-- through a small inverted index: one row per (term, customer). Terms are compared byte by byte
-- (COLLATE "C"), so "every term starting with 'jo'" is one range of the primary key's btree.
-- A word is folded to lower-case ASCII letters and digits: accents dropped, apostrophes removed
-- ("Zoë O'Brien" → zoe, obrien). The search folds its words with the same function.
CREATE FUNCTION search_words(value text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w) FILTER (WHERE w <> ''), '{}')
    FROM regexp_split_to_table(
      translate(regexp_replace(lower(coalesce(value, '')), '[''’`]', '', 'g'),
        'àáâãäåāăąçćčďèéêëēĕėęěìíîïĩīĭįıñńňòóôõöøōŏőùúûüũūŭůűųýÿźżžłśšşţťŕřğ',
        'aaaaaaaaacccdeeeeeeeeeiiiiiiiiinnnooooooooouuuuuuuuuuyyzzzlsssttrrg'),
      '[^a-z0-9]+') AS w
$$;

CREATE TABLE customer_search_terms (
  term         text COLLATE "C" NOT NULL CHECK (length(term) BETWEEN 1 AND 254),
  customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  PRIMARY KEY (term, customer_id)
);
CREATE INDEX customer_search_terms_customer_idx ON customer_search_terms (customer_id);

-- A customer's terms, written again whenever what they are made of changes.
CREATE FUNCTION refresh_customer_search_terms(customer text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_search_terms WHERE customer_id = customer;
  -- A customer being deleted (its dogs cascading after it) gets no terms back.
  IF NOT EXISTS (SELECT 1 FROM customers WHERE id = customer) THEN
    RETURN;
  END IF;
  INSERT INTO customer_search_terms (term, customer_id)
  SELECT DISTINCT left(t.term, 254), customer FROM (
    SELECT unnest(search_words(c.name)) AS term FROM customers c WHERE c.id = customer
    UNION ALL SELECT lower(c.email) FROM customers c WHERE c.id = customer AND coalesce(c.email, '') <> ''
    -- E.164 without its '+': the search turns any spelling of a UK number into the same digits.
    UNION ALL SELECT substr(c.phone, 2) FROM customers c WHERE c.id = customer AND c.phone IS NOT NULL
    UNION ALL SELECT unnest(search_words(d.name)) FROM dogs d WHERE d.customer_id = customer AND d.name IS NOT NULL
  ) t
  WHERE t.term <> '';
END
$$;

CREATE FUNCTION customers_search_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_customer_search_terms(NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER customers_search_terms AFTER INSERT OR UPDATE OF name, email, phone ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_search_terms_changed();

CREATE FUNCTION dogs_search_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM refresh_customer_search_terms(OLD.customer_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.customer_id <> OLD.customer_id) THEN
    PERFORM refresh_customer_search_terms(NEW.customer_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER dogs_search_terms AFTER INSERT OR UPDATE OF name, customer_id OR DELETE ON dogs
  FOR EACH ROW EXECUTE FUNCTION dogs_search_terms_changed();

SELECT refresh_customer_search_terms(id) FROM customers;

-- The list without a search: customers (not staff, not erased) by name, a page at a time.
CREATE INDEX customers_list_idx ON customers (lower(coalesce(name, '')), id) WHERE erased_at IS NULL AND privileges < 2;
-- Other records of the same person: the same e-mail address (the same number has customers_phone_idx).
CREATE INDEX customers_email_idx ON customers (lower(email)) WHERE email IS NOT NULL;
-- Last and next visit of each customer on a page, and a customer's booking history, newest first.
CREATE INDEX bookings_customer_start_idx ON bookings (customer_id, start_at);
-- Erasing or merging a person unlinks or moves their website visits.
CREATE INDEX visit_sessions_customer_idx ON visit_sessions (customer_id) WHERE customer_id IS NOT NULL;
