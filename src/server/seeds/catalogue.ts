import services from '../../../content/services.json' with { type: 'json' };
import breeds from '../../../content/breeds.json' with { type: 'json' };
import type { Seeder } from './types.ts';

/** The price list and the breeds from `content/`, on empty tables only. */
export const seedCatalogue: Seeder = async (tx) => {
  const seeded: string[] = [];
  const {
    rows: [types],
  } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM booking_types');
  if (types?.n === 0) {
    for (const s of services) {
      await tx.query(
        `INSERT INTO booking_types (id, title, kind, price_pence, duration_min, description, display_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [s._id, s.title, s.kind, s.price, s.duration, s.description, s.display_order],
      );
    }
    seeded.push(`${services.length} services`);
  }
  const {
    rows: [breedCount],
  } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM breeds');
  if (breedCount?.n === 0) {
    for (const b of breeds) {
      await tx.query('INSERT INTO breeds (id, name, image_url, is_fallback) VALUES ($1, $2, $3, $4)', [
        b._id,
        b.name,
        b.image_url_s3,
        'fallback' in b && b.fallback === true,
      ]);
    }
    seeded.push(`${breeds.length} breeds`);
  }
  return { seeded };
};
