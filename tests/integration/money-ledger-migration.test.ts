import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationNames, MIGRATIONS_DIR } from '../../scripts/lib/database.ts';
import { closeDb, query } from '../../src/server/db.ts';

/**
 * The ledger's migration (docs/decisions/100) on a database that has lived under the trigger: the
 * rows it wrote keep their dates, gain the Stripe reference that is certain, a balance or fee paid
 * by link becomes method 'link', a link paid after the counter took the balance gains its missing
 * row, a chargeback keeps its dispute, and nothing writes the ledger behind the server's back after.
 */
const LEDGER = '20261207030000_one_ledger_for_money';
let db: NetlifyDB;
let before: string;

beforeAll(async () => {
  before = mkdtempSync(path.join(tmpdir(), 'ledger-migration-'));
  for (const name of await migrationNames())
    if (name < LEDGER) copyFileSync(path.join(MIGRATIONS_DIR, `${name}.sql`), path.join(before, `${name}.sql`));
  db = new NetlifyDB({ logger: () => undefined });
  process.env.NETLIFY_DB_URL = await db.start();
  process.env.NETLIFY_DB_DRIVER = 'server';
  await migrate(db, before);
}, 120_000);

afterAll(async () => {
  await closeDb();
  await db.stop();
  rmSync(before, { recursive: true, force: true });
});

const at = (iso: string) => new Date(iso);

let hour = 8;
async function booking(id: string, deposit: number, paymentIntent: string | null) {
  const start = at(`2026-11-10T${String(hour++).padStart(2, '0')}:00:00Z`);
  await query('INSERT INTO customers (id, phone, name, email) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    'oldcustomer00001',
    '+447700900990',
    'Old Customer',
    'old@example.com',
  ]);
  await query(
    `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat) VALUES ($1, 'oldcustomer00001', $2, 'beagle', 10, 'short')`,
    [`dog${id}`, `Dog ${id}`],
  );
  const quote = {
    fromPricePence: 4500,
    promotionPence: 0,
    totalFromPence: 4500,
    depositPence: deposit,
    promotionApplied: false,
    lines: [],
  };
  await query(
    `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence, deposit_pence,
                           deposit_paid_pence, stripe_payment_intent, idempotency_key, request_hash, contact_name, contact_email,
                           confirmed_at, created_at, updated_at)
     VALUES ($1, 'oldcustomer00001', $2, 'full', $3, $4, 'confirmed', $5, 4500, $6, $6, $7, $1, repeat('a', 64), 'Old Customer',
             'old@example.com', $8, $8, $8)`,
    [
      id,
      `dog${id}`,
      start,
      new Date(start.getTime() + 3600_000),
      JSON.stringify(quote),
      deposit,
      paymentIntent,
      at('2026-11-02T09:00:00Z'),
    ],
  );
}

