import { randomUUID } from 'node:crypto';
import * as managementBlocksModule from '../../netlify/functions/management-blocks.ts';
import * as managementBookingChangesModule from '../../netlify/functions/management-booking-changes.ts';
import managementCustomerLookup from '../../netlify/functions/management-customer-lookup.ts';
import managementDashboard from '../../netlify/functions/management-dashboard.ts';
import managementFreeTimes from '../../netlify/functions/management-free-times.ts';
import managementPhoneBookings from '../../netlify/functions/management-phone-bookings.ts';
import managementSchedule from '../../netlify/functions/management-schedule.ts';
import availabilityHandler from '../../netlify/functions/availability.ts';
import { AvailabilityResponseSchema } from '../../src/domain/booking-schemas.ts';
import { issueAccessKey } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import { randomId } from '../../src/server/ids.ts';
import { recordMoney } from '../../src/server/money/ledger.ts';
import { routed } from './netlify-context.ts';
import { fromTomorrow } from './days.ts';

const managementBlocks = routed(managementBlocksModule);
const managementBookingChanges = routed(managementBookingChangesModule);

/** Calls of the schedule's staff API as the Schedule and Dashboard islands make them. */
export const HOST = 'http://localhost';

type Handler = (req: Request, context?: unknown) => Promise<Response> | Response;

