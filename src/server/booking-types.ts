import type { BookingType } from '../domain/booking-types.ts';
import { query } from './db.ts';
import { sanitizeDescription } from './sanitize.ts';

interface BookingTypeRow {
  id: string;
  title: string;
  price_pence: number;
  duration_min: number;
  description: string;
  display_order: number;
}

/**
 * The active services, in the order the shop wants them shown. Descriptions are sanitised here, on
 * the way out, so no path into the table (seed, CMS, staff edits, SQL) can put a script on the page.
 */
export async function listBookingTypes(): Promise<BookingType[]> {
  const rows = await query<BookingTypeRow>(
    `SELECT id, title, price_pence, duration_min, description, display_order
       FROM booking_types WHERE active ORDER BY display_order, title`,
  );
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    price: r.price_pence,
    duration: r.duration_min,
    description: sanitizeDescription(r.description),
    display_order: r.display_order,
  }));
}
