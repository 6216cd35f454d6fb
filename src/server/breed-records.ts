import { breedIdFor, type BreedChange, type BreedInput, type StaffBreed } from '../domain/breed-records.ts';
import { FALLBACK_BREED_ID } from '../domain/breeds.ts';
import type { Size } from '../domain/catalogue.ts';
import { breedEstimate } from '../domain/pricing.ts';
import { audit } from './audit.ts';
import { deleteBreedImage, imageUrlFor, storeBreedImage } from './breed-images.ts';
import { db, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import type { StaffMember } from './staff.ts';

/**
 * The breeds screen (/management/cms/breeds): every breed with its usual figures, the pictures in
 * Netlify Blobs, and the fixed 'None/Other' item, which is never removed or renamed (contract §3).
 * The public list (GET /v1.0.1/breeds) and the quote read the same table, so a change shows at once.
 */
interface BreedRow {
  id: string;
  name: string;
  image_url: string | null;
  image_key: string | null;
  is_fallback: boolean;
  usual_duration_min: number | null;
  price_from_pence: number | null;
  price_to_pence: number | null;
  usual_size: Size | null;
  groom_interval_weeks: number | null;
  dogs: number;
}

const COLUMNS = `b.id, b.name, b.image_url, b.image_key, b.is_fallback, b.usual_duration_min, b.price_from_pence, b.price_to_pence, b.usual_size, b.groom_interval_weeks,
  (SELECT count(*)::int FROM dogs d WHERE d.breed_id = b.id) AS dogs`;

function breedOf(r: BreedRow): StaffBreed {
  const band = {
    usualDurationMin: r.usual_duration_min,
    priceFromPence: r.price_from_pence,
    priceToPence: r.price_to_pence,
  };
  return {
    _id: r.id,
    name: r.name,
    image_url_s3: r.image_url,
    fallback: r.is_fallback,
    ...band,
    usualSize: r.usual_size,
    groomIntervalWeeks: r.groom_interval_weeks,
    estimate: breedEstimate(band),
    dogs: r.dogs,
  };
}

/** Every breed by name, the fallback last (as the public list orders them). */
export async function listStaffBreeds(tx: Tx = db()): Promise<StaffBreed[]> {
  const { rows } = await tx.query<BreedRow>(`SELECT ${COLUMNS} FROM breeds b ORDER BY b.is_fallback, lower(b.name)`);
  return rows.map(breedOf);
}

async function lockedBreed(tx: Tx, id: string): Promise<BreedRow> {
  const {
    rows: [row],
  } = await tx.query<BreedRow>(`SELECT ${COLUMNS} FROM breeds b WHERE b.id = $1 FOR UPDATE OF b`, [id]);
  if (!row) throw new HttpError(404, 'There is no such breed.', { code: 'not_found' });
  return row;
}

async function breedById(tx: Tx, id: string): Promise<StaffBreed> {
  const {
    rows: [row],
  } = await tx.query<BreedRow>(`SELECT ${COLUMNS} FROM breeds b WHERE b.id = $1`, [id]);
  return breedOf(row!);
}

async function assertNameFree(tx: Tx, name: string, except: string | null): Promise<void> {
  const {
    rows: [clash],
  } = await tx.query<{ id: string; name: string }>(
    'SELECT id, name FROM breeds WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2',
    [name, except],
  );
  if (clash)
    throw new HttpError(409, `“${clash.name}” is already in the list.`, { code: 'duplicate', breedId: clash.id });
}

const audited = (b: StaffBreed) => ({
  name: b.name,
  usualDurationMin: b.usualDurationMin,
  priceFromPence: b.priceFromPence,
  priceToPence: b.priceToPence,
  usualSize: b.usualSize,
  groomIntervalWeeks: b.groomIntervalWeeks,
  image: b.image_url_s3,
});

export async function createBreed(staff: StaffMember, input: BreedInput, now = new Date()): Promise<StaffBreed> {
  return transaction(async (tx) => {
    await assertNameFree(tx, input.name, null);
    const base = breedIdFor(input.name);
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM breeds WHERE id = $1 OR id LIKE $2', [
      base,
      `${base}-%`,
    ]);
    const taken = new Set(rows.map((r) => r.id));
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    await tx.query(
      `INSERT INTO breeds (id, name, usual_duration_min, price_from_pence, price_to_pence, usual_size, groom_interval_weeks, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $8, $7, $7)`,
      [
        id,
        input.name,
        input.usualDurationMin,
        input.priceFromPence,
        input.priceToPence,
        input.usualSize ?? null,
        now,
        input.groomIntervalWeeks ?? null,
      ],
    );
    const breed = await breedById(tx, id);
    await audit(tx, staff, 'breed.create', 'breed', id, { after: audited(breed) });
    return breed;
  });
}

