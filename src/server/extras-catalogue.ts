import { extraIdFor, type ExtraChange, type ExtraInput, type StaffExtra } from '../domain/extras-catalogue.ts';
import { audit } from './audit.ts';
import { db, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import type { StaffMember } from './staff.ts';

/**
 * The extras catalogue as staff change it on the Settings screen. Each change is one transaction with
 * its audit row. The quote, the times offered and new bookings read the `extras` table live
 * (src/server/bookings/catalogue.ts), so a change shows at once; bookings already made keep what they
 * were priced with in booking_extras, so a new price or a retired extra never rewrites them.
 */

interface ExtraRow {
  id: string;
  title: string;
  description: string;
  price_pence: number;
  duration_min: number;
  only_with: string[];
  display_order: number;
  active: boolean;
  ahead: number;
}

const EXTRA_COLUMNS = `e.id, e.title, e.description, e.price_pence, e.duration_min, e.only_with, e.display_order, e.active,
  (SELECT count(*)::int FROM booking_extras x JOIN bookings b ON b.id = x.booking_id
    WHERE x.extra_id = e.id AND b.status IN ('pending_payment', 'confirmed') AND b.start_at >= $1) AS ahead`;

function extraOf(r: ExtraRow): StaffExtra {
  return {
    _id: r.id,
    title: r.title,
    description: r.description,
    price: r.price_pence,
    minutes: r.duration_min,
    only_with: r.only_with,
    display_order: r.display_order,
    active: r.active,
    bookingsAhead: r.ahead,
  };
}

/** Every extra, those on sale first, each in its order. */
export async function listStaffExtras(now = new Date()): Promise<StaffExtra[]> {
  const { rows } = await db().query<ExtraRow>(
    `SELECT ${EXTRA_COLUMNS} FROM extras e ORDER BY NOT e.active, e.display_order, e.title`,
    [now],
  );
  return rows.map(extraOf);
}

async function extraById(tx: Tx, id: string, now: Date): Promise<StaffExtra | null> {
  const { rows } = await tx.query<ExtraRow>(`SELECT ${EXTRA_COLUMNS} FROM extras e WHERE e.id = $2`, [now, id]);
  return rows[0] ? extraOf(rows[0]) : null;
}

/** Every service an extra is limited to must be one the shop has (sold or hidden); named when not. */
async function assertServicesExist(tx: Tx, ids: readonly string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM booking_types WHERE id = ANY ($1::text[])', [ids]);
  const known = new Set(rows.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length)
    throw new HttpError(400, `There is no service “${unknown[0]}”. Please tick services from the list.`, {
      code: 'invalid',
    });
}

async function freeExtraId(tx: Tx, title: string): Promise<string> {
  const base = extraIdFor(title);
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM extras WHERE id = $1 OR id LIKE $2', [
    base,
    `${base}-%`,
  ]);
  const taken = new Set(rows.map((r) => r.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const audited = ({ bookingsAhead: _ahead, _id: _key, ...extra }: StaffExtra) => extra;

export async function createExtra(staff: StaffMember, input: ExtraInput, now = new Date()): Promise<StaffExtra> {
  return transaction(async (tx) => {
    await assertServicesExist(tx, input.only_with);
    const id = await freeExtraId(tx, input.title);
    await tx.query(
      `INSERT INTO extras (id, title, description, price_pence, duration_min, only_with, display_order, active, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, $9)`,
      [
        id,
        input.title,
        input.description,
        input.price,
        input.minutes,
        input.only_with,
        input.display_order,
        input.active,
        now,
      ],
    );
    const extra = (await extraById(tx, id, now))!;
    await audit(tx, staff, 'extra.create', 'extra', id, { after: audited(extra) });
    return extra;
  });
}

export async function updateExtra(
  staff: StaffMember,
  id: string,
  change: ExtraChange,
  now = new Date(),
): Promise<StaffExtra> {
  return transaction(async (tx) => {
    const {
      rows: [locked],
    } = await tx.query('SELECT id FROM extras WHERE id = $1 FOR UPDATE', [id]);
    if (!locked) throw new HttpError(404, 'There is no such extra.', { code: 'not_found' });
    await assertServicesExist(tx, change.only_with);
    const before = (await extraById(tx, id, now))!;
    await tx.query(
      `UPDATE extras SET title = COALESCE($2, title), description = COALESCE($3, description),
              price_pence = COALESCE($4, price_pence), duration_min = COALESCE($5, duration_min),
              only_with = COALESCE($6::text[], only_with), display_order = COALESCE($7, display_order),
              active = COALESCE($8, active), updated_at = $9
        WHERE id = $1`,
      [
        id,
        change.title ?? null,
        change.description ?? null,
        change.price ?? null,
        change.minutes ?? null,
        change.only_with ?? null,
        change.display_order ?? null,
        change.active ?? null,
        now,
      ],
    );
    const after = (await extraById(tx, id, now))!;
    await audit(tx, staff, 'extra.update', 'extra', id, { before: audited(before), after: audited(after) });
    return after;
  });
}
