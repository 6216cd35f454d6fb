import { describe, expect, it } from 'vitest';
import handler from '../../netlify/functions/booking-types.ts';
import services from '../../content/services.json' with { type: 'json' };
import { BookingTypesResponseSchema } from '../../src/domain/booking-types.ts';
import { query } from '../../src/server/db.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

useTestDatabase({ seed: true });

const call = (init: RequestInit = {}) => handler(new Request('http://localhost/v1.0.1/cms/booking-types', init));

describe('GET /v1.0.1/cms/booking-types', () => {
  it('answers the seeded services with the spec fields, in display order', async () => {
    const res = await call();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = BookingTypesResponseSchema.parse(await res.json());
    expect(body).toHaveLength(services.length);
    // The spec's fields, and each service's sizes (decision 080).
    expect(Object.keys(body[0]!).sort()).toEqual([
      '_id',
      'description',
      'display_order',
      'duration',
      'price',
      'sizes',
      'title',
    ]);
    const orders = body.map((t) => t.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const full = body.find((t) => t._id === 'full');
    expect(full).toMatchObject({ title: 'Full Groom', price: 4500, duration: 120 });
    expect(full!.sizes).toEqual([
      { size: 'small', price: 4500, duration: 105, weights: 'up to 10 kg' },
      { size: 'medium', price: 5500, duration: 120, weights: 'over 10 kg, up to 25 kg' },
      { size: 'large', price: 7000, duration: 150, weights: 'over 25 kg' },
    ]);
    expect(body.find((t) => t._id === 'puppy')!.sizes).toEqual([]);
  });

  it("names each size's weights by the shop's own limits", async () => {
    await query(`UPDATE settings SET booking = jsonb_set(booking, '{sizeLimitsKg}', '{"small": 12.5, "medium": 30}')`);
    const body = BookingTypesResponseSchema.parse(await (await call()).json());
    expect(body.find((t) => t._id === 'shower')!.sizes!.map((z) => z.weights)).toEqual([
      'up to 12.5 kg',
      'over 12.5 kg, up to 30 kg',
      'over 30 kg',
    ]);
  });

  it('follows the database: a new display order and a withdrawn service show at once', async () => {
    await query(`UPDATE booking_types SET display_order = -1 WHERE id = 'nails'`);
    await query(`UPDATE booking_types SET active = false WHERE id = 'tidy'`);
    const body = BookingTypesResponseSchema.parse(await (await call()).json());
    expect(body[0]!._id).toBe('nails');
    expect(body.map((t) => t._id)).not.toContain('tidy');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('refuses %s with a JSON 405', async (method) => {
    const res = await call({ method, body: method === 'DELETE' ? null : '{}' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: `Method ${method} not allowed` });
  });
});
