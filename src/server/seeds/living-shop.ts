import { createHash, randomUUID } from 'node:crypto';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import { isBankHoliday } from '../../domain/bank-holidays.ts';
import { quote } from '../../domain/pricing.ts';
import {
  addDays,
  minutesOfTime,
  timeOfMinutes,
  todayIn,
  weekdayOf,
  zonedDateTimeToInstant,
} from '../../domain/london-time.ts';
import { loadService } from '../bookings/catalogue.ts';
import { serviceForSize, sizeOfDog, type CatalogueService } from '../../domain/catalogue.ts';
import { writeBooking } from '../bookings/create-booking.ts';
import { cancel as cancelBooking, mark } from '../bookings/booking-life.ts';
import { isoWeekday } from '../../domain/waitlist-words.ts';
import { idempotencyDigest } from '../sealed.ts';
import { waitlistRequestHash, writeWaitlistRequest } from '../waitlist/join.ts';
import type { Tx } from '../db.ts';
import { randomId } from '../ids.ts';
import { recordMoney } from '../money/ledger.ts';
import { loadBookingSettings } from '../settings.ts';
import {
  DEMO_BREEDS,
  DEMO_PEOPLE,
  DOG_NAMES,
  FIRST_NAMES,
  SURNAMES,
  TEMPERAMENTS,
  VETS,
  type DemoBreed,
  type DemoPerson,
} from './living-shop-people.ts';
import type { Seeder } from './types.ts';
import site from '../../../content/site.json' with { type: 'json' };
import { DEMO_DEPOSIT_PENCE } from './demo-deposit.ts';
import { isStaffSql, notStaffSql } from '../privileges.ts';

/**
 * The living demo shop (docs/decisions/074-a-living-demo-shop.md): three weeks of visits behind
 * and two ahead, so the dashboard, schedule, finances and customer pages of `npm start` show what
 * they are for. Only `npm start` and `npm run dev` run it (seedDemoBusiness({ living: true })); the
 * tests' demo business stays the one staff member, so no test depends on this shop's days.
 *
 * Every booking goes through writeBooking, the write an online or phone booking makes, at the
 * moment it was made: the opening hours, bank holidays, closed days and the tables are checked as
 * they were then, the quote is the server's, and the capacity trigger has the last word. What
 * happened afterwards (a deposit paid, the dog collected and the balance taken, a no-show, a
 * cancellation) is written as the counter and the webhook write it, dated when it happened, so the
 * ledger (src/server/money/ledger.ts) records each on its day. The messages those bookings queued are removed
 * in the same transaction: nothing of this history is ever sent.
 *
 * Deterministic for a given `now` (a seeded PRNG; only the ids are random, as booking ids must be).
 */
const DAYS_BACK = 21;
const DAYS_AHEAD = 14;
/** Customers in the book beyond the named ones, and the fewest days between two visits of a dog. */
const MORE_PEOPLE = 110;
const DAYS_BETWEEN_VISITS = 10;
const MINUTE = 60_000;
const DAY = 86_400_000;
// The history happened on the shop's public site: its visits landed there, and the links of the
// messages it would have sent (removed below) point there.
const SITE = site.url;

/** mulberry32: a small, seeded PRNG, so the same `now` gives the same shop. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DemoDog {
  id: string;
  customerId: string;
  name: string;
  breed: DemoBreed;
  weightKg: number;
}

interface Planned {
  date: string;
  start: Date;
  service: CatalogueService;
  /** The visit's length for this dog's size. */
  minutes: number;
  dog: DemoDog;
}

function isOpen(date: string, settings: BookingSettings): boolean {
  if (!settings.openingHours[weekdayOf(date)]) return false;
  if (settings.closedOnBankHolidays && isBankHoliday(date)) return false;
  return !settings.closures.includes(date);
}

