/** A booking's latest tapped stage (decision 092), for a query whose booking is `b`; null before the first tap. */
export const LATEST_STAGE_SQL = `(SELECT s.stage FROM visit_stages s WHERE s.booking_id = b.id ORDER BY s.id DESC LIMIT 1)`;
