import { WEEKDAYS, type BookingSettings } from '../domain/booking-settings.ts';
import { describeExtraChange } from '../domain/extras-catalogue.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from '../domain/london-time.ts';
import {
  describeAuditEntry,
  editableSettingsOf,
  serviceIdFor,
  type AuditEntry,
  type Closure,
  type ClosureInput,
  type ClosuresSaved,
  type RebuildOutcome,
  type ServiceChange,
  type ServiceInput,
  type SettingsChange,
  type SettingsSaved,
  type ServiceSize,
  type ShopSettings,
  type StaffService,
} from '../domain/shop-settings.ts';
import { SIZES } from '../domain/catalogue.ts';
import { audit } from './audit.ts';
import { requestRebuild } from './cms/rebuild.ts';
import { db, query, transaction, type Tx } from './db.ts';
import { env } from './env.ts';
import { HttpError } from './http.ts';
import { stripeClient } from './payments/stripe.ts';
import { sanitizeDescription } from './sanitize.ts';
import { loadBookingSettings, updateBookingSettings } from './settings.ts';
import type { StaffMember } from './staff.ts';
import { writtenWhen } from '../domain/written-dates.ts';

/**
 * The Settings screen (docs/decisions/061-staff-records.md). Each change is one transaction
 * with its audit row. The public site reads services and availability live, so a change shows at
 * once; the static pages state opening hours, so a change of hours asks for a rebuild.
 */
const AUDITED_ENTITIES = ['settings', 'service', 'closure', 'extra'];

export async function loadShopSettings(now = new Date()): Promise<ShopSettings> {
  const settings = await loadBookingSettings();
  const [services, closures, changes] = await Promise.all([
    listServices(db(), now),
    listClosures(db(), settings, now),
    recentChanges(),
  ]);
  return {
    settings: editableSettingsOf(settings),
    timeZone: settings.timeZone,
    closures,
    services,
    onlinePayments: stripeClient() !== null,
    rebuildHook: Boolean(env().NETLIFY_BUILD_HOOK_URL),
    changes,
  };
}

interface ServiceRow {
  id: string;
  title: string;
  kind: string;
  price_pence: number;
  duration_min: number;
  description: string;
  display_order: number;
  active: boolean;
  ahead: number;
  sizes: ServiceSize[] | null;
}

const SERVICE_COLUMNS = `s.id, s.title, s.kind, s.price_pence, s.duration_min, s.description, s.display_order, s.active,
  (SELECT count(*)::int FROM bookings b WHERE b.service_id = s.id AND b.status IN ('pending_payment', 'confirmed') AND b.start_at >= $1) AS ahead,
  (SELECT json_agg(json_build_object('size', z.size, 'price', z.price_pence, 'duration', z.duration_min)
     ORDER BY array_position(ARRAY['small', 'medium', 'large'], z.size))
     FROM service_sizes z WHERE z.service_id = s.id) AS sizes`;

function serviceOf(r: ServiceRow): StaffService {
  return {
    _id: r.id,
    title: r.title,
    kind: r.kind,
    price: r.price_pence,
    duration: r.duration_min,
    sizes: r.sizes ?? [],
    description: r.description,
    descriptionHtml: sanitizeDescription(r.description),
    display_order: r.display_order,
    active: r.active,
    bookingsAhead: r.ahead,
  };
}

async function listServices(tx: Tx, now: Date): Promise<StaffService[]> {
  const { rows } = await tx.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} FROM booking_types s ORDER BY NOT s.active, s.display_order, s.title`,
    [now],
  );
  return rows.map(serviceOf);
}

async function listClosures(tx: Tx, settings: BookingSettings, now: Date): Promise<Closure[]> {
  const today = todayIn(settings.timeZone, now);
  const { rows } = await tx.query<{ day: string; reason: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, reason FROM closures WHERE day >= $1::date ORDER BY day`,
    [today],
  );
  return rows.map((r) => ({ date: r.day, reason: r.reason }));
}

async function recentChanges(limit = 15): Promise<AuditEntry[]> {
  const rows = await query<{
    at: Date;
    name: string | null;
    action: string;
    entity_id: string | null;
    before: unknown;
    after: unknown;
  }>(
    `SELECT a.at, c.name, a.action, a.entity_id, a.before, a.after
       FROM audit_log a LEFT JOIN customers c ON c.id = a.staff_id
      WHERE a.entity = ANY ($1) ORDER BY a.at DESC, a.id DESC LIMIT $2`,
    [AUDITED_ENTITIES, limit],
  );
  return rows.map((r) => ({
    at: r.at.toISOString(),
    who: r.name,
    summary:
      describeExtraChange(r.action, r.entity_id, { before: r.before, after: r.after }) ??
      describeAuditEntry(r.action, r.entity_id, { before: r.before, after: r.after }),
  }));
}