export async function seedLivingShop(tx: Tx, now = new Date()): Promise<{ seeded?: string[]; notes?: string[] }> {
  const {
    rows: [existing],
  } = await tx.query<{ customers: number; bookings: number }>(
    `SELECT (SELECT count(*) FROM customers WHERE ${notStaffSql()})::int AS customers, (SELECT count(*) FROM bookings)::int AS bookings`,
  );
  if (!existing || existing.customers > 0 || existing.bookings > 0) return {};
  const {
    rows: [staff],
  } = await tx.query<{ id: string }>(`SELECT id FROM customers WHERE ${isStaffSql()} ORDER BY created_at, id LIMIT 1`);

  const settings = await loadBookingSettings(tx);
  const tz = settings.timeZone;
  const today = todayIn(tz, now);
  const random = prng(19);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (low: number, high: number) => low + random() * (high - low);

  const services = new Map<string, CatalogueService>();
  for (const id of ['full', 'shower', 'puppy', 'deshed', 'tidy', 'hand-strip', 'nails', 'ears-teeth']) {
    const service = await loadService(tx, id);
    if (service) services.set(id, service);
  }
  const sized = (service: CatalogueService, dog: DemoDog) =>
    serviceForSize(service, sizeOfDog(dog.weightKg, settings.sizeLimitsKg));

  // People and dogs first, as the shop knew them before these weeks.
  const dogs: DemoDog[] = [];
  const contacts = new Map<string, { name: string; email: string; phone: string }>();
  const people: DemoPerson[] = [...DEMO_PEOPLE];
  for (let i = 0; i < MORE_PEOPLE; i++) {
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${SURNAMES[(i * 7) % SURNAMES.length]}`;
    const breeds = [pick(DEMO_BREEDS).id, pick(DEMO_BREEDS).id];
    const dogNames = [DOG_NAMES[i % DOG_NAMES.length]!, DOG_NAMES[(i + 11) % DOG_NAMES.length]!];
    const count = random() < 0.15 ? 2 : 1;
    people.push({
      name,
      phone: 131 + i,
      dogs: dogNames.slice(0, count).map((n, j) => ({ name: n, breed: breeds[j]! })),
    });
  }
  for (const person of people) {
    const customerId = randomId(16);
    const joined = new Date(now.getTime() - Math.round(between(30, 400)) * DAY);
    const email = `${person.name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z ]/g, '')
      .replace(/ +/g, '.')}@example.com`;
    await tx.query(
      `INSERT INTO customers (id, phone, name, email, notes, marketing_consent, phone_verified_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $7)`,
      [customerId, `+447700900${person.phone}`, person.name, email, person.notes ?? '', random() < 0.4, joined],
    );
    contacts.set(customerId, { name: person.name, email, phone: `+447700900${person.phone}` });
    for (const d of person.dogs) {
      const breed = DEMO_BREEDS.find((b) => b.id === d.breed)!;
      const weightKg = Math.round(between(breed.kg[0], breed.kg[1]) * 10) / 10;
      const vet = pick(VETS);
      const vaccinations =
        random() < 0.7
          ? [
              { name: 'Kennel cough', expiresOn: addDays(today, Math.round(between(-20, 300))) },
              { name: 'DHPP booster', expiresOn: addDays(today, Math.round(between(20, 360))) },
            ]
          : [];
      const temperament = pick(TEMPERAMENTS);
      const dogId = randomId(12);
      await tx.query(
        `INSERT INTO dogs (id, customer_id, name, breed_id, weight_kg, coat, nervous, temperament, vet_name, vet_phone, vaccinations, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
        [
          dogId,
          customerId,
          d.name,
          breed.id,
          weightKg,
          breed.coat,
          temperament.startsWith('Nervous'),
          temperament,
          vet.name,
          vet.phone,
          JSON.stringify(vaccinations),
          joined,
        ],
      );
      dogs.push({ id: dogId, customerId, name: d.name, breed, weightKg });
    }
  }

  // The days: each table of each open day filled from opening time, busier behind than ahead,
  // and the first open day from the day after tomorrow full on every table.
  let fullDay: string | null = null;
  for (let d = 2; d <= 8 && !fullDay; d++) if (isOpen(addDays(today, d), settings)) fullDay = addDays(today, d);
  const planned: Planned[] = [];
  const lastVisit = new Map<string, string>();
  for (let offset = -DAYS_BACK; offset <= DAYS_AHEAD; offset++) {
    const date = addDays(today, offset);
    if (!isOpen(date, settings)) continue;
    const hours = settings.openingHours[weekdayOf(date)]!;
    const opens = minutesOfTime(hours.opens);
    const closes = minutesOfTime(hours.closes);
    const full = date === fullDay;
    const busy = full ? 1 : offset <= 0 ? 0.66 : Math.max(0.12, 0.62 - offset * 0.04);
    for (let table = 0; table < settings.capacity; table++) {
      let at = opens;
      while (at < closes) {
        if (!full && random() > busy) {
          at += pick([15, 30, 45, 60, 90]);
          continue;
        }
        // Regulars come back every few weeks, not every few days.
        const free = dogs.filter((dog) => {
          const last = lastVisit.get(dog.id);
          return !last || addDays(last, DAYS_BETWEEN_VISITS) <= date;
        });
        if (free.length === 0) break;
        const dog = pick(free);
        let service = services.get(pick(dog.breed.services));
        if (!service || at + sized(service, dog).durationMin > closes) {
          // The day's end: a short service that fits, or (on an ordinary day) none.
          const fits = [...services.values()].filter(
            (s) => at + sized(s, dog).durationMin <= closes && s.kind !== 'puppy',
          );
          if (!full || fits.length === 0) break;
          service = fits.reduce((a, b) => (sized(b, dog).durationMin > sized(a, dog).durationMin ? b : a));
        }
        const minutes = sized(service, dog).durationMin;
        lastVisit.set(dog.id, date);
        planned.push({ date, start: zonedDateTimeToInstant(date, timeOfMinutes(at), tz), service, minutes, dog });
        at += minutes;
      }
    }
  }

  // Which past visit was a no-show and which were cancelled: fixed picks of the plan, so each shows.
  const past = planned.filter((p) => p.start.getTime() + p.minutes * MINUTE <= now.getTime());
  const ahead = planned.filter((p) => p.start.getTime() > now.getTime() && p.date !== fullDay);
  const noShow = past[Math.floor(past.length * 0.8)];
  const cancelled = new Set([past[Math.floor(past.length * 0.4)], ahead[Math.floor(ahead.length * 0.3)]]);

  const tally = { bookings: 0, completed: 0, deposits: 0, takenPence: 0 };
  const visitsOf = new Map<string, Date[]>();
  for (const plan of planned) {
    const { start, service, dog } = plan;
    const end = new Date(start.getTime() + plan.minutes * MINUTE);
    // The cancellation behind us was paid online, so its refund shows in the finances.
    const refunded = cancelled.has(plan) && start.getTime() < now.getTime();
    // Made a day to two weeks before, in the daytime (few book at night), never after now. The
    // refunded one two days or more before: a deposit is taken only a day ahead, and made the day
    // before at a later hour than its start it took none, and the finances showed no refund on
    // days such as 23 December 2026 (issue 28).
    const daytime = () => timeOfMinutes(8 * 60 + 15 * Math.floor(random() * 40));
    let madeAt = zonedDateTimeToInstant(addDays(plan.date, -Math.floor(between(refunded ? 2 : 1, 15))), daytime(), tz);
    if (madeAt.getTime() > now.getTime()) {
      madeAt = zonedDateTimeToInstant(addDays(today, -1 - Math.floor(random() * 2)), daytime(), tz);
    }
    const online = (random() < 0.6 || refunded) && start.getTime() - madeAt.getTime() > DAY;
    const contact = contacts.get(dog.customerId)!;
    const bookingId = randomId(18);
    let sessionId: string | null = null;
    if (online) {
      sessionId = randomId(16);
      const from = random();
      await tx.query(
        `INSERT INTO visit_sessions (id, landing_url, landing_path, gclid, fbclid, campaign_source, customer_id, created_at, last_seen_at)
         VALUES ($1, $2, '/book', $3, $4, $5, $6, $7, $7)`,
        [
          sessionId,
          `${SITE}/book`,
          from < 0.35 ? `demo-${sessionId}` : null,
          from >= 0.35 && from < 0.5 ? `demo-${sessionId}` : null,
          from < 0.35 ? 'google ads' : from < 0.5 ? 'facebook ads' : null,
          dog.customerId,
          new Date(madeAt.getTime() - 4 * MINUTE),
        ],
      );
    }
    const written = await writeBooking(
      tx,
      {
        bookingId,
        visit: { serviceId: service.id, weightKg: dog.weightKg, breedId: dog.breed.id },
        start,
        contact,
        idempotencyKey: `demo-${bookingId}`,
        requestHash: createHash('sha256').update(`demo:${bookingId}`).digest('hex'),
        onlineDeposit: false,
        source: online ? null : 'phone',
        sessionId,
        actor: online || !staff ? { kind: 'customer' } : { kind: 'staff', staffId: staff.id, note: null },
        siteUrl: SITE,
        party: async () => ({ customerId: dog.customerId, dogId: dog.id, phoneProven: true }),
      },
      madeAt,
    );
    if (written.messageIds.length)
      await tx.query('DELETE FROM outbox WHERE id = ANY($1::bigint[])', [written.messageIds]);
    tally.bookings++;

    // An online booking paid its deposit at Stripe's page a few minutes after it was made.
    let depositPaid = 0;
    if (online && (random() < 0.5 || refunded)) {
      depositPaid = DEMO_DEPOSIT_PENCE;
      const size = sized(service, dog);
      const withDeposit = quote({
        service: { price: size.pricePence, kind: service.kind, title: service.title },
        size: size.size,
        dogWeightKg: dog.weightKg,
        settings: { promotion: settings.promotion, deposit: { kind: 'fixed', pence: DEMO_DEPOSIT_PENCE } },
        now: madeAt,
      });
      await tx.query(
        `UPDATE bookings SET quote = $2, deposit_pence = $3, deposit_paid_pence = $3, stripe_payment_intent = $4, updated_at = $5
          WHERE id = $1`,
        [
          bookingId,
          JSON.stringify(withDeposit),
          withDeposit.depositPence,
          `pi_demo_${bookingId}`,
          new Date(madeAt.getTime() + 3 * MINUTE),
        ],
      );
      await recordMoney(tx, {
        bookingId,
        kind: 'deposit',
        method: 'online',
        pence: withDeposit.depositPence,
        at: new Date(madeAt.getTime() + 3 * MINUTE),
        stripeRef: `pi_demo_${bookingId}`,
      });
      tally.deposits++;
    }

    if (cancelled.has(plan)) {
      const at = new Date(Math.min(start.getTime() - 2 * DAY, now.getTime() - 60 * MINUTE));
      // Cancelled in the free period through the one writer of a booking's state; the refund was made then.
      const cancelledAt = new Date(Math.max(at.getTime(), madeAt.getTime() + 10 * MINUTE));
      const reason = depositPaid > 0 ? 'owner_in_free_period' : 'nothing_paid';
      await cancelBooking(
        tx,
        bookingId,
        'owner',
        { refundPence: 0, keptPence: 0, reason },
        'cancelled by the customer',
        cancelledAt,
      );
      await tx.query(
        `UPDATE bookings SET deposit_refunded_pence = deposit_paid_pence,
                stripe_refund_id = CASE WHEN deposit_paid_pence > 0 THEN 're_demo_' || id END
          WHERE id = $1`,
        [bookingId],
      );
      await recordMoney(tx, {
        bookingId,
        kind: 'refund',
        method: 'online',
        pence: -depositPaid,
        at: new Date(Math.max(at.getTime(), madeAt.getTime() + 10 * MINUTE)),
        stripeRef: `re_demo_${bookingId}`,
      });
      continue;
    }
    if (plan === noShow) {
      await mark(tx, bookingId, 'no_show', new Date(start.getTime() + 30 * MINUTE));
      continue;
    }
    if (start.getTime() > now.getTime()) continue;
    if (end.getTime() > now.getTime()) {
      await mark(tx, bookingId, 'arrived', new Date(start.getTime() - 5 * MINUTE));
      continue;
    }
    // Collected: the balance taken at the counter, by card mostly, sometimes a little over the
    // "from" price for a coat that took longer.
    const { rows: q } = await tx.query<{ total: number }>(
      `SELECT (quote ->> 'totalFromPence')::int AS total FROM bookings WHERE id = $1`,
      [bookingId],
    );
    const extra = service.kind === 'full' && random() < 0.3 ? pick([500, 1000]) : 0;
    const balance = Math.max(0, q[0]!.total + extra - depositPaid);
    const paidAt = new Date(end.getTime() + 5 * MINUTE);
    const method = random() < 0.7 ? 'card' : 'cash';
    await mark(tx, bookingId, 'arrived', new Date(start.getTime() - 5 * MINUTE));
    await mark(tx, bookingId, 'completed', paidAt);
    await tx.query(
      `UPDATE bookings SET balance_paid_pence = $2, balance_method = CASE WHEN $2 > 0 THEN $3 END,
              balance_paid_at = CASE WHEN $2 > 0 THEN $4::timestamptz END
        WHERE id = $1`,
      [bookingId, balance, method, paidAt],
    );
    await recordMoney(tx, { bookingId, kind: 'balance', method, pence: balance, at: paidAt });
    tally.completed++;
    tally.takenPence += balance + depositPaid;
    visitsOf.set(dog.id, [...(visitsOf.get(dog.id) ?? []), start]);
  }

  // Visitors who looked and did not book, so the sources have something to divide by.
  await tx.query(
    `INSERT INTO visit_sessions (id, landing_url, landing_path, campaign_source, created_at, last_seen_at)
     SELECT 'demo-visit-' || n, $1 || '/', '/', (ARRAY['google ads', 'facebook ads', NULL, NULL])[1 + n % 4],
            $2::timestamptz - (n * interval '157 minutes'), $2::timestamptz - (n * interval '157 minutes')
       FROM generate_series(1, 180) AS n`,
    [SITE, now],
  );

  // Weight history: the dog weighed at each visit, ending at today's weight. Written here, as the
  // trigger dates every weight it records at this transaction's time.
  for (const dog of dogs) {
    const visits = visitsOf.get(dog.id) ?? [];
    await tx.query('DELETE FROM dog_weights WHERE dog_id = $1', [dog.id]);
    const weights = visits.map((at, i) => ({
      at,
      kg: i === visits.length - 1 ? dog.weightKg : Math.round((dog.weightKg + between(-0.8, 0.4)) * 10) / 10,
    }));
    if (weights.length === 0) weights.push({ at: new Date(now.getTime() - 40 * DAY), kg: dog.weightKg });
    for (const w of weights) {
      await tx.query('INSERT INTO dog_weights (dog_id, weight_kg, recorded_at) VALUES ($1, $2, $3)', [
        dog.id,
        w.kg,
        w.at,
      ]);
    }
  }

  const waiting = fullDay ? await seedWaitlist(tx, fullDay, dogs, contacts, planned, now) : 0;

  return {
    seeded: [
      `a living shop of ${people.length} customers with ${dogs.length} dogs, ${tally.bookings} bookings from ${addDays(today, -DAYS_BACK)} to ${addDays(today, DAYS_AHEAD)} (${tally.completed} completed, £${(tally.takenPence / 100).toFixed(2)} taken, ${tally.deposits} deposits, 1 no-show, ${cancelled.size} cancelled${fullDay ? `, ${fullDay} full with ${waiting} owners on its waitlist` : ''})`,
    ],
  };
}

