import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as breedImagesModule from '../../netlify/functions/breed-images.ts';
import breedsPublic from '../../netlify/functions/breeds.ts';
import * as breeds from '../../netlify/functions/management-breeds.ts';
import quoteHandler from '../../netlify/functions/quote.ts';
import { MAX_BREED_IMAGE_BYTES, StaffBreedsResponseSchema } from '../../src/domain/breed-records.ts';
import { QuoteResponseSchema } from '../../src/domain/booking-schemas.ts';
import { query } from '../../src/server/db.ts';
import { useTestBlobs } from '../helpers/blobs.ts';
import { auditSince, call, insertBooking, lastAuditId, staffMember, type Handler } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const breedImages = routed(breedImagesModule);
const breedsHandler = routed(breeds);

/**
 * The breeds screen's endpoints: the list with each breed's figures, adding, changing and removing
 * (the 'None/Other' item stays), pictures through Netlify Blobs (a local Blobs server here), the
 * resized picture function, and the quote that then says what a breed usually takes.
 */
useTestDatabase({ seed: true });
const blobs = useTestBlobs();

const handler = breedsHandler as Handler;
let key: string;
beforeAll(async () => {
  ({ key } = await staffMember('Breeds Tester'));
});

const b64 = (bytes: Buffer) => bytes.toString('base64');
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c08040' } })
    .png()
    .toBuffer();
const snapshot = async () =>
  JSON.stringify(
    await query(`SELECT (SELECT json_agg(b ORDER BY id) FROM (SELECT id, name, image_key, usual_duration_min, price_from_pence, price_to_pence FROM breeds) b) AS b,
  (SELECT json_agg(d ORDER BY id) FROM (SELECT id, breed_id FROM dogs) d) AS d, (SELECT count(*) FROM audit_log) AS a`),
  );
const quote = async (q: string) =>
  QuoteResponseSchema.parse(
    await (await (quoteHandler as Handler)(new Request(`http://localhost/v1.0.1/quote?${q}`))).json(),
  );
const image = (path: string) => (breedImages as Handler)(new Request(`http://localhost${path}`));

describe('the list', () => {
  it('has every breed with its figures and dogs on record, the fixed None/Other item last', async () => {
    await insertBooking({ start: new Date('2026-01-10T10:00:00Z'), dog: { breedId: 'beagle' } });
    const res = await call(handler, 'GET', '/v1.0.1/management/breeds', { key });
    expect(res.status).toBe(200);
    const { breeds } = StaffBreedsResponseSchema.parse(res.body);
    expect(breeds.at(-1)).toMatchObject({ _id: 'none-other', fallback: true });
    expect(breeds.find((b) => b._id === 'beagle')).toMatchObject({ dogs: 1, estimate: null, usualDurationMin: null });
  });
});