const HANDLERS: Array<[RegExp, Handler]> = [
  [/^\/v1\.0\.1\/management\/schedule(\?|$)/, managementSchedule as Handler],
  [/^\/v1\.0\.1\/management\/free-times(\?|$)/, managementFreeTimes as Handler],
  [/^\/v1\.0\.1\/management\/bookings(\?|$)/, managementPhoneBookings as Handler],
  [/^\/v1\.0\.1\/management\/bookings\//, managementBookingChanges as Handler],
  [/^\/v1\.0\.1\/management\/blocks(\/|\?|$)/, managementBlocks as Handler],
  [/^\/v1\.0\.1\/management\/customer-lookup(\?|$)/, managementCustomerLookup as Handler],
  [/^\/v1\.0\.1\/management\/dashboard(\?|$)/, managementDashboard as Handler],
];

/** An answer as JSON; the tests read it loosely and check it with their own expectations and schemas. */
type Json = any;
export interface Answer {
  status: number;
  body: Json;
}

/** A request to the staff API through its real handler; `path` starts at /v1.0.1. */
export async function call(
  method: string,
  path: string,
  options: { key?: string | null; body?: unknown } = {},
): Promise<Answer> {
  const handler = HANDLERS.find(([pattern]) => pattern.test(path))?.[1];
  if (!handler) throw new Error(`no handler for ${path}`);
  const headers: Record<string, string> = {};
  if (options.key) headers['x-access-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await handler(
    new Request(`${HOST}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    }),
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A staff member (privileges 2) and a staff key for them. */
export async function staffKey(name = 'Test Groomer'): Promise<{ id: string; key: string }> {
  return transaction(async (tx) => {
    const id = randomId(12);
    await tx.query(`INSERT INTO customers (id, name, privileges) VALUES ($1, $2, 2)`, [id, name]);
    return { id, key: await issueAccessKey(tx, id, 'staff') };
  });
}

/** The public availability of a service on a day, as a customer sees it. */
export async function publicStarts(service: string, date: string): Promise<string[]> {
  const res = await availabilityHandler(
    new Request(`${HOST}/v1.0.1/availability?service=${service}&from=${date}&days=1`),
  );
  return AvailabilityResponseSchema.parse(await res.json()).days[0]!.slots.map((s) => s.start);
}

/** Open days ahead with room for `service`, as a customer sees them. */
/** The open days with room, from tomorrow on (days.ts: a test taking today's 13th time failed after 11:00). */
export async function openDays(service = 'full') {
  const res = await availabilityHandler(new Request(`${HOST}/v1.0.1/availability?service=${service}`));
  const { days } = AvailabilityResponseSchema.parse(await res.json());
  return fromTomorrow(days).filter((d) => d.open && d.slots.length >= 10);
}

/**
 * Every 12th start for `service` (hours apart: three at a quarter-hour step) over the open days from
 * tomorrow on: a test that takes the next one for each booking never has two compete for a table.
 */
export async function spacedStarts(service = 'full'): Promise<Date[]> {
  return (await openDays(service)).flatMap((d) => d.slots.filter((_, i) => i % 12 === 0).map((s) => new Date(s.start)));
}

let counter = 0;
/**
 * A booking written straight into the table at any time (the past included, which no endpoint
 * allows), with its customer and dog; the capacity trigger still decides whether it fits.
 */
export async function rawBooking(options: {
  start: Date;
  minutes?: number;
  status?: string;
  attendance?: string | null;
  phone?: string;
  name?: string;
  dog?: string;
  customerId?: string;
  depositPaidPence?: number;
  totalFromPence?: number;
  createdAt?: Date;
  sessionId?: string | null;
  createdBy?: string | null;
}): Promise<{ id: string; customerId: string; dogId: string }> {
  counter++;
  return transaction(async (tx) => {
    const customerId = options.customerId ?? randomId(12);
    if (!options.customerId) {
      await tx.query('INSERT INTO customers (id, phone, name, email) VALUES ($1, $2, $3, $4)', [
        customerId,
        options.phone ?? null,
        options.name ?? `Owner ${counter}`,
        `owner${counter}@example.com`,
      ]);
    }
    const dogId = randomId(12);
    await tx.query(
      `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat, nervous, notes) VALUES ($1, $2, $3, 'beagle', 12, 'short', $4, $5)`,
      [dogId, customerId, options.dog ?? `Dog ${counter} ${randomId(3)}`, true, 'Nervous of dryers'],
    );
    const id = randomId(18);
    const end = new Date(options.start.getTime() + (options.minutes ?? 60) * 60_000);
    const total = options.totalFromPence ?? 4500;
    const quote = {
      fromPricePence: total,
      promotionPence: 0,
      totalFromPence: total,
      depositPence: 0,
      promotionApplied: false,
      lines: [
        { kind: 'service', label: 'Full Groom', pence: total },
        { kind: 'total', label: 'Total (from)', pence: total },
      ],
    };
    await tx.query(
      `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence, deposit_paid_pence,
          idempotency_key, request_hash, contact_name, contact_email, contact_phone, attendance, created_at, confirmed_at, session_id, created_by)
       VALUES ($1, $2, $3, 'full', $4, $5, $6, $7, $8, $9, $10, repeat('0', 64), $11, $12, $13, $14, $15, $15, $16, $17)`,
      [
        id,
        customerId,
        dogId,
        options.start,
        end,
        options.status ?? 'confirmed',
        JSON.stringify(quote),
        total,
        options.depositPaidPence ?? 0,
        randomUUID(),
        options.name ?? `Owner ${counter}`,
        `owner${counter}@example.com`,
        options.phone ?? null,
        options.attendance ?? null,
        options.createdAt ?? new Date(),
        options.sessionId ?? null,
        options.createdBy ?? null,
      ],
    );
    // A deposit paid, as the webhook records it on the ledger (src/server/money/ledger.ts).
    const paidAt = options.createdAt ?? new Date();
    await recordMoney(tx, {
      bookingId: id,
      kind: 'deposit',
      method: 'online',
      pence: options.depositPaidPence ?? 0,
      at: paidAt,
    });
    return { id, customerId, dogId };
  });
}

export async function auditRows(
  entityId: string,
): Promise<Array<{ action: string; staff_id: string; before: Json; after: Json }>> {
  return query('SELECT action, staff_id, before, after FROM audit_log WHERE entity_id = $1 ORDER BY id', [entityId]);
}

export async function outboxOf(
  bookingId: string,
): Promise<Array<{ kind: string; channel: string; recipient: string }>> {
  return query('SELECT kind, channel, recipient FROM outbox WHERE booking_id = $1 ORDER BY created_at, id', [
    bookingId,
  ]);
}