export async function updateBreed(
  staff: StaffMember,
  id: string,
  change: BreedChange,
  now = new Date(),
): Promise<StaffBreed> {
  return transaction(async (tx) => {
    const row = await lockedBreed(tx, id);
    if (row.is_fallback && change.name !== undefined && change.name !== row.name) {
      throw new HttpError(409, `“${row.name}” is the fixed choice for every other breed: its name stays.`, {
        code: 'fixed',
      });
    }
    if (change.name !== undefined) await assertNameFree(tx, change.name, id);
    const before = breedOf(row);
    const band = 'priceFromPence' in change;
    await tx.query(
      `UPDATE breeds SET name = COALESCE($2, name),
              usual_duration_min = CASE WHEN $3 THEN $4 ELSE usual_duration_min END,
              price_from_pence = CASE WHEN $5 THEN $6 ELSE price_from_pence END,
              price_to_pence = CASE WHEN $5 THEN $7 ELSE price_to_pence END, updated_at = $8,
              usual_size = CASE WHEN $9 THEN $10 ELSE usual_size END,
              groom_interval_weeks = CASE WHEN $11 THEN $12 ELSE groom_interval_weeks END
        WHERE id = $1`,
      [
        id,
        change.name ?? null,
        'usualDurationMin' in change,
        change.usualDurationMin ?? null,
        band,
        change.priceFromPence ?? null,
        change.priceToPence ?? null,
        now,
        change.usualSize !== undefined,
        change.usualSize ?? null,
        change.groomIntervalWeeks !== undefined,
        change.groomIntervalWeeks ?? null,
      ],
    );
    const after = await breedById(tx, id);
    await audit(tx, staff, 'breed.update', 'breed', id, { before: audited(before), after: audited(after) });
    return after;
  });
}

/** Removes a breed; its dogs become `replacementId` (the 'None/Other' item by default). */
export async function removeBreed(
  staff: StaffMember,
  id: string,
  replacementId: string | undefined,
): Promise<{ removed: string; dogsMoved: number; movedTo: string }> {
  const outcome = await transaction(async (tx) => {
    const row = await lockedBreed(tx, id);
    if (row.is_fallback)
      throw new HttpError(409, `“${row.name}” is the fixed choice for every other breed and cannot be removed.`, {
        code: 'fixed',
      });
    const movedTo = replacementId ?? FALLBACK_BREED_ID;
    if (movedTo === id) throw new HttpError(400, 'Choose another breed for its dogs.', { code: 'invalid' });
    const {
      rows: [target],
    } = await tx.query('SELECT id FROM breeds WHERE id = $1', [movedTo]);
    if (!target) throw new HttpError(404, 'The breed to move its dogs to does not exist.', { code: 'not_found' });
    const moved = await tx.query('UPDATE dogs SET breed_id = $2, updated_at = now() WHERE breed_id = $1', [
      id,
      movedTo,
    ]);
    await tx.query('DELETE FROM breeds WHERE id = $1', [id]);
    await audit(tx, staff, 'breed.remove', 'breed', id, {
      before: audited(breedOf(row)),
      after: { dogsMovedTo: movedTo, dogsMoved: moved.rowCount ?? 0 },
    });
    return { removed: id, dogsMoved: moved.rowCount ?? 0, movedTo, oldImage: row.image_key };
  });
  if (outcome.oldImage) await deleteUnusedImage(outcome.oldImage);
  return { removed: outcome.removed, dogsMoved: outcome.dogsMoved, movedTo: outcome.movedTo };
}

/**
 * A new picture for a breed. It is stored before the row points at it (a failure afterwards leaves
 * an unused blob, never a breed without its picture), and the old one goes once nothing uses it.
 */
export async function setBreedImage(
  staff: StaffMember,
  id: string,
  base64: string,
  now = new Date(),
): Promise<StaffBreed> {
  await transaction((tx) => lockedBreed(tx, id)); // 404 before the work of decoding
  const image = await storeBreedImage(base64);
  const { breed, oldImage } = await transaction(async (tx) => {
    const row = await lockedBreed(tx, id);
    await tx.query('UPDATE breeds SET image_key = $2, image_url = $3, updated_at = $4 WHERE id = $1', [
      id,
      image.key,
      imageUrlFor(image.key),
      now,
    ]);
    const after = await breedById(tx, id);
    await audit(tx, staff, 'breed.image', 'breed', id, {
      before: { image: row.image_url },
      after: { image: after.image_url_s3, width: image.width, height: image.height, bytes: image.bytes },
    });
    return { breed: after, oldImage: row.image_key };
  });
  if (oldImage && oldImage !== image.key) await deleteUnusedImage(oldImage);
  return breed;
}

export async function removeBreedImage(staff: StaffMember, id: string, now = new Date()): Promise<StaffBreed> {
  const { breed, oldImage } = await transaction(async (tx) => {
    const row = await lockedBreed(tx, id);
    await tx.query('UPDATE breeds SET image_key = NULL, image_url = NULL, updated_at = $2 WHERE id = $1', [id, now]);
    await audit(tx, staff, 'breed.image', 'breed', id, { before: { image: row.image_url }, after: { image: null } });
    return { breed: await breedById(tx, id), oldImage: row.image_key };
  });
  if (oldImage) await deleteUnusedImage(oldImage);
  return breed;
}

async function deleteUnusedImage(key: string): Promise<void> {
  const {
    rows: [used],
  } = await db().query('SELECT 1 FROM breeds WHERE image_key = $1 LIMIT 1', [key]);
  if (!used) await deleteBreedImage(key);
}
