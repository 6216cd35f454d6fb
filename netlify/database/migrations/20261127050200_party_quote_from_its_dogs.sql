-- A party's one quote is its dogs' own quotes summed when it is read (src/domain/party-quote.ts,
-- decision 082), so a dog split out takes its price with it: no copy is kept on the party.
ALTER TABLE booking_parties DROP COLUMN quote;
