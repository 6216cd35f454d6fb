import type { Coat } from '../../domain/booking-schemas.ts';
import { normaliseUkMobile } from '../../domain/phone.ts';
import { MAX_LOOKUP_RESULTS, type CustomerLookupResponse } from '../../domain/schedule.ts';
import { db, type Tx } from '../db.ts';

/**
 * The caller on the phone, found for a booking: by their mobile number (exactly, however it is
 * typed), or by the start of their name or of a dog's name, case-insensitively. At most a handful,
 * alphabetically, each with their dogs and last visit. Several records may share a number until one
 * proves it (docs/decisions/050); each is shown, the proved one marked.
 */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function lookupCustomers(q: string, tx: Tx = db()): Promise<CustomerLookupResponse> {
  const phone = normaliseUkMobile(q);
  const { rows: customers } = phone
    ? await tx.query<{
        id: string;
        name: string | null;
        phone: string | null;
        email: string | null;
        verified: boolean;
      }>(
        `SELECT id, name, phone, email, phone_verified_at IS NOT NULL AS verified FROM customers
        WHERE phone = $1 ORDER BY phone_verified_at IS NULL, lower(name), id LIMIT $2`,
        [phone, MAX_LOOKUP_RESULTS],
      )
    : // Each arm reads its own prefix index in order and stops early; their union is sorted once.
      await tx.query<{
        id: string;
        name: string | null;
        phone: string | null;
        email: string | null;
        verified: boolean;
      }>(
        `SELECT id, name, phone, email, verified FROM (
         (SELECT c.id, c.name, c.phone, c.email, c.phone_verified_at IS NOT NULL AS verified FROM customers c
           WHERE lower(c.name) LIKE $1 ORDER BY lower(c.name) LIMIT $2)
         UNION
         (SELECT c.id, c.name, c.phone, c.email, c.phone_verified_at IS NOT NULL FROM dogs d JOIN customers c ON c.id = d.customer_id
           WHERE lower(d.name) LIKE $1 ORDER BY lower(d.name) LIMIT $2)
       ) found ORDER BY lower(name), id LIMIT $2`,
        [`${escapeLike(q.trim().toLowerCase())}%`, MAX_LOOKUP_RESULTS],
      );
  if (customers.length === 0) return { customers: [] };
  const ids = customers.map((c) => c.id);
  const [{ rows: dogs }, { rows: visits }] = [
    await tx.query<{
      id: string;
      customer_id: string;
      name: string;
      breed_id: string;
      breed: string;
      weight_kg: number;
      coat: Coat;
      notes: string;
      nervous: boolean;
    }>(
      `SELECT d.id, d.customer_id, d.name, d.breed_id, br.name AS breed, d.weight_kg::float8 AS weight_kg, d.coat, d.notes, d.nervous
         FROM dogs d JOIN breeds br ON br.id = d.breed_id WHERE d.customer_id = ANY($1) ORDER BY d.updated_at DESC, d.id`,
      [ids],
    ),
    await tx.query<{ customer_id: string; last: Date }>(
      `SELECT customer_id, max(start_at) AS last FROM bookings WHERE customer_id = ANY($1) AND status = 'confirmed' GROUP BY customer_id`,
      [ids],
    ),
  ];
  const lastVisit = new Map(visits.map((v) => [v.customer_id, v.last.toISOString()]));
  return {
    customers: customers.map((c) => ({
      id: c.id,
      name: c.name ?? '',
      phone: c.phone,
      email: c.email ?? '',
      verified: c.verified,
      dogs: dogs
        .filter((d) => d.customer_id === c.id)
        .map((d) => ({
          id: d.id,
          name: d.name,
          breedId: d.breed_id,
          breed: d.breed,
          weightKg: d.weight_kg,
          coat: d.coat,
          notes: d.notes,
          nervous: d.nervous,
        })),
      lastVisit: lastVisit.get(c.id) ?? null,
    })),
  };
}
