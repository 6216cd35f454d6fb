import { db, transaction, type Tx } from './db.ts';
import { visitPhotos } from './visit-photo-store.ts';

/**
 * Visit photos are kept for the period the privacy notice states, and go with an erased customer
 * (issue 22, docs/decisions/095). A photo is a blob in the 'visit-photos' store named by its SHA-256,
 * so two rows may name one blob (the same picture sent twice): a blob is deleted only when no row
 * names it any more.
 *
 * Clearing a key and deleting its blob cannot share a transaction, so the key is written to
 * `photo_blobs_to_delete` in the transaction that clears it; the blob is deleted after the commit,
 * and the entry removed once that has gone through. A deletion that fails stays listed, and the next
 * retention run tries again. (A sweep of the whole store for unnamed blobs was the other way: it
 * would also take a photo uploaded but not yet named by its check-in, and lists every blob daily.)
 */

/**
 * Every column that names a blob in the 'visit-photos' store. Each table has `booking_id`: the visit
 * the photo is of, whose start the period counts from. A new photo column is one line here (with an
 * index on it where the column is not null, for "still named?").
 */
export const PHOTO_COLUMNS: readonly { table: string; column: string }[] = [
  { table: 'check_ins', column: 'photo_key' },
  { table: 'report_cards', column: 'after_photo_key' },
];

/**
 * Clears, in `tx`, the photo keys of rows matching `where` (SQL on the rows `x` and their bookings `b`,
 * its parameters from $2 on), at most `limit` rows of each table, and lists their blobs for deletion. Returns the keys listed.
 */
async function clearKeys(
  tx: Tx,
  where: string,
  params: unknown[],
  limit: number | null,
  now: Date,
): Promise<{ rows: number; keys: string[] }> {
  let rows = 0;
  const keys = new Set<string>();
  for (const { table, column } of PHOTO_COLUMNS) {
    // Locked first (a row a writer holds is skipped and waits for the next run), then cleared by address.
    const { rows: found } = await tx.query<{ at: string; key: string }>(
      `SELECT x.ctid::text AS at, x.${column} AS key FROM ${table} x JOIN bookings b ON b.id = x.booking_id
        WHERE x.${column} IS NOT NULL AND (${where}) LIMIT $1 FOR UPDATE OF x SKIP LOCKED`,
      [limit, ...params],
    );
    if (found.length === 0) continue;
    await tx.query(`UPDATE ${table} SET ${column} = NULL WHERE ctid = ANY ($1::tid[])`, [found.map((f) => f.at)]);
    rows += found.length;
    for (const f of found) keys.add(f.key);
  }
  if (keys.size > 0)
    await tx.query(
      `INSERT INTO photo_blobs_to_delete (photo_key, since) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING`,
      [[...keys], now],
    );
  return { rows, keys: [...keys] };
}

/** One batch of the retention job: photos of visits that started before `cutoff`. */
export async function clearExpiredPhotoKeys(cutoff: Date, limit: number, now: Date): Promise<number> {
  return transaction(async (tx) => (await clearKeys(tx, 'b.start_at < $2', [cutoff], limit, now)).rows);
}

/** In an erasure's transaction: every photo of the customer's visits. Returns the keys to delete after it commits. */
export async function clearCustomerPhotoKeys(tx: Tx, customerId: string, now: Date): Promise<string[]> {
  return (await clearKeys(tx, 'b.customer_id = $2', [customerId], null, now)).keys;
}

function stillNamedSql(): string {
  return PHOTO_COLUMNS.map(({ table, column }) => `EXISTS (SELECT 1 FROM ${table} WHERE ${column} = $1)`).join(' OR ');
}

export interface BlobDeletions {
  deleted: number;
  /** Still named by another row: left in the store, and off the list (that row lists it when it goes). */
  kept: number;
  failed: number;
}

/**
 * Deletes listed blobs that no row names (all listed, or only `keys`), at most `limit`. Never inside a
 * transaction: a blob store call is not undone by a rollback. Failures are logged and stay listed.
 */
export async function deleteListedPhotoBlobs(
  options: { keys?: readonly string[]; limit?: number } = {},
): Promise<BlobDeletions> {
  const { keys, limit = 500 } = options;
  const { rows } = await db().query<{ photo_key: string }>(
    `SELECT photo_key FROM photo_blobs_to_delete WHERE $1::text[] IS NULL OR photo_key = ANY ($1) ORDER BY since LIMIT $2`,
    [keys ? [...keys] : null, limit],
  );
  const done: BlobDeletions = { deleted: 0, kept: 0, failed: 0 };
  for (const { photo_key: key } of rows) {
    const {
      rows: [named],
    } = await db().query<{ named: boolean }>(`SELECT ${stillNamedSql()} AS named`, [key]);
    if (!named!.named) {
      try {
        await visitPhotos().delete(key);
      } catch (error) {
        console.warn(`photo-keeping: could not delete blob ${key}, the next retention run tries again`, error);
        done.failed++;
        continue;
      }
    }
    await db().query('DELETE FROM photo_blobs_to_delete WHERE photo_key = $1', [key]);
    if (named!.named) done.kept++;
    else done.deleted++;
  }
  return done;
}
