-- One customer search for the phone booking and Customers (docs/decisions/073): a number is also
-- found by its last digits ("900123"). Its E.164 digits reversed behind '~' are a term of their own,
-- so "ends with 900123" is "starts with ~321009": a range of the same primary key, no extension.
-- '~' starts no folded word (a-z, 0-9) and no e-mail address the booking forms accept.
CREATE OR REPLACE FUNCTION refresh_customer_search_terms(customer text) RETURNS void LANGUAGE plpgsql AS $$
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
    -- The same digits reversed: the last digits of the number, typed, are the start of this term.
    UNION ALL SELECT '~' || reverse(substr(c.phone, 2)) FROM customers c WHERE c.id = customer AND c.phone IS NOT NULL
    UNION ALL SELECT unnest(search_words(d.name)) FROM dogs d WHERE d.customer_id = customer AND d.name IS NOT NULL
  ) t
  WHERE t.term <> '';
END
$$;

INSERT INTO customer_search_terms (term, customer_id)
SELECT '~' || reverse(substr(phone, 2)), id FROM customers WHERE phone IS NOT NULL
ON CONFLICT DO NOTHING;
