import { issueAccessKey } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import { randomId } from '../../src/server/ids.ts';
import { recordMoney } from '../../src/server/money/ledger.ts';

/** Calls of the staff-records endpoints as the management islands make them, for integration tests. */
export const HOST = 'http://localhost';

export type Handler = (req: Request, context?: unknown) => Promise<Response> | Response;

let phones = 0;
/** A fresh UK mobile in Ofcom's drama range, different on every call in a test file. */
export const freshPhone = () => `+4477009${String(10000 + phones++).slice(-5)}`;

/** A staff member and a live staff key for them (what sign-in would give). */
export async function staffMember(name = 'Test Groomer'): Promise<{ id: string; key: string }> {
  return transaction(async (tx) => {
    const id = randomId(12);
    await tx.query(`INSERT INTO customers (id, phone, name, privileges) VALUES ($1, $2, $3, 2)`, [
      id,
      freshPhone(),
      name,
    ]);
    return { id, key: await issueAccessKey(tx, id, 'staff') };
  });
}

/** A customer with a device key: what the staff API must refuse. */
export async function customerDeviceKey(): Promise<string> {
  return transaction(async (tx) => {
    const id = randomId(16);
    await tx.query(`INSERT INTO customers (id, phone, name) VALUES ($1, $2, 'A Customer')`, [id, freshPhone()]);
    return issueAccessKey(tx, id, 'device');
  });
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

export async function call(
  handler: Handler,
  method: string,
  path: string,
  options: {
    key?: string | null;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
    context?: unknown;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['x-access-key'] = options.key;
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] ??= 'application/json';
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const res = await handler(
    new Request(`${HOST}${path}`, { method, headers, ...(body === undefined ? {} : { body }) }),
    options.context,
  );
  const text = await res.text();
  let parsed: unknown = null;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: res.status, body: parsed, headers: res.headers, text };
}

/** Audit rows written since `since` (an id), oldest first. */
export async function auditSince(since: number): Promise<
  {
    id: number;
    staff_id: string | null;
    action: string;
    entity: string;
    entity_id: string | null;
    before: any;
    after: any;
  }[]
> {
  return query(
    `SELECT id::int, staff_id, action, entity, entity_id, before, after FROM audit_log WHERE id > $1 ORDER BY id`,
    [since],
  );
}

export async function lastAuditId(): Promise<number> {
  const [row] = await query<{ n: number }>('SELECT coalesce(max(id), 0)::int AS n FROM audit_log');
  return row!.n;
}

export interface BookingSeed {
  customerId?: string;
  customer?: { name?: string; phone?: string | null; email?: string | null };
  dogId?: string;
  dog?: { name?: string; breedId?: string; weightKg?: number };
  serviceId?: string;
  start: Date;
  minutes?: number;
  status?: 'confirmed' | 'pending_payment' | 'cancelled' | 'expired';
  pricePence?: number;
  promotionPence?: number;
  depositPaidPence?: number;
  paymentIntent?: string | null;
  attendance?: 'arrived' | 'completed' | 'no_show' | null;
  balance?: { pence: number; method: 'card' | 'cash'; at: Date } | null;
  at?: Date;
}

/** A booking written straight into the tables (the capacity trigger still decides), with its customer and dog. */
export async function insertBooking(
  seed: BookingSeed,
): Promise<{ bookingId: string; customerId: string; dogId: string }> {
  return transaction(async (tx) => {
    const at = seed.at ?? new Date();
    let customerId = seed.customerId;
    if (!customerId) {
      customerId = randomId(16);
      await tx.query('INSERT INTO customers (id, phone, name, email, created_at) VALUES ($1, $2, $3, $4, $5)', [
        customerId,
        seed.customer?.phone === undefined ? freshPhone() : seed.customer.phone,
        seed.customer?.name ?? 'Sam Jones',
        seed.customer?.email === undefined ? 'sam@example.com' : seed.customer.email,
        at,
      ]);
    }
    let dogId = seed.dogId;
    if (!dogId) {
      dogId = randomId(12);
      await tx.query(
        'INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat) VALUES ($1, $2, $3, $4, $5, $6)',
        [
          dogId,
          customerId,
          seed.dog?.name ?? `Biscuit ${dogId.slice(0, 4)}`,
          seed.dog?.breedId ?? 'beagle',
          seed.dog?.weightKg ?? 10,
          'short',
        ],
      );
    }
    const bookingId = randomId(16);
    const price = seed.pricePence ?? 4500;
    const promotion = seed.promotionPence ?? 0;
    const end = new Date(seed.start.getTime() + (seed.minutes ?? 60) * 60_000);
    const status = seed.status ?? 'confirmed';
    await tx.query(
      `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, hold_expires_at, quote, price_from_pence, promotion_pence,
                             deposit_pence, deposit_paid_pence, stripe_payment_intent, idempotency_key, request_hash, contact_name, contact_email,
                             contact_phone, attendance, balance_paid_pence, balance_method, balance_paid_at, confirmed_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $25)`,
      [
        bookingId,
        customerId,
        dogId,
        seed.serviceId ?? 'full',
        seed.start,
        end,
        status,
        status === 'pending_payment' ? new Date(at.getTime() + 30 * 60_000) : null,
        JSON.stringify({
          fromPricePence: price,
          promotionPence: promotion,
          totalFromPence: price - promotion,
          depositPence: seed.depositPaidPence ?? 0,
          promotionApplied: promotion > 0,
          lines: [],
        }),
        price,
        promotion,
        seed.depositPaidPence ?? 0,
        seed.depositPaidPence ?? 0,
        seed.paymentIntent ?? null,
        randomId(16),
        'a'.repeat(64),
        seed.customer?.name ?? 'Sam Jones',
        seed.customer?.email ?? 'sam@example.com',
        null,
        seed.attendance ?? null,
        seed.balance?.pence ?? 0,
        seed.balance?.method ?? null,
        seed.balance?.at ?? null,
        status === 'confirmed' ? at : null,
        at,
      ],
    );
    // The money as the webhook and the counter record it (src/server/money/ledger.ts).
    const deposit = seed.depositPaidPence ?? 0;
    const ref = seed.paymentIntent ?? null;
    await recordMoney(tx, { bookingId, kind: 'deposit', method: 'online', pence: deposit, at, stripeRef: ref });
    if (seed.balance)
      await recordMoney(tx, {
        bookingId,
        kind: 'balance',
        method: seed.balance.method,
        pence: seed.balance.pence,
        at: seed.balance.at,
      });
    return { bookingId, customerId, dogId };
  });
}