describe('adding and changing', () => {
  it('adds a breed with a readable id, its figures, and an audit row; the public list and the quote have it at once', async () => {
    const since = await lastAuditId();
    const res = await call(handler, 'POST', '/v1.0.1/management/breeds', {
      key,
      body: { name: 'Sprocker', usualDurationMin: 90, priceFromPence: 5500, priceToPence: 7000 },
    });
    expect(res.status).toBe(201);
    expect(res.body.breed).toMatchObject({
      _id: 'sprocker',
      estimate: 'usually 1 h 30, £55–£70',
      fallback: false,
      dogs: 0,
    });
    const publicList = (await (
      await (breedsPublic as Handler)(new Request('http://localhost/v1.0.1/breeds'))
    ).json()) as { _id: string }[];
    expect(publicList.map((b) => b._id)).toContain('sprocker');
    const full = await quote('service=full&weightKg=9&breed=sprocker');
    expect(full.breed).toEqual({
      id: 'sprocker',
      name: 'Sprocker',
      usualDurationMin: 90,
      priceFromPence: 5500,
      priceToPence: 7000,
      estimate: 'usually 1 h 30, £55–£70',
    });
    // The booked price stays the service's "from" price.
    expect(full.quote.totalFromPence).toBe(4500);
    expect((await quote('service=nails&breed=sprocker')).breed).toBeNull();
    expect((await quote('service=full&breed=no-such-breed')).breed).toBeNull();
    expect((await quote('service=full')).breed).toBeUndefined();
    expect((await auditSince(since)).map((r) => [r.action, r.entity_id, r.after?.priceToPence])).toEqual([
      ['breed.create', 'sprocker', 7000],
    ]);
  });

  it.each([
    ['a name already in the list, in other letters', { name: 'BEAGLE' }, 409],
    [
      'a band that ends below its start',
      { name: 'Puggle', usualDurationMin: null, priceFromPence: 7000, priceToPence: 5500 },
      400,
    ],
    ['one end of a band', { name: 'Puggle', usualDurationMin: null, priceFromPence: 7000, priceToPence: null }, 400],
    ['pounds for pence', { name: 'Puggle', usualDurationMin: null, priceFromPence: 55.5, priceToPence: 70 }, 400],
    ['a 2-minute groom', { name: 'Puggle', usualDurationMin: 2, priceFromPence: null, priceToPence: null }, 400],
    ['no name', { name: ' ', usualDurationMin: null, priceFromPence: null, priceToPence: null }, 400],
    [
      'an unknown field',
      { name: 'Puggle', usualDurationMin: null, priceFromPence: null, priceToPence: null, image: 'x' },
      400,
    ],
  ])('refuses %s and writes nothing', async (_name, body, status) => {
    const before = await snapshot();
    const res = await call(handler, 'POST', '/v1.0.1/management/breeds', {
      key,
      body: { usualDurationMin: null, priceFromPence: null, priceToPence: null, ...body },
    });
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
    expect(await snapshot()).toBe(before);
  });

  it("changes figures without touching the name; renaming to another breed's name is refused", async () => {
    const res = await call(handler, 'POST', '/v1.0.1/management/breeds/sprocker', {
      key,
      body: { usualDurationMin: 105 },
    });
    expect(res.status).toBe(200);
    expect(res.body.breed).toMatchObject({
      name: 'Sprocker',
      usualDurationMin: 105,
      priceFromPence: 5500,
      estimate: 'usually 1 h 45, £55–£70',
    });
    expect(
      (await call(handler, 'POST', '/v1.0.1/management/breeds/sprocker', { key, body: { name: 'Beagle' } })).status,
    ).toBe(409);
    expect(
      (await call(handler, 'POST', '/v1.0.1/management/breeds/sprocker', { key, body: { priceFromPence: 5000 } }))
        .status,
    ).toBe(400);
  });

  it('keeps the usual weeks between grooms that rebooking offers (decision 085), audited, 4 to 12', async () => {
    const since = await lastAuditId();
    const res = await call(handler, 'POST', '/v1.0.1/management/breeds/sprocker', {
      key,
      body: { groomIntervalWeeks: 7 },
    });
    expect(res.status).toBe(200);
    expect(res.body.breed).toMatchObject({ name: 'Sprocker', usualDurationMin: 105, groomIntervalWeeks: 7 });
    const [row] = await query<{ weeks: number }>(
      "SELECT groom_interval_weeks AS weeks FROM breeds WHERE id = 'sprocker'",
    );
    expect(row!.weeks).toBe(7);
    const [audited] = await auditSince(since);
    expect(audited).toMatchObject({
      action: 'breed.update',
      before: { groomIntervalWeeks: null },
      after: { groomIntervalWeeks: 7 },
    });
    for (const weeks of [3, 13, 6.5, '6'])
      expect(
        (
          await call(handler, 'POST', '/v1.0.1/management/breeds/sprocker', {
            key,
            body: { groomIntervalWeeks: weeks },
          })
        ).status,
      ).toBe(400);
    const cleared = await call(handler, 'POST', '/v1.0.1/management/breeds/sprocker', {
      key,
      body: { groomIntervalWeeks: null },
    });
    expect(cleared.body.breed).toMatchObject({ groomIntervalWeeks: null, usualDurationMin: 105 });
  });

  it("keeps the None/Other item's name, but lets its figures change", async () => {
    const renamed = await call(handler, 'POST', '/v1.0.1/management/breeds/none-other', {
      key,
      body: { name: 'Mixed' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe('fixed');
    expect(
      (await call(handler, 'POST', '/v1.0.1/management/breeds/none-other', { key, body: { usualDurationMin: 120 } }))
        .status,
    ).toBe(200);
  });

  it('answers 404 for a breed that does not exist and 400 for an id that cannot be one', async () => {
    expect(
      (await call(handler, 'POST', '/v1.0.1/management/breeds/no-such', { key, body: { usualDurationMin: 60 } }))
        .status,
    ).toBe(404);
    expect(
      (await call(handler, 'POST', '/v1.0.1/management/breeds/No%20Such', { key, body: { usualDurationMin: 60 } }))
        .status,
    ).toBe(400);
  });
});

describe('removing', () => {
  it('never removes the None/Other item', async () => {
    const before = await snapshot();
    const res = await call(handler, 'POST', '/v1.0.1/management/breeds/none-other/remove', { key, body: {} });
    expect(res.status).toBe(409);
    expect(await snapshot()).toBe(before);
  });

  it('moves the dogs of a removed breed to None/Other, or to the breed staff choose', async () => {
    const { dogId } = await insertBooking({ start: new Date('2026-01-11T10:00:00Z'), dog: { breedId: 'akita' } });
    const since = await lastAuditId();
    const moved = await call(handler, 'POST', '/v1.0.1/management/breeds/akita/remove', {
      key,
      body: { replacementId: 'sprocker' },
    });
    expect(moved.body).toEqual({ removed: 'akita', dogsMoved: 1, movedTo: 'sprocker' });
    expect(await query('SELECT breed_id FROM dogs WHERE id = $1', [dogId])).toEqual([{ breed_id: 'sprocker' }]);
    const byDefault = await call(handler, 'POST', '/v1.0.1/management/breeds/sprocker/remove', { key, body: {} });
    expect(byDefault.body).toEqual({ removed: 'sprocker', dogsMoved: 1, movedTo: 'none-other' });
    expect((await auditSince(since)).map((r) => [r.action, r.entity_id, r.after])).toEqual([
      ['breed.remove', 'akita', { dogsMoved: 1, dogsMovedTo: 'sprocker' }],
      ['breed.remove', 'sprocker', { dogsMoved: 1, dogsMovedTo: 'none-other' }],
    ]);
  });

  it.each([
    ['to itself', 'beagle', { replacementId: 'beagle' }, 400],
    ['to a breed that does not exist', 'beagle', { replacementId: 'no-such' }, 404],
    ['a breed that does not exist', 'no-such', {}, 404],
    ['with something else in the body', 'beagle', { replacementId: 'none-other', force: true }, 400],
  ])('refuses removing %s', async (_name, id, body, status) => {
    const before = await snapshot();
    expect((await call(handler, 'POST', `/v1.0.1/management/breeds/${id}/remove`, { key, body })).status).toBe(status);
    expect(await snapshot()).toBe(before);
  });
});

describe('pictures', () => {
  it("re-encodes an upload to WebP without its metadata, serves it resized with a year's caching, and replaces it", async () => {
    const photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Someone', ImageDescription: 'GPS secrets' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await call(handler, 'POST', '/v1.0.1/management/breeds/beagle/image', {
      key,
      body: { image: b64(photo) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.breed.image_url_s3;
    expect(url).toMatch(/^\/v1\.0\.1\/breed-images\/[0-9a-f]{64}\.webp$/);
    const served = await image(`${url}?w=96`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 96, height: 64 });
    expect(meta.exif).toBeUndefined();
    const stored = await sharp(Buffer.from(await (await image(`${url}?w=640`)).arrayBuffer())).metadata();
    expect(stored.width).toBe(640);
    const publicList = (await (
      await (breedsPublic as Handler)(new Request('http://localhost/v1.0.1/breeds'))
    ).json()) as { _id: string; image_url_s3: string | null }[];
    expect(publicList.find((b) => b._id === 'beagle')?.image_url_s3).toBe(url);

    const replaced = await call(handler, 'POST', '/v1.0.1/management/breeds/beagle/image', {
      key,
      body: { image: b64(await png(300, 300)) },
    });
    expect(replaced.body.breed.image_url_s3).not.toBe(url);
    expect((await image(url)).status).toBe(404); // the old picture went with nothing using it
    const removed = await call(handler, 'POST', '/v1.0.1/management/breeds/beagle/image/remove', { key, body: {} });
    expect(removed.body.breed.image_url_s3).toBeNull();
    expect((await image(replaced.body.breed.image_url_s3)).status).toBe(404);
    expect(blobs.requests.filter((r) => r.type === 'delete')).toHaveLength(2);
  });

  it.each([
    ['text', async () => Buffer.from('hello, this is not a picture')],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    [
      'a GIF',
      async () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
    ],
  ])('refuses %s with a 415', async (_name, bytes) => {
    const before = await snapshot();
    const res = await call(handler, 'POST', '/v1.0.1/management/breeds/beagle/image', {
      key,
      body: { image: b64(await bytes()) },
    });
    expect(res.status).toBe(415);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    [
      'a PNG signature on garbage',
      async () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
    ],
    ['a JPEG signature on a PNG', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), await png(10, 10)])],
    ['a picture of 100 million pixels in a few KB', async () => png(10_000, 10_000)],
  ])(
    'refuses %s with a 400',
    async (_name, bytes) => {
      const before = await snapshot();
      const res = await call(handler, 'POST', '/v1.0.1/management/breeds/beagle/image', {
        key,
        body: { image: b64(await bytes()) },
      });
      expect(res.status).toBe(400);
      expect(await snapshot()).toBe(before);
    },
    30_000,
  );

  it('refuses a file over 4 MB, and a body far over it before reading it all', async () => {
    const over = Buffer.alloc(MAX_BREED_IMAGE_BYTES + 3, 1);
    over.set([0xff, 0xd8, 0xff]);
    expect(
      (await call(handler, 'POST', '/v1.0.1/management/breeds/beagle/image', { key, body: { image: b64(over) } }))
        .status,
    ).toBe(400);
    const huge = await call(handler, 'POST', '/v1.0.1/management/breeds/beagle/image', {
      key,
      raw: `{"image":"${'A'.repeat(7_000_000)}"}`,
    });
    expect(huge.status).toBe(413);
  });

  it('answers 404 for an unknown picture or name, 400 for a width it does not make', async () => {
    expect((await image(`/v1.0.1/breed-images/${'a'.repeat(64)}.webp`)).status).toBe(404);
    expect((await image('/v1.0.1/breed-images/..%2Fsecrets.webp')).status).toBe(404);
    expect((await image(`/v1.0.1/breed-images/${'a'.repeat(64)}.webp?w=5000`)).status).toBe(400);
  });
});
