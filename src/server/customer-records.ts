import {
  type CustomerChange,
  type CustomerListItem,
  type CustomerListResponse,
  type CustomerRecord,
  type DogCard,
  type DogChange,
  type MessagesPage,
  type NewDog,
  type SameContact,
  type VisitsPage,
} from '../domain/customer-records.ts';
import { customerSearchFor } from '../domain/customer-search.ts';
import { DEFAULT_PAGE_LIMIT } from '../domain/staff-lists.ts';
import { audit } from './audit.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { matchingCustomersQuery, LIVE_CUSTOMER as LIVE, type FoundCustomer } from './customer-search.ts';
import { db, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import { randomId } from './ids.ts';
import { bookingNetSql } from './money/ledger.ts';
import type { StaffMember } from './staff.ts';
import { isStaffPrivileges } from '../domain/privileges.ts';

/**
 * The customers screens (docs/decisions/061-staff-records.md): search and list, one record, and
 * the changes staff make to it. Merging and UK GDPR erasure and export live in customer-privacy.ts.
 */

/**
 * One rule for what counts as a visit, everywhere the records count or date them: a confirmed
 * appointment marked completed (the counter may mark it on the day before its time), or one whose
 * time has passed that was not a no-show (not every groom is marked). `now` is a query parameter.
 */
export const VISIT = (b: string, now: string) =>
  `${b}.status = 'confirmed' AND (${b}.attendance = 'completed' OR (${b}.start_at < ${now} AND ${b}.attendance IS DISTINCT FROM 'no_show'))`;
/** Still to come: booked (or being paid for) from now on, and not already groomed. */
const UPCOMING = (b: string, now: string) =>
  `${b}.status IN ('confirmed', 'pending_payment') AND ${b}.start_at >= ${now} AND ${b}.attendance IS DISTINCT FROM 'completed'`;

/** Customers: the search (one rule with the phone booking's lookup, customer-search.ts), a page at a time. */
export async function listCustomers(
  options: { q?: string; cursor?: string; limit?: number },
  now = new Date(),
  tx: Tx = db(),
): Promise<CustomerListResponse> {
  const limit = options.limit ?? DEFAULT_PAGE_LIMIT;
  const after = (decodeCursor(options.cursor, ['string', 'string']) ?? ['', '']) as [string, string];
  // The page the shared search finds, with what this screen adds to each row, in one statement.
  const { sql, params } = matchingCustomersQuery(customerSearchFor(options.q), { after, limit: limit + 1 });
  const at = `$${params.length + 1}`;
  const { rows } = await tx.query<
    FoundCustomer & {
      dogs: { _id: string; name: string }[];
      last_visit: Date | null;
      next_visit: Date | null;
      visits: number;
    }
  >(
    `SELECT page.*,
            (SELECT coalesce(json_agg(json_build_object('_id', d.id, 'name', d.name) ORDER BY lower(d.name)), '[]'::json)
               FROM dogs d WHERE d.customer_id = page.id AND d.erased_at IS NULL) AS dogs,
            (SELECT max(b.start_at) FROM bookings b WHERE b.customer_id = page.id AND ${VISIT('b', at)}) AS last_visit,
            (SELECT min(b.start_at) FROM bookings b WHERE b.customer_id = page.id AND ${UPCOMING('b', at)}) AS next_visit,
            (SELECT count(*)::int FROM bookings b WHERE b.customer_id = page.id AND ${VISIT('b', at)}) AS visits
       FROM (${sql}) page
      ORDER BY page.sort, page.id`,
    [...params, now],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    customers: page.map((r): CustomerListItem => ({
      _id: r.id,
      name: r.name,
      phone: r.phone,
      email: r.email,
      verified: r.verified,
      dogs: r.dogs,
      lastVisit: r.last_visit?.toISOString() ?? null,
      nextVisit: r.next_visit?.toISOString() ?? null,
      visits: r.visits,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.sort, last.id]) : null,
  };
}

// ---- one customer --------------------------------------------------------------------------------

interface CustomerRow {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  verified: boolean;
  marketing_consent: boolean;
  marketing_opted_out_at: Date | null;
  notes: string;
  created_at: Date;
  erased_at: Date | null;
  privileges: number;
}

async function customerRow(tx: Tx, id: string, lock = false): Promise<CustomerRow> {
  const {
    rows: [row],
  } = await tx.query<CustomerRow>(
    `SELECT id, name, phone, email, phone_verified_at IS NOT NULL AS verified, marketing_consent, marketing_opted_out_at, notes, created_at, erased_at, privileges
       FROM customers WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  if (!row) throw new HttpError(404, 'There is no such customer.', { code: 'not_found' });
  return row;
}

/** Refuses changes to an erased record or to a member of staff (their details live in the staff list). */
export function assertChangeable(row: CustomerRow): void {
  if (row.erased_at)
    throw new HttpError(409, 'This customer was erased; nothing of theirs is left to change.', { code: 'erased' });
  if (isStaffPrivileges(row.privileges))
    throw new HttpError(409, 'This is a member of staff: change their details in the staff list.', { code: 'staff' });
}

export async function getCustomer(id: string, now = new Date(), tx: Tx = db()): Promise<CustomerRecord> {
  const row = await customerRow(tx, id);
  const [dogs, visits, messages, sameContact, totals, reviewRequest] = await Promise.all([
    dogCards(tx, id),
    visitsPage(id, {}, tx),
    messagesPage(id, {}, tx),
    sameContactOf(tx, row, now),
    totalsOf(tx, id, now),
    reviewRequestOf(tx, id),
  ]);
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    verified: row.verified,
    marketingConsent: row.marketing_consent,
    marketingOptedOutAt: row.marketing_opted_out_at?.toISOString() ?? null,
    reviewRequest,
    notes: row.notes,
    createdAt: row.created_at.toISOString(),
    erasedAt: row.erased_at?.toISOString() ?? null,
    staff: isStaffPrivileges(row.privileges),
    dogs,
    visits,
    messages,
    sameContact,
    totals,
  };
}

/** The review request they were sent, if any (decision 095): one per customer, ever. */
async function reviewRequestOf(tx: Tx, customerId: string): Promise<CustomerRecord['reviewRequest']> {
  const {
    rows: [sent],
  } = await tx.query<{ created_at: Date; channel: 'email' | 'sms' }>(
    'SELECT created_at, channel FROM review_requests WHERE customer_id = $1',
    [customerId],
  );
  return sent ? { at: sent.created_at.toISOString(), channel: sent.channel } : null;
}

async function dogCards(tx: Tx, customerId: string): Promise<DogCard[]> {
  const { rows } = await tx.query<{
    id: string;
    name: string;
    breed_id: string | null;
    breed_name: string | null;
    weight_kg: string | null;
    coat: DogCard['coat'];
    notes: string;
    nervous: boolean;
    temperament: string;
    vet_name: string | null;
    vet_phone: string | null;
    vaccinations: DogCard['vaccinations'];
    weights: { kg: number; at: string }[];
  }>(
    `SELECT d.id, d.name, d.breed_id, b.name AS breed_name, d.weight_kg, d.coat, d.notes, d.nervous, d.temperament, d.vet_name, d.vet_phone,
            d.vaccinations,
            (SELECT coalesce(json_agg(json_build_object('kg', w.weight_kg, 'at', w.recorded_at) ORDER BY w.recorded_at, w.id), '[]'::json)
               FROM dog_weights w WHERE w.dog_id = d.id) AS weights
       FROM dogs d LEFT JOIN breeds b ON b.id = d.breed_id
      WHERE d.customer_id = $1 AND d.erased_at IS NULL ORDER BY lower(d.name)`,
    [customerId],
  );
  return rows.map((d) => ({
    _id: d.id,
    name: d.name,
    breed: d.breed_id && d.breed_name ? { _id: d.breed_id, name: d.breed_name } : null,
    weightKg: d.weight_kg === null ? null : Number(d.weight_kg),
    weights: d.weights.map((w) => ({ kg: Number(w.kg), at: new Date(w.at).toISOString() })),
    coat: d.coat,
    ownerNotes: d.notes,
    nervous: d.nervous,
    temperament: d.temperament,
    vetName: d.vet_name,
    vetPhone: d.vet_phone,
    vaccinations: d.vaccinations,
  }));
}

export async function visitsPage(
  customerId: string,
  options: { cursor?: string; limit?: number },
  tx: Tx = db(),
): Promise<VisitsPage> {
  const limit = options.limit ?? 20;
  const after = decodeCursor(options.cursor, ['number', 'string']);
  const { rows } = await tx.query<{
    id: string;
    start_at: Date;
    end_at: Date;
    status: VisitsPage['visits'][number]['status'];
    attendance: VisitsPage['visits'][number]['attendance'];
    title: string;
    dog_name: string | null;
    price_from_pence: number;
    promotion_pence: number;
    deposit_paid_pence: number;
    deposit_refunded_pence: number;
    balance_paid_pence: number;
    balance_method: 'card' | 'cash' | 'online' | null;
    staff_note: string | null;
  }>(
    `SELECT b.id, b.start_at, b.end_at, b.status, b.attendance, s.title, d.name AS dog_name, b.price_from_pence, b.promotion_pence,
            b.deposit_paid_pence, b.deposit_refunded_pence, b.balance_paid_pence, b.balance_method, b.staff_note
       FROM bookings b JOIN booking_types s ON s.id = b.service_id LEFT JOIN dogs d ON d.id = b.dog_id
      WHERE b.customer_id = $1 AND ($2::bigint IS NULL OR (b.start_at, b.id) < (to_timestamp($2::bigint / 1000.0), $3))
      ORDER BY b.start_at DESC, b.id DESC LIMIT $4`,
    [customerId, after?.[0] ?? null, after?.[1] ?? '', limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    visits: page.map((b) => ({
      _id: b.id,
      start: b.start_at.toISOString(),
      end: b.end_at.toISOString(),
      status: b.status,
      attendance: b.attendance,
      service: b.title,
      dogName: b.dog_name,
      pricePence: b.price_from_pence - b.promotion_pence,
      promotionPence: b.promotion_pence,
      depositPaidPence: b.deposit_paid_pence,
      depositRefundedPence: b.deposit_refunded_pence,
      balancePaidPence: b.balance_paid_pence,
      balanceMethod: b.balance_method,
      staffNote: b.staff_note,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.start_at.getTime(), last.id]) : null,
  };
}

/** Messages sent about this customer's bookings (what went to whom), newest first. */
export async function messagesPage(
  customerId: string,
  options: { cursor?: string; limit?: number },
  tx: Tx = db(),
): Promise<MessagesPage> {
  const limit = options.limit ?? 20;
  const after = decodeCursor(options.cursor, ['number']);
  const { rows } = await tx.query<{
    id: string;
    channel: 'email' | 'sms';
    kind: string;
    recipient: string;
    subject: string | null;
    body_text: string;
    created_at: Date;
    sent_at: Date | null;
    failed_at: Date | null;
  }>(
    `SELECT o.id::text, o.channel, o.kind, o.recipient, o.subject, left(o.body_text, 240) AS body_text, o.created_at, o.sent_at, o.failed_at
       FROM outbox o
      WHERE o.booking_id IN (SELECT id FROM bookings WHERE customer_id = $1) AND ($2::bigint IS NULL OR o.id < $2)
      ORDER BY o.id DESC LIMIT $3`,
    [customerId, after?.[0] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: page.map((m) => ({
      _id: m.id,
      channel: m.channel,
      kind: m.kind,
      recipient: m.recipient,
      subject: m.subject,
      preview: m.body_text,
      createdAt: m.created_at.toISOString(),
      sentAt: m.sent_at?.toISOString() ?? null,
      failedAt: m.failed_at?.toISOString() ?? null,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([Number(last.id)]) : null,
  };
}

async function sameContactOf(tx: Tx, row: CustomerRow, now: Date): Promise<SameContact[]> {
  if (!row.phone && !row.email) return [];
  const { rows } = await tx.query<{
    id: string;
    name: string | null;
    phone: string | null;
    email: string | null;
    verified: boolean;
    visits: number;
    dogs: string[];
  }>(
    `SELECT c.id, c.name, c.phone, c.email, c.phone_verified_at IS NOT NULL AS verified,
            (SELECT count(*)::int FROM bookings b WHERE b.customer_id = c.id AND ${VISIT('b', '$4')}) AS visits,
            (SELECT coalesce(array_agg(d.name ORDER BY lower(d.name)), '{}') FROM dogs d WHERE d.customer_id = c.id AND d.erased_at IS NULL) AS dogs
       FROM customers c
      WHERE c.id <> $1 AND ${LIVE} AND ((c.phone = $2) OR (lower(c.email) = lower($3)))
      ORDER BY c.created_at LIMIT 10`,
    [row.id, row.phone, row.email, now],
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    verified: r.verified,
    visits: r.visits,
    dogs: r.dogs,
  }));
}

async function totalsOf(tx: Tx, customerId: string, now: Date): Promise<CustomerRecord['totals']> {
  const {
    rows: [t],
  } = await tx.query<{ visits: number; no_shows: number; upcoming: number; paid: number }>(
    `SELECT count(*) FILTER (WHERE ${VISIT('b', '$2')})::int AS visits,
            count(*) FILTER (WHERE b.attendance = 'no_show')::int AS no_shows,
            count(*) FILTER (WHERE ${UPCOMING('b', '$2')})::int AS upcoming,
            -- Every pound in or out of their bookings, from the ledger (decision 100): fees and refunds in.
            coalesce(sum(${bookingNetSql('b')}), 0)::int AS paid
       FROM bookings b
      WHERE b.customer_id = $1`,
    [customerId, now],
  );
  return { visits: t!.visits, noShows: t!.no_shows, upcoming: t!.upcoming, paidPence: t!.paid };
}

// ---- changes -------------------------------------------------------------------------------------

const contactOf = (r: CustomerRow) => ({
  name: r.name,
  phone: r.phone,
  email: r.email,
  notes: r.notes,
  marketingConsent: r.marketing_consent,
});

export async function updateCustomer(
  staff: StaffMember,
  id: string,
  change: CustomerChange,
  now = new Date(),
): Promise<void> {
  await transaction(async (tx) => {
    const before = await customerRow(tx, id, true);
    assertChangeable(before);
    const phone = change.phone === undefined ? before.phone : change.phone || null;
    const email = change.email === undefined ? before.email : change.email || null;
    await tx.query(
      `UPDATE customers SET name = COALESCE($2, name), phone = $3, email = $4, notes = COALESCE($5, notes),
              marketing_consent = COALESCE($6, marketing_consent),
              -- A new number is unproved: the proof was of the old one (decision 050).
              phone_verified_at = CASE WHEN $3 IS NOT DISTINCT FROM phone THEN phone_verified_at END, updated_at = $7
        WHERE id = $1`,
      [id, change.name ?? null, phone, email, change.notes ?? null, change.marketingConsent ?? null, now],
    );
    const after = await customerRow(tx, id);
    const keys = Object.keys(change) as (keyof ReturnType<typeof contactOf>)[];
    await audit(tx, staff, 'customer.update', 'customer', id, {
      before: Object.fromEntries(keys.map((k) => [k, contactOf(before)[k]])),
      after: Object.fromEntries(keys.map((k) => [k, contactOf(after)[k]])),
    });
  });
}

async function assertBreed(tx: Tx, breedId: string | undefined): Promise<void> {
  if (breedId === undefined) return;
  const {
    rows: [breed],
  } = await tx.query('SELECT 1 FROM breeds WHERE id = $1', [breedId]);
  if (!breed) throw new HttpError(400, 'There is no such breed: choose one from the list.', { code: 'invalid' });
}

async function assertDogNameFree(
  tx: Tx,
  customerId: string,
  name: string | undefined,
  except: string | null,
): Promise<void> {
  if (name === undefined) return;
  const {
    rows: [clash],
  } = await tx.query(
    'SELECT 1 FROM dogs WHERE customer_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3',
    [customerId, name, except],
  );
  if (clash) throw new HttpError(409, `This customer already has a dog called ${name}.`, { code: 'duplicate' });
}

const dogAudit = (d: Record<string, unknown>) => ({
  name: d.name,
  breedId: d.breed_id,
  weightKg: d.weight_kg === null || d.weight_kg === undefined ? null : Number(d.weight_kg),
  coat: d.coat,
  nervous: d.nervous,
  temperament: d.temperament,
  vetName: d.vet_name,
  vetPhone: d.vet_phone,
  vaccinations: d.vaccinations,
});

export async function addDog(staff: StaffMember, customerId: string, dog: NewDog, now = new Date()): Promise<string> {
  return transaction(async (tx) => {
    assertChangeable(await customerRow(tx, customerId, true));
    await assertBreed(tx, dog.breedId);
    await assertDogNameFree(tx, customerId, dog.name, null);
    const id = randomId(12);
    const {
      rows: [row],
    } = await tx.query(
      `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat, nervous, temperament, vet_name, vet_phone, vaccinations, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING *`,
      [
        id,
        customerId,
        dog.name,
        dog.breedId,
        dog.weightKg,
        dog.coat,
        dog.nervous ?? false,
        dog.temperament ?? '',
        dog.vetName || null,
        dog.vetPhone || null,
        JSON.stringify(dog.vaccinations ?? []),
        now,
      ],
    );
    await audit(tx, staff, 'dog.create', 'dog', id, { after: { customerId, ...dogAudit(row) } });
    return id;
  });
}

export async function updateDog(
  staff: StaffMember,
  customerId: string,
  dogId: string,
  change: DogChange,
  now = new Date(),
): Promise<void> {
  await transaction(async (tx) => {
    assertChangeable(await customerRow(tx, customerId, true));
    const {
      rows: [before],
    } = await tx.query('SELECT * FROM dogs WHERE id = $1 AND customer_id = $2 AND erased_at IS NULL FOR UPDATE', [
      dogId,
      customerId,
    ]);
    if (!before) throw new HttpError(404, 'This customer has no such dog.', { code: 'not_found' });
    await assertBreed(tx, change.breedId);
    await assertDogNameFree(tx, customerId, change.name, dogId);
    const optional = (value: string | undefined) => (value === undefined ? null : value);
    const {
      rows: [after],
    } = await tx.query(
      `UPDATE dogs SET name = COALESCE($3, name), breed_id = COALESCE($4, breed_id), weight_kg = COALESCE($5, weight_kg),
              coat = COALESCE($6, coat), nervous = COALESCE($7, nervous), temperament = COALESCE($8, temperament),
              vet_name = CASE WHEN $9 THEN nullif($10, '') ELSE vet_name END,
              vet_phone = CASE WHEN $11 THEN nullif($12, '') ELSE vet_phone END,
              vaccinations = COALESCE($13::jsonb, vaccinations), updated_at = $14
        WHERE id = $1 AND customer_id = $2 RETURNING *`,
      [
        dogId,
        customerId,
        change.name ?? null,
        change.breedId ?? null,
        change.weightKg ?? null,
        change.coat ?? null,
        change.nervous ?? null,
        change.temperament ?? null,
        change.vetName !== undefined,
        optional(change.vetName),
        change.vetPhone !== undefined,
        optional(change.vetPhone),
        change.vaccinations === undefined ? null : JSON.stringify(change.vaccinations),
        now,
      ],
    );
    const keys = Object.keys(change);
    const pick = (d: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(dogAudit(d)).filter(([k]) => keys.includes(k)));
    await audit(tx, staff, 'dog.update', 'dog', dogId, { before: pick(before), after: pick(after) });
  });
}

export { customerRow, type CustomerRow };
