import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { query, transaction } from '../../src/server/db.ts';
import { loadBookingSettings, updateBookingSettings } from '../../src/server/settings.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

useTestDatabase({ seed: true });

/** The capacity rule as the database keeps it (migration 20261122043500, decision 025). */
describe('capacity in the database', () => {
  it("uses the domain's default capacity when the settings document has none", async () => {
    await query(`UPDATE settings SET booking = '{}'::jsonb`);
    const [row] = await query<{ capacity: number }>('SELECT booking_capacity() AS capacity');
    expect(row!.capacity).toBe(DEFAULT_BOOKING_SETTINGS.capacity);
    expect((await loadBookingSettings()).capacity).toBe(DEFAULT_BOOKING_SETTINGS.capacity);
  });

  it('follows the capacity staff set, and refuses a nonsensical one in the database too', async () => {
    await transaction((tx) => updateBookingSettings(tx, { capacity: 3 }));
    const [row] = await query<{ capacity: number }>('SELECT booking_capacity() AS capacity');
    expect(row!.capacity).toBe(3);
    await expect(query(`UPDATE settings SET booking = jsonb_set(booking, '{capacity}', '0')`)).rejects.toMatchObject({
      code: '23514',
    });
    await expect(
      query(`UPDATE settings SET booking = jsonb_set(booking, '{capacity}', '"two"')`),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(transaction((tx) => updateBookingSettings(tx, { capacity: 0 }))).rejects.toThrow();
    await transaction((tx) => updateBookingSettings(tx, { capacity: 2 }));
  });

  it('claims every 5-minute cell a booking touches, frees them on cancel, and moves them with the booking', async () => {
    await query(`INSERT INTO customers (id, phone) VALUES ('cap-c', '+447700900555')`);
    await query(
      `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat) VALUES ('cap-d', 'cap-c', 'Cap', 'beagle', 10, 'short')`,
    );
    const insert = (id: string, start: string, end: string) =>
      query(
        `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence, idempotency_key, request_hash, contact_name, contact_email)
       VALUES ($1, 'cap-c', 'cap-d', 'full', $2, $3, 'confirmed', '{}', 0, $1, repeat('0', 64), 'C', 'c@example.com')`,
        [id, start, end],
      );
    const cells = async (id: string) =>
      (await query<{ n: number }>('SELECT count(*)::int AS n FROM booking_cells WHERE booking_id = $1', [id]))[0]!.n;

    await insert('cap-booking-aaaaaaaaaaaa', '2031-05-06T09:00:00Z', '2031-05-06T10:00:00Z');
    expect(await cells('cap-booking-aaaaaaaaaaaa')).toBe(12);
    // Off the grid: every cell it touches is held (09:02–09:13 touches 09:00, 09:05 and 09:10).
    await insert('cap-booking-bbbbbbbbbbbb', '2031-05-06T09:02:00Z', '2031-05-06T09:13:00Z');
    expect(await cells('cap-booking-bbbbbbbbbbbb')).toBe(3);
    // Two tables are now in use at 09:05: a third booking touching it is refused.
    await expect(
      insert('cap-booking-cccccccccccc', '2031-05-06T09:10:00Z', '2031-05-06T09:20:00Z'),
    ).rejects.toMatchObject({ code: '23P01', constraint: 'booking_capacity' });
    // From 09:15 only the first one is there: room for one more.
    await insert('cap-booking-dddddddddddd', '2031-05-06T09:15:00Z', '2031-05-06T11:00:00Z');
    // Touching is not overlapping: one that ends at 09:00 takes no cell of the 09:00 ones.
    await insert('cap-booking-eeeeeeeeeeee', '2031-05-06T08:00:00Z', '2031-05-06T09:00:00Z');
    expect(await cells('cap-booking-eeeeeeeeeeee')).toBe(12);

    await query(`UPDATE bookings SET status = 'cancelled' WHERE id = 'cap-booking-bbbbbbbbbbbb'`);
    expect(await cells('cap-booking-bbbbbbbbbbbb')).toBe(0);
    await insert('cap-booking-cccccccccccc', '2031-05-06T09:05:00Z', '2031-05-06T09:15:00Z');

    // A move into a full time fails whole: the booking keeps its old cells.
    await expect(
      query(
        `UPDATE bookings SET start_at = '2031-05-06T09:30:00Z', end_at = '2031-05-06T10:30:00Z' WHERE id = 'cap-booking-cccccccccccc'`,
      ),
    ).rejects.toMatchObject({ code: '23P01' });
    expect(await cells('cap-booking-cccccccccccc')).toBe(2);
    await query(
      `UPDATE bookings SET start_at = '2031-05-06T12:00:00Z', end_at = '2031-05-06T12:30:00Z' WHERE id = 'cap-booking-cccccccccccc'`,
    );
    expect(await cells('cap-booking-cccccccccccc')).toBe(6);
    // Reinstating a cancelled booking must find room again (there is, now that the third has moved).
    await expect(
      query(`UPDATE bookings SET status = 'confirmed' WHERE id = 'cap-booking-bbbbbbbbbbbb'`),
    ).resolves.toBeDefined();
    const [{ worst }] = (await query<{ worst: number }>(
      'SELECT max(n)::int AS worst FROM (SELECT count(*) AS n FROM booking_cells GROUP BY cell) c',
    )) as [{ worst: number }];
    expect(worst).toBeLessThanOrEqual(2);
  });
});
