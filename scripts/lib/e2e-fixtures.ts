import { randomUUID } from 'node:crypto';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { fairTerms } from '../../src/domain/no-show-rules.ts';
import { transaction } from '../../src/server/db.ts';
import { hashAccessKey } from '../../src/server/ids.ts';
import { recordMoney } from '../../src/server/money/ledger.ts';

/**
 * The day of the e2e server's past appointments: the day before the run began, in London. The runner
 * sets `E2E_PAST_DAY` once (playwright.config.ts) for the server that seeds them and the tests that
 * open them alike: a run that began at 23:59 crossed midnight, and tests that worked out "yesterday"
 * again looked a day after the server's (issue 28).
 */
export function pastVisitsDay(now = new Date()): string {
  return process.env.E2E_PAST_DAY ?? addDays(todayIn(DEFAULT_BOOKING_SETTINGS.timeZone, now), -1);
}

/**
 * Appointments of yesterday for the end-to-end server: the schedule's tests (one pair per screen
 * width) mark one completed and one a no-show, which needs an appointment whose time has passed at whatever hour the suite runs,
 * and no endpoint books in the past. Written straight in, as an appointment booked last week would
 * be now; the capacity trigger still checks them. Yesterday only, so no other test loses a time.
 */
export async function seedPastAppointments(now = new Date()): Promise<void> {
  const yesterday = pastVisitsDay(now);
  const rows = [
    {
      id: 'e2epastbookingbella0001',
      customer: 'e2epastcustomer01',
      name: 'Priya Shah',
      phone: '+447700900561',
      dog: 'Bella',
      breed: 'cockapoo',
      service: 'full',
      time: '10:00',
      minutes: 120,
      deposit: 1000,
      price: 5500,
    },
    {
      id: 'e2epastbookingotis00002',
      customer: 'e2epastcustomer02',
      name: 'Tom Okafor',
      phone: '+447700900562',
      dog: 'Otis',
      breed: 'beagle',
      service: 'full',
      time: '10:00',
      minutes: 120,
      deposit: 0,
      price: 4500,
    },
    // The same two again for the other screen width, which runs beside it on the same server.
    {
      id: 'e2epastbookingluna00003',
      customer: 'e2epastcustomer03',
      name: 'Priya Shah',
      phone: '+447700900563',
      dog: 'Luna',
      breed: 'cockapoo',
      service: 'full',
      time: '13:00',
      minutes: 120,
      deposit: 1000,
      price: 5500,
    },
    {
      id: 'e2epastbookingmilo00004',
      customer: 'e2epastcustomer04',
      name: 'Tom Okafor',
      phone: '+447700900564',
      dog: 'Milo',
      breed: 'beagle',
      service: 'full',
      time: '13:00',
      minutes: 120,
      deposit: 0,
      price: 4500,
    },
    // The live status's test (tests/e2e/visit-status.spec.ts, decision 092): checked in and tapped on
    // to "ready" while the owner's page follows; between the two pairs above, so no table is short.
    {
      id: 'e2epastbookingnell00005',
      customer: 'e2epastcustomer05',
      name: 'Grace Lin',
      phone: '+447700900581',
      dog: 'Nell',
      breed: 'beagle',
      service: 'full',
      time: '12:00',
      minutes: 60,
      deposit: 0,
      price: 4500,
    },
    // The no-show fee's tests (tests/e2e/staff-no-show-fee.spec.ts), one set per screen width: a
    // card that pays, one the bank declines, one whose bank asks the owner to approve (SCA).
    ...NO_SHOW_FEE_ROWS,
    // Check-in at the counter (tests/e2e/staff-check-in.spec.ts, decision 091), one per screen width,
    // after the no-show fees' hours: a matted dog whose vaccinations ran out (set below).
    ...CHECK_IN_ROWS,
    // The report card (tests/e2e/report-card.spec.ts, decision 094): checked in with a photo,
    // completed and reported on; in the evening, after every other of yesterday's visits.
    REPORT_CARD_ROW,
    // The owner's consent by a texted link (staff-check-in.spec.ts, decision 093): beside Nell at noon.
    CONSENT_LINK_ROW,
    // The balance by a payment link (tests/e2e/staff-no-show-fee.spec.ts, decision 096): beside Juno's evening hour.
    BALANCE_LINK_ROW,
  ];
  await transaction(async (tx) => {
    for (const r of rows) {
      const start = zonedDateTimeToInstant(yesterday, r.time, 'Europe/London');
      const end = new Date(start.getTime() + r.minutes * 60_000);
      const quote = {
        fromPricePence: r.price,
        promotionPence: 0,
        totalFromPence: r.price,
        depositPence: r.deposit,
        promotionApplied: false,
        lines: [
          { kind: 'service', label: r.service === 'shower' ? 'Bath & Brush (Shower)' : 'Full Groom', pence: r.price },
          { kind: 'total', label: 'Total (from)', pence: r.price },
        ],
      };
      await tx.query('INSERT INTO customers (id, phone, name, email) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        r.customer,
        r.phone,
        r.name,
        `${r.customer}@example.com`,
      ]);
      await tx.query(
        `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat, nervous, notes) VALUES ($1, $2, $3, $4, 12, 'medium', false, '') ON CONFLICT DO NOTHING`,
        [`${r.customer}dog`, r.customer, r.dog, r.breed],
      );
      const { rows: written } = await tx.query(
        `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence, deposit_pence, deposit_paid_pence,
            idempotency_key, request_hash, contact_name, contact_email, contact_phone, created_at, confirmed_at,
            fair_terms, stripe_customer, stripe_payment_method)
         VALUES ($1, $2, $3, $4, $5, $6, 'confirmed', $7, $8, $9, $9, $10, repeat('0', 64), $11, $12, $13, $14, $14, $15, $16, $17)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          r.id,
          r.customer,
          `${r.customer}dog`,
          r.service,
          start,
          end,
          JSON.stringify(quote),
          r.price,
          r.deposit,
          randomUUID(),
          r.name,
          `${r.customer}@example.com`,
          r.phone,
          new Date(start.getTime() - 7 * 86_400_000),
          'card' in r ? JSON.stringify(SEEDED_FEE_TERMS) : null,
          'card' in r ? `cus_e2e_${r.customer}` : null,
          'card' in r ? r.card : null,
        ],
      );
      // Its deposit, as the webhook records it on the ledger (src/server/money/ledger.ts).
      if (written.length)
        await recordMoney(tx, {
          bookingId: r.id,
          kind: 'deposit',
          method: 'online',
          pence: r.deposit,
          at: new Date(start.getTime() - 7 * 86_400_000),
        });
    }
    // The check-in's dogs: a vaccination out of date since 3 March, for the card's warning.
    await tx.query(
      `UPDATE dogs SET vaccinations = '[{"name":"Kennel cough","expiresOn":"2026-03-03"}]'::jsonb WHERE id = ANY($1)`,
      [CHECK_IN_ROWS.map((r) => `${r.customer}dog`)],
    );
  });
}

/**
 * The terms the no-show fee's bookings were made under, as create-booking's recordTerms writes them:
 * a £10 deposit paid online with the card saved, and a flat £25 for a no-show. Not today's setting
 * (half the price, up to £30), so the fee offered shows it comes from the booking's own terms.
 */
export const SEEDED_FEE_TERMS = fairTerms({
  standing: 'regular',
  settings: { ...DEFAULT_BOOKING_SETTINGS, noShowFee: { kind: 'fixed', pence: 2500 } },
  depositPence: 1000,
  online: true,
});

const CARDS = { visa: 'pm_card_visa', declined: 'pm_card_chargeDeclined', sca: 'pm_card_authenticationRequired' };

function feeRow(n: number, width: 390 | 1280, kind: keyof typeof CARDS, name: string, dog: string, time: string) {
  return {
    id: `e2enoshowfee${width}${kind}`.padEnd(23, '0'),
    customer: `e2efeecustomer${String(n).padStart(2, '0')}`,
    name,
    phone: `+4477009005${66 + n}`,
    dog,
    breed: 'cockapoo',
    service: 'shower',
    time,
    minutes: 60,
    deposit: 1000,
    price: 3800,
    width,
    kind,
    card: CARDS[kind],
  };
}

/**
 * Yesterday's no-show fee bookings (Bath & Brush, medium, £38 with £10 paid): per width, the card
 * that pays, the one declined and the one that needs the owner's approval, after the 13:00 pair.
 */
export const NO_SHOW_FEE_ROWS = [
  feeRow(1, 1280, 'visa', 'Asha Patel', 'Rolo', '15:00'),
  feeRow(2, 1280, 'declined', 'Dan Reeve', 'Pip', '16:00'),
  feeRow(3, 1280, 'sca', 'Ruth Mensah', 'Nala', '17:00'),
  feeRow(4, 390, 'visa', 'Asha Patel', 'Toffee', '15:00'),
  feeRow(5, 390, 'declined', 'Dan Reeve', 'Bramble', '16:00'),
  feeRow(6, 390, 'sca', 'Ruth Mensah', 'Hazel', '17:00'),
];

/** Yesterday's visits the check-in spec checks in, per width (Full Groom, £45, nothing paid). */
export const CHECK_IN_ROWS = [1280, 390].map((width, i) => ({
  id: `e2echeckinbooking${width}0000`,
  customer: `e2echeckincustomer${i + 1}`,
  name: 'Kate Lowe',
  phone: `+44770090057${i}`,
  dog: width === 1280 ? 'Biscuit' : 'Pepper',
  breed: 'cockapoo',
  service: 'full',
  time: '18:00',
  minutes: 60,
  deposit: 0,
  price: 4500,
}));

/** Yesterday's visit the report card's spec checks in, completes and writes the report card of. */
export const REPORT_CARD_ROW = {
  id: 'e2ereportcardjuno000001',
  customer: 'e2ereportcustomer1',
  name: 'Maya Brook',
  phone: '+447700900591',
  dog: 'Juno',
  breed: 'beagle',
  service: 'full',
  time: '19:00',
  minutes: 60,
  deposit: 0,
  price: 4500,
};

/** Checked in with a surcharge the owner, away from the counter, agrees to by a texted link. */
export const CONSENT_LINK_ROW = {
  id: 'e2econsentlinkbooking001',
  customer: 'e2econsentcustomer1',
  name: 'Sam Smith',
  phone: '+447700900592',
  dog: 'Mabel',
  breed: 'cockapoo',
  service: 'full',
  time: '12:00',
  minutes: 60,
  deposit: 0,
  price: 4500,
};

/** Yesterday's visit whose balance is taken by a payment link (Full Groom, £45, nothing paid), beside Juno's evening hour. */
export const BALANCE_LINK_ROW = {
  id: 'e2ebalancelinkclover001',
  customer: 'e2ebalancecustomer1',
  name: 'Sam Carter',
  phone: '+447700900593',
  dog: 'Clover',
  breed: 'beagle',
  service: 'full',
  time: '19:00',
  minutes: 60,
  deposit: 0,
  price: 4500,
};

/** How many staff members the e2e server has for its workers (Playwright's parallelIndex). */
export const WORKER_STAFF = 8;

/**
 * One staff member per parallel Playwright worker, each signed in by its own number: two workers
 * asking codes for one number at once could each read the other's text from the inbox.
 */
export function workerStaffPhone(index: number): { phone: string; e164: string } {
  const n = index % WORKER_STAFF;
  return { phone: `07911 14900${n}`, e164: `+44791114900${n}` };
}

export async function seedWorkerStaff(): Promise<void> {
  await transaction(async (tx) => {
    for (let i = 0; i < WORKER_STAFF; i++) {
      await tx.query(
        `INSERT INTO customers (id, phone, name, privileges) VALUES ($1, $2, $3, 2) ON CONFLICT DO NOTHING`,
        [`e2eworkerstaff${String(i).padStart(4, '0')}`, workerStaffPhone(i).e164, `Worker Groomer ${i}`],
      );
    }
  });
}

/** The number of the stopped confirmation below: the dashboard's "Send again" texts it. */
export const STOPPED_TEXT_TO = '+447700900565';

/**
 * Two messages the outbox stopped trying, for the dashboard's "Messages not sent" (decision 065): a
 * confirmation whose every try failed, which staff may send again, and a code that expired unsent,
 * which they may not. Stopping one takes a day of the scheduled sender: written straight in.
 */
export async function seedStoppedMessages(now = new Date()): Promise<void> {
  const written = new Date(now.getTime() - 26 * 3600_000);
  const stopped = new Date(now.getTime() - 2 * 3600_000);
  await transaction(async (tx) => {
    await tx.query(
      `INSERT INTO outbox (kind, channel, recipient, body_text, attempts, created_at, send_after, first_attempt_at, failed_at, failure, last_error, dedupe_key)
       VALUES ('booking_confirmation', 'sms', $1, 'Leyton Dog Grooming: your booking is confirmed.', 27, $2, $2, $2, $3, 'undelivered',
               'SMS provider answered 503', 'e2e:stopped-confirmation'),
              ('phone_code', 'sms', '+447700900566', '000000 is your Leyton Dog Grooming code.', 3, $2, $2, $2, $2, 'expired',
               'It expired before it could be sent.', 'e2e:stopped-code')
       ON CONFLICT (dedupe_key) DO NOTHING`,
      [STOPPED_TEXT_TO, written, stopped],
    );
  });
}

/**
 * The waitlist offers only in waking hours (08:00–21:00 by default, decision 084): the end-to-end
 * server's shop keeps them all day, so its tests do not depend on the hour the suite runs. The change
 * of rules raises "a time has freed" over the horizon (decision 083); that look is taken here, so the
 * first offers the tests see are those of the times they free themselves.
 */
export async function seedAllDayWaitlist(): Promise<void> {
  await transaction(async (tx) => {
    await tx.query(
      `UPDATE settings SET booking = jsonb_set(booking, '{waitlist,wakingHours}', '{"from": "00:00", "to": "23:59"}'::jsonb)
        WHERE id`,
    );
    await tx.query(`UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL`);
  });
}

/**
 * A real opt-out link for /stop/{token}'s test (decision 090): an owner who ticked "News and offers"
 * and one nudge's token. A token is otherwise written only with a nudge, N weeks after a visit, which
 * no end-to-end day can reach; written straight in, hashed as newOptOutToken keeps it, so the page's
 * POST goes to the real function and the real table.
 */
export const E2E_OPT_OUT_TOKEN = 'e2e-opt-out-token-for-the-stop-page-0000000';

export async function seedOptOutToken(): Promise<void> {
  await transaction(async (tx) => {
    await tx.query(
      `INSERT INTO customers (id, phone, name, email, marketing_consent) VALUES ('e2e-nudged-owner', '+447700900567', 'Nia Nudged', 'nia@example.com', true)
       ON CONFLICT (id) DO NOTHING`,
    );
    await tx.query(
      `INSERT INTO marketing_opt_out_tokens (token_hash, customer_id, created_at) VALUES ($1, 'e2e-nudged-owner', now())
       ON CONFLICT DO NOTHING`,
      [hashAccessKey(E2E_OPT_OUT_TOKEN)],
    );
  });
}
