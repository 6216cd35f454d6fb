import { DEFAULT_BOOKING_SETTINGS } from '../../domain/booking-settings.ts';
import type { Seeder } from './types.ts';

/** Writes the default booking rules into the settings row while it is still empty, so staff see them all. */
export const seedBookingSettings: Seeder = async (tx) => {
  const { rowCount } = await tx.query(
    `UPDATE settings SET booking = $1, updated_at = now() WHERE id AND booking = '{}'::jsonb`,
    [JSON.stringify(DEFAULT_BOOKING_SETTINGS)],
  );
  return { seeded: rowCount ? [`booking settings (capacity ${DEFAULT_BOOKING_SETTINGS.capacity})`] : [] };
};
