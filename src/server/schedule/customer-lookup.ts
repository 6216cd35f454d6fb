import type { Coat } from '../../domain/booking-schemas.ts';
import { customerSearchFor } from '../../domain/customer-search.ts';
import { MAX_LOOKUP_RESULTS, type CustomerLookupResponse } from '../../domain/schedule.ts';
import { VISIT } from '../customer-records.ts';
import { findCustomers } from '../customer-search.ts';
import { db, type Tx } from '../db.ts';

/**
 * The caller on the phone, found for a booking by the one search Customers uses
 * (src/domain/customer-search.ts): any word of their name or of a dog's name, their number however
 * it is typed or by its last digits, their e-mail address. A handful, alphabetically, each with
 * their dogs and last visit. Several records may share a number until one proves it
 * (docs/decisions/050); each is shown, the proved one marked. Text with nothing to match finds nobody.
 */
export async function lookupCustomers(q: string, tx: Tx = db(), now = new Date()): Promise<CustomerLookupResponse> {
  const search = customerSearchFor(q);
  if (search.groups.length === 0) return { customers: [] };
  const customers = await findCustomers(search, { limit: MAX_LOOKUP_RESULTS }, tx);
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
      // A visit as the customer's record counts one (not one still to come, not a no-show).
      `SELECT customer_id, max(start_at) AS last FROM bookings b WHERE customer_id = ANY($1) AND ${VISIT('b', '$2')} GROUP BY customer_id`,
      [ids, now],
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
