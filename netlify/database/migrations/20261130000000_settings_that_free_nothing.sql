-- Two keys of the booking settings that can free no time, named with the others the settings trigger
-- leaves out (decision 083: "a key added later counts until it is named here"): the waitlist's own
-- settings (how many owners an offer goes to, how long it stands, its waking hours: decision 084) and
-- check-in's tiers and health rule (decision 091). Without them, writing check-in's defaults into the
-- stored settings (the next migration) and every later change of either raised "a time has freed" over
-- the whole horizon, and the offer job looked at eight weeks of free times for nothing. Only the list
-- changes; the rest of the function is as it landed in 20261128020000_time_freed.sql.
CREATE OR REPLACE FUNCTION note_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moot constant text[] := ARRAY['holdMinutes', 'deposit', 'cancellationNoticeHours', 'promotion', 'noShowFee',
                                'lateCancellationFee', 'payInFullAfterStrikes', 'newCustomerDeposit', 'cardOnFile',
                                'waitlist', 'checkIn'];
  was jsonb := OLD.booking - moot;
  now_is jsonb := NEW.booking - moot;
BEGIN
  IF now_is IS NOT DISTINCT FROM was THEN
    RETURN NULL;
  END IF;
  IF (now_is - ARRAY['capacity', 'openingHours']) = (was - ARRAY['capacity', 'openingHours'])
     AND COALESCE((now_is ->> 'capacity')::integer, 2) <= COALESCE((was ->> 'capacity')::integer, 2)
     AND NOT EXISTS (
       SELECT 1 FROM jsonb_each(COALESCE(now_is -> 'openingHours', '{}'::jsonb)) AS d (day, span)
        WHERE jsonb_typeof(span) = 'object'
          AND (jsonb_typeof(was -> 'openingHours' -> d.day) IS DISTINCT FROM 'object'
               OR (span ->> 'opens') COLLATE "C" < (was -> 'openingHours' -> d.day ->> 'opens')
               OR (span ->> 'closes') COLLATE "C" > (was -> 'openingHours' -> d.day ->> 'closes')))
  THEN
    RETURN NULL;
  END IF;
  INSERT INTO time_freed (start_at, end_at, cause)
  VALUES (now(),
          now() + make_interval(weeks => GREATEST(COALESCE((NEW.booking ->> 'horizonWeeks')::integer, 8),
                                                  COALESCE((OLD.booking ->> 'horizonWeeks')::integer, 8)),
                                days => 1),
          'settings');
  RETURN NULL;
END
$$;