describe('the ledger migration', () => {
  it('brings the trigger’s rows into the ledger and adds the money it never saw', async () => {
    // A deposit online, then the balance paid by link (the trigger wrote both).
    await booking('oldbookinglinked01aaaaaa', 1000, 'pi_old_deposit');
    await query(
      `UPDATE bookings SET balance_paid_pence = 3500, balance_method = 'online', balance_paid_at = $2, updated_at = $2 WHERE id = $1`,
      ['oldbookinglinked01aaaaaa', at('2026-11-10T12:00:00Z')],
    );
    await query(
      `INSERT INTO balance_links (booking_id, attempt, pence, status, session_id, payment_intent, created_at, paid_at)
       VALUES ($1, 1, 3500, 'paid', 'cs_old_link', 'pi_old_link', $2, $2)`,
      ['oldbookinglinked01aaaaaa', at('2026-11-10T12:00:00Z')],
    );
    // Card at the counter, then the link paid as well: Stripe held £45 no report counted.
    await booking('oldbookingtwice001aaaaaa', 0, null);
    await query(
      `UPDATE bookings SET balance_paid_pence = 4500, balance_method = 'card', balance_paid_at = $2, updated_at = $2 WHERE id = $1`,
      ['oldbookingtwice001aaaaaa', at('2026-11-10T12:00:00Z')],
    );
    await query(
      `INSERT INTO balance_links (booking_id, attempt, pence, status, session_id, payment_intent, paid_twice, created_at, paid_at, closed_at)
       VALUES ($1, 1, 4500, 'paid', 'cs_old_twice', 'pi_old_twice', true, $2, $3, $2)`,
      ['oldbookingtwice001aaaaaa', at('2026-11-10T11:30:00Z'), at('2026-11-10T12:05:00Z')],
    );
    // A no-show fee the bank wanted approved, paid on its link; then a chargeback on the deposit.
    await booking('oldbookingnoshow01aaaaaa', 1000, 'pi_old_noshow');
    await query(
      `INSERT INTO no_show_fees (booking_id, pence, status, payment_intent, link_session_id, created_at, updated_at, paid_at)
       VALUES ($1, 1500, 'paid', 'pi_old_fee', 'cs_old_fee', $2, $2, $2)`,
      ['oldbookingnoshow01aaaaaa', at('2026-11-10T15:00:00Z')],
    );
    await query(
      `INSERT INTO money_movements (booking_id, kind, method, pence, at) VALUES ($1, 'fee', 'online', 1500, $2)`,
      ['oldbookingnoshow01aaaaaa', at('2026-11-10T15:00:00Z')],
    );
    await query(
      `INSERT INTO money_movements (booking_id, kind, method, pence, at, stripe_dispute) VALUES ($1, 'chargeback', 'online', -1000, $2, 'dp_old')`,
      ['oldbookingnoshow01aaaaaa', at('2026-11-20T09:00:00Z')],
    );

    expect(await db.applyMigrations(MIGRATIONS_DIR, LEDGER)).toEqual([LEDGER]);

    const rows = await query<{
      booking_id: string;
      kind: string;
      method: string;
      pence: number;
      at: Date;
      stripe_ref: string | null;
    }>('SELECT booking_id, kind, method, pence, at, stripe_ref FROM money_movements ORDER BY booking_id, id');
    expect(rows.map((r) => [r.booking_id, r.kind, r.method, r.pence, r.at.toISOString(), r.stripe_ref])).toEqual([
      ['oldbookinglinked01aaaaaa', 'deposit', 'online', 1000, '2026-11-02T09:00:00.000Z', 'pi_old_deposit'],
      ['oldbookinglinked01aaaaaa', 'balance', 'link', 3500, '2026-11-10T12:00:00.000Z', 'pi_old_link'],
      ['oldbookingnoshow01aaaaaa', 'deposit', 'online', 1000, '2026-11-02T09:00:00.000Z', 'pi_old_noshow'],
      ['oldbookingnoshow01aaaaaa', 'fee', 'link', 1500, '2026-11-10T15:00:00.000Z', 'pi_old_fee'],
      ['oldbookingnoshow01aaaaaa', 'chargeback', 'online', -1000, '2026-11-20T09:00:00.000Z', 'dp_old'],
      ['oldbookingtwice001aaaaaa', 'balance', 'card', 4500, '2026-11-10T12:00:00.000Z', null],
      ['oldbookingtwice001aaaaaa', 'balance', 'link', 4500, '2026-11-10T12:05:00.000Z', 'pi_old_twice'],
    ]);
  });

  it('leaves no trigger: a change to a booking’s totals writes nothing by itself', async () => {
    const count = async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM money_movements'))[0]!.n;
    const n = await count();
    await query(
      `UPDATE bookings SET deposit_refunded_pence = 1000, updated_at = now() WHERE id = 'oldbookinglinked01aaaaaa'`,
    );
    expect(await count()).toBe(n);
  });

  it('refuses a second row for one Stripe object, kind and way', async () => {
    await expect(
      query(
        `INSERT INTO money_movements (booking_id, kind, method, pence, at, stripe_ref) VALUES ('oldbookinglinked01aaaaaa', 'balance', 'link', 3500, now(), 'pi_old_link')`,
      ),
    ).rejects.toThrow(/money_movements_stripe_once_idx/);
  });
});
