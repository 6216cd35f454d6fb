-- Writing the waitlist's defaults into the stored settings (20261128080000) raised "a time has freed"
-- over the whole horizon (decision 083's settings trigger), though it changed nothing the times depend
-- on: the offer job's first run would have looked at every free time of the next eight weeks for
-- nothing. The rows of that kind come from these migrations only (time_freed is as new as they are),
-- so they are closed here.
UPDATE time_freed SET handled_at = now() WHERE cause = 'settings' AND handled_at IS NULL;
