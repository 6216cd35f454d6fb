import type { BookingType } from '../domain/booking-types.ts';
import { sizeWeights, type Size } from '../domain/catalogue.ts';
import { query } from './db.ts';
import { sanitizeDescription } from './sanitize.ts';
import { loadBookingSettings } from './settings.ts';

interface BookingTypeRow {
  id: string;
  title: string;
  price_pence: number;
  duration_min: number;
  description: string;
  display_order: number;
  sizes: { size: Size; price: number; duration: number }[] | null;
}

/**
 * The active services, in the order the shop wants them shown. Descriptions are sanitised here, on
 * the way out, so no path into the table (seed, CMS, staff edits, SQL) can put a script on the page.
 * Each carries its sizes with the shop's weights for them, so the prices page shows every size's
 * price without a second call (decision 080).
 */
export async function listBookingTypes(): Promise<BookingType[]> {
  const [rows, settings] = await Promise.all([
    query<BookingTypeRow>(
      `SELECT t.id, t.title, t.price_pence, t.duration_min, t.description, t.display_order,
              (SELECT json_agg(json_build_object('size', z.size, 'price', z.price_pence, 'duration', z.duration_min)
                         ORDER BY array_position(ARRAY['small', 'medium', 'large'], z.size))
                 FROM service_sizes z WHERE z.service_id = t.id) AS sizes
         FROM booking_types t WHERE t.active ORDER BY t.display_order, t.title`,
    ),
    loadBookingSettings(),
  ]);
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    price: r.price_pence,
    duration: r.duration_min,
    description: sanitizeDescription(r.description),
    display_order: r.display_order,
    sizes: (r.sizes ?? []).map((z) => ({ ...z, weights: sizeWeights(z.size, settings.sizeLimitsKg) })),
  }));
}