export interface ChangeOptions {
  now?: Date;
  /** Netlify's `context.waitUntil`: the rebuild request goes out after the answer. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** Saves booking rules; fewer tables than bookings already overlap somewhere ahead is refused. */
export async function saveSettings(
  staff: StaffMember,
  change: SettingsChange,
  options: ChangeOptions = {},
): Promise<SettingsSaved> {
  const now = options.now ?? new Date();
  const { before, after } = await transaction(async (tx) => {
    const current = await loadBookingSettings(tx);
    if (change.capacity !== undefined && change.capacity < current.capacity)
      await fitBookingsToTables(tx, change.capacity, now, current.timeZone);
    const next = await updateBookingSettings(tx, change);
    const changedKeys = (Object.keys(change) as (keyof SettingsChange)[]).filter(
      (k) => JSON.stringify(current[k]) !== JSON.stringify(next[k]),
    );
    await audit(tx, staff, 'settings.update', 'settings', 'booking', {
      before: Object.fromEntries(changedKeys.map((k) => [k, current[k]])),
      after: Object.fromEntries(changedKeys.map((k) => [k, next[k]])),
    });
    return { before: current, after: next };
  });
  const hoursChanged = WEEKDAYS.some(
    (d) => JSON.stringify(before.openingHours[d]) !== JSON.stringify(after.openingHours[d]),
  );
  const rebuild: RebuildOutcome = hoursChanged
    ? await requestRebuild({ now, ...(options.waitUntil ? { waitUntil: options.waitUntil } : {}) })
    : 'not needed';
  return { settings: editableSettingsOf(after), rebuild };
}

/**
 * Fewer grooming tables: refused while more bookings than that overlap at some moment ahead (the
 * answer names the first such time); otherwise every booking ahead is moved onto the tables that
 * remain. The capacity trigger gives each 5-minute cell of a booking a table number ("seat"), and a
 * booking that sits on table 2 would leave table 1 looking free to a new booking once only one
 * table counts. The SHARE lock holds new bookings back until this commits.
 */
async function fitBookingsToTables(tx: Tx, tables: number, now: Date, timeZone: string): Promise<void> {
  await tx.query('LOCK TABLE bookings IN SHARE MODE');
  const fromCell = Math.floor(now.getTime() / 1000 / 300);
  const {
    rows: [busiest],
  } = await tx.query<{ cell: number; n: number }>(
    `SELECT cell, count(*)::int AS n FROM booking_cells WHERE cell >= $1 GROUP BY cell HAVING count(*) > $2 ORDER BY cell LIMIT 1`,
    [fromCell, tables],
  );
  if (busiest) {
    const at = new Date(busiest.cell * 300 * 1000);
    const when = writtenWhen(at, timeZone, { weekday: 'short', month: 'short' });
    throw new HttpError(
      409,
      `${busiest.n} appointments overlap on ${when}: move one before going down to ${tables} ${tables === 1 ? 'table' : 'tables'}.`,
      {
        code: 'slot_taken',
        at: at.toISOString(),
      },
    );
  }
  const { rows: high } = await tx.query<{ cell: number; seat: number }>(
    'SELECT cell, seat FROM booking_cells WHERE cell >= $1 AND seat > $2 ORDER BY cell, seat',
    [fromCell, tables],
  );
  for (const { cell, seat } of high) {
    // One at a time, so each sees the seats the previous ones took; a free one exists (checked above).
    await tx.query(
      `UPDATE booking_cells SET seat = (SELECT min(s) FROM generate_series(1, $3::int) s
                                          WHERE NOT EXISTS (SELECT 1 FROM booking_cells x WHERE x.cell = $1 AND x.seat = s))
        WHERE cell = $1 AND seat = $2`,
      [cell, seat, tables],
    );
  }
}

async function freeServiceId(tx: Tx, title: string): Promise<string> {
  const base = serviceIdFor(title);
  const { rows } = await tx.query<{ id: string }>(`SELECT id FROM booking_types WHERE id = $1 OR id LIKE $2`, [
    base,
    `${base}-%`,
  ]);
  const taken = new Set(rows.map((r) => r.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const auditedService = (s: StaffService) => ({
  title: s.title,
  price: s.price,
  duration: s.duration,
  kind: s.kind,
  display_order: s.display_order,
  active: s.active,
  description: s.description,
  sizes: s.sizes,
});

/** The service's sizes become exactly `sizes`, in the service's own transaction (decision 080). */
async function writeSizes(tx: Tx, id: string, sizes: readonly ServiceSize[]): Promise<void> {
  await tx.query('DELETE FROM service_sizes WHERE service_id = $1', [id]);
  // In SIZES order so the rows read back as the list staff see, whatever order they came in.
  for (const size of SIZES) {
    const row = sizes.find((s) => s.size === size);
    if (row)
      await tx.query(
        'INSERT INTO service_sizes (service_id, size, price_pence, duration_min) VALUES ($1, $2, $3, $4)',
        [id, size, row.price, row.duration],
      );
  }
}

export async function createService(staff: StaffMember, input: ServiceInput, now = new Date()): Promise<StaffService> {
  return transaction(async (tx) => {
    const id = await freeServiceId(tx, input.title);
    await tx.query(
      `INSERT INTO booking_types (id, title, kind, price_pence, duration_min, description, display_order, active, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [
        id,
        input.title,
        input.kind,
        input.price,
        input.duration,
        sanitizeDescription(input.description),
        input.display_order,
        input.active,
        now,
      ],
    );
    if (input.sizes) await writeSizes(tx, id, input.sizes);
    const [service] = await listServiceById(tx, id, now);
    await audit(tx, staff, 'service.create', 'service', id, { after: auditedService(service!) });
    return service!;
  });
}

async function listServiceById(tx: Tx, id: string, now: Date): Promise<StaffService[]> {
  const { rows } = await tx.query<ServiceRow>(`SELECT ${SERVICE_COLUMNS} FROM booking_types s WHERE s.id = $2`, [
    now,
    id,
  ]);
  return rows.map(serviceOf);
}

export async function updateService(
  staff: StaffMember,
  id: string,
  change: ServiceChange,
  now = new Date(),
): Promise<StaffService> {
  return transaction(async (tx) => {
    const {
      rows: [locked],
    } = await tx.query('SELECT id FROM booking_types WHERE id = $1 FOR UPDATE', [id]);
    if (!locked) throw new HttpError(404, 'There is no such service.', { code: 'not_found' });
    const [before] = await listServiceById(tx, id, now);
    await tx.query(
      `UPDATE booking_types SET title = COALESCE($2, title), kind = COALESCE($3, kind), price_pence = COALESCE($4, price_pence),
              duration_min = COALESCE($5, duration_min), description = COALESCE($6, description),
              display_order = COALESCE($7, display_order), active = COALESCE($8, active), updated_at = $9
        WHERE id = $1`,
      [
        id,
        change.title ?? null,
        change.kind ?? null,
        change.price ?? null,
        change.duration ?? null,
        change.description === undefined ? null : sanitizeDescription(change.description),
        change.display_order ?? null,
        change.active ?? null,
        now,
      ],
    );
    if (change.sizes) await writeSizes(tx, id, change.sizes);
    const [after] = await listServiceById(tx, id, now);
    await audit(tx, staff, 'service.update', 'service', id, {
      before: auditedService(before!),
      after: auditedService(after!),
    });
    return after!;
  });
}

export async function addClosure(staff: StaffMember, input: ClosureInput, now = new Date()): Promise<ClosuresSaved> {
  return transaction(async (tx) => {
    const settings = await loadBookingSettings(tx);
    if (input.date < todayIn(settings.timeZone, now))
      throw new HttpError(400, 'That day has passed.', { code: 'invalid' });
    const {
      rows: [ahead],
    } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE status IN ('pending_payment', 'confirmed') AND start_at >= $1 AND start_at < $2`,
      [
        zonedDateTimeToInstant(input.date, '00:00', settings.timeZone),
        zonedDateTimeToInstant(addDays(input.date, 1), '00:00', settings.timeZone),
      ],
    );
    const reason = input.reason ?? '';
    const {
      rows: [inserted],
    } = await tx.query(
      `INSERT INTO closures (day, reason) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET reason = EXCLUDED.reason RETURNING day`,
      [input.date, reason],
    );
    const bookingsThatDay = ahead?.n ?? 0;
    if (inserted)
      await audit(tx, staff, 'closure.create', 'closure', input.date, { after: { reason, bookingsThatDay } });
    return { closures: await listClosures(tx, settings, now), bookingsThatDay };
  });
}

export async function removeClosure(staff: StaffMember, date: string, now = new Date()): Promise<ClosuresSaved> {
  return transaction(async (tx) => {
    const settings = await loadBookingSettings(tx);
    const {
      rows: [removed],
    } = await tx.query<{ reason: string }>('DELETE FROM closures WHERE day = $1 RETURNING reason', [date]);
    if (!removed) throw new HttpError(404, 'The shop is not closed that day.', { code: 'not_found' });
    await audit(tx, staff, 'closure.remove', 'closure', date, { before: { reason: removed.reason } });
    return { closures: await listClosures(tx, settings, now), bookingsThatDay: 0 };
  });
}