/**
 * Owners waiting for the full day (decision 088), so a tester who cancels one of its bookings in the
 * staff schedule sees the offer leave: dogs with nothing booked from today on, each owner's one
 * request, a short visit first so any freed time suits someone. Written through the join's own write
 * an hour apart (first asked, first offered); the confirmations it queues are removed, as the bookings'.
 */
async function seedWaitlist(
  tx: Tx,
  fullDay: string,
  dogs: readonly DemoDog[],
  contacts: ReadonlyMap<string, { name: string; email: string; phone: string }>,
  planned: readonly Planned[],
  now: Date,
): Promise<number> {
  const today = todayIn((await loadBookingSettings(tx)).timeZone, now);
  const booked = new Set(planned.filter((p) => p.date >= today).map((p) => p.dog.customerId));
  const owners = new Set<string>();
  const chosen = dogs.filter((dog) => {
    if (booked.has(dog.customerId) || owners.has(dog.customerId)) return false;
    owners.add(dog.customerId);
    return true;
  });
  const asks = ['nails', 'shower', 'full'];
  for (const [i, serviceId] of asks.entries()) {
    const dog = chosen[i]!;
    const contact = contacts.get(dog.customerId)!;
    const key = randomUUID();
    const request = {
      serviceId,
      dog: { name: dog.name, breedId: dog.breed.id, weightKg: dog.weightKg, coat: dog.breed.coat },
      from: fullDay,
      to: fullDay,
      weekdays: [isoWeekday(fullDay)],
      parts: ['morning', 'afternoon'] as Array<'morning' | 'afternoon'>,
      owner: { name: contact.name, phone: contact.phone, email: contact.email },
      notify: { text: true, email: false },
    };
    const written = await writeWaitlistRequest(
      tx,
      { request, digest: idempotencyDigest(key), requestHash: waitlistRequestHash(request) },
      { siteUrl: SITE },
      new Date(now.getTime() - (asks.length - i) * 60 * MINUTE),
    );
    if (written.messageIds.length)
      await tx.query('DELETE FROM outbox WHERE id = ANY($1::bigint[])', [written.messageIds]);
  }
  return asks.length;
}

export const seedLivingDemo: Seeder = (tx) => seedLivingShop(tx);
