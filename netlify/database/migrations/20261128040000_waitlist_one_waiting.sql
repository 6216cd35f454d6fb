-- One waiting request per number and service (docs/decisions/084): asking again changes the request
-- that waits (it keeps its place), so two asked at once cannot both be written.
CREATE UNIQUE INDEX waitlist_requests_one_waiting_idx ON waitlist_requests (phone, service_id) WHERE status = 'waiting';
