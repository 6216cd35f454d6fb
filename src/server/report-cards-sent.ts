import type { Tx } from './db.ts';

/**
 * The booking ids, among a booking's party (or itself), whose report card has been sent
 * (decision 094). Apart from report-cards.ts so the booking's page function carries no Blobs client.
 */
export async function sentReportCards(tx: Tx, id: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT b.id FROM bookings me
       JOIN bookings b ON b.id = me.id OR (me.party_id IS NOT NULL AND b.party_id = me.party_id)
       JOIN report_cards r ON r.booking_id = b.id
      WHERE me.id = $1 ORDER BY b.created_at, b.id`,
    [id],
  );
  return rows.map((r) => r.id);
}
