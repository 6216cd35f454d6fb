import { bookingSettingsFrom, type BookingSettings } from '../domain/booking-settings.ts';
import { staffSettingsFrom, type StaffSettings } from '../domain/staff-settings.ts';
import { db, type Tx } from './db.ts';

/**
 * The shop's booking settings: the one JSON document in `settings`, validated by the domain schema
 * (missing keys take DEFAULT_BOOKING_SETTINGS), with the days in `closures` added to its own list.
 */
export async function loadBookingSettings(tx: Tx = db()): Promise<BookingSettings> {
  const { rows } = await tx.query<{ booking: Partial<BookingSettings> | null; closures: string[] | null }>(
    `SELECT (SELECT booking FROM settings WHERE id) AS booking,
            (SELECT array_agg(to_char(day, 'YYYY-MM-DD') ORDER BY day) FROM closures WHERE day >= current_date - 1) AS closures`,
  );
  const settings = bookingSettingsFrom(rows[0]?.booking ?? null);
  const closures = new Set([...settings.closures, ...(rows[0]?.closures ?? [])]);
  return { ...settings, closures: [...closures].sort() };
}

/** Replaces keys of the stored document; the result must pass the domain schema. */
export async function updateBookingSettings(tx: Tx, changes: Partial<BookingSettings>): Promise<BookingSettings> {
  const { rows } = await tx.query<{ booking: Partial<BookingSettings> }>(
    'SELECT booking FROM settings WHERE id FOR UPDATE',
  );
  const next = bookingSettingsFrom({ ...(rows[0]?.booking ?? {}), ...changes });
  await tx.query(
    `INSERT INTO settings (id, booking, updated_at) VALUES (true, $1, now())
     ON CONFLICT (id) DO UPDATE SET booking = EXCLUDED.booking, updated_at = now()`,
    [JSON.stringify(next)],
  );
  return next;
}

/** How long staff keys live (`settings.staff`, defaults in src/domain/staff-settings.ts). */
export async function loadStaffSettings(tx: Tx = db()): Promise<StaffSettings> {
  const { rows } = await tx.query<{ staff: unknown }>('SELECT staff FROM settings WHERE id');
  return staffSettingsFrom(rows[0]?.staff ?? null);
}
