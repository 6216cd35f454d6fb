import { describe, expect, it } from 'vitest';
import handler from '../../netlify/functions/booking-types.ts';
import services from '../../content/services.json' with { type: 'json' };
import { BookingTypesResponseSchema } from '../../src/domain/booking-types.ts';
import { query } from '../../src/server/db.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

useTestDatabase({ seed: true });

const descriptions = async () => {
  const res = await handler(new Request('http://localhost/v1.0.1/cms/booking-types'));
  expect(res.status).toBe(200);
  return Object.fromEntries(BookingTypesResponseSchema.parse(await res.json()).map((t) => [t._id, t.description]));
};

describe('GET /v1.0.1/cms/booking-types sanitises descriptions on the way out', () => {
  it('leaves the seeded descriptions as they are (they use only allowed tags)', async () => {
    const out = await descriptions();
    for (const s of services) expect(out[s._id]).toBe(s.description);
  });

  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<p>Hi<img src=x onerror="alert(1)"></p>', '<p>Hi</p>'],
    ['<p onclick="alert(1)">Hi</p>', '<p>Hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<a href="https://example.com/" target="_blank" style="color:red">x</a>', '<a href="https://example.com/">x</a>'],
    [
      '<a href="tel:+442000000000">call</a> <a href="mailto:a@b.c">mail</a>',
      '<a href="tel:+442000000000">call</a> <a href="mailto:a@b.c">mail</a>',
    ],
    [
      '<style>p{}</style><iframe src="https://x"></iframe><svg onload=alert(1)></svg><ul><li><strong>a</strong><em>b</em><br></li></ul>',
      '<ul><li><strong>a</strong><em>b</em><br /></li></ul>',
    ],
    ['<ol><li>one</li></ol><h1>big</h1>', '<ol><li>one</li></ol>big'],
  ])('stored %s comes out as %s', async (stored, expected) => {
    await query(`UPDATE booking_types SET description = $1 WHERE id = 'full'`, [stored]);
    const out = (await descriptions()).full!;
    expect(out).toBe(expected);
    expect(out).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg|<style/i);
  });
});
