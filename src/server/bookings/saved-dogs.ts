import type { SavedDogsResponse } from '../../domain/saved-dogs.ts';
import { findKeyHolder } from '../access-keys.ts';
import { db } from '../db.ts';
import { HttpError } from '../http.ts';

/** The dogs (and contact) of the device's customer, most recently booked first. */
export async function savedDogsFor(accessKey: string | null): Promise<SavedDogsResponse> {
  const holder = await findKeyHolder(accessKey);
  if (!holder) throw new HttpError(401, 'Please sign in again on this device to see your saved dogs.');
  const pool = db();
  const [dogs, owner] = await Promise.all([
    pool.query<{
      id: string;
      name: string;
      breed_id: string;
      breed_name: string;
      weight_kg: string;
      coat: SavedDogsResponse['dogs'][number]['coat'];
      notes: string;
      nervous: boolean;
    }>(
      `SELECT d.id, d.name, d.breed_id, br.name AS breed_name, d.weight_kg, d.coat, d.notes, d.nervous
         FROM dogs d JOIN breeds br ON br.id = d.breed_id
        WHERE d.customer_id = $1
        ORDER BY (SELECT max(b.start_at) FROM bookings b WHERE b.dog_id = d.id) DESC NULLS LAST, d.created_at DESC
        LIMIT 20`,
      [holder.customerId],
    ),
    pool.query<{ name: string | null; phone: string | null; email: string | null }>(
      'SELECT name, phone, email FROM customers WHERE id = $1',
      [holder.customerId],
    ),
  ]);
  return {
    owner: owner.rows[0] ?? { name: null, phone: null, email: null },
    dogs: dogs.rows.map((d) => ({
      _id: d.id,
      name: d.name,
      breedId: d.breed_id,
      breedName: d.breed_name,
      weightKg: Number(d.weight_kg),
      coat: d.coat,
      notes: d.notes,
      nervous: d.nervous,
    })),
  };
}
