import {
  channelOf,
  CHANNELS,
  CUSTOMER_WEEKS,
  SOURCE_DAYS,
  type Channel,
  type DashboardResponse,
} from '../../domain/dashboard.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from '../../domain/london-time.ts';
import { mondayOf } from '../../domain/schedule.ts';
import { takingsOf } from '../../domain/ledger.ts';
import { db, type Tx } from '../db.ts';
import { appointmentsValueByPeriod, depositHeldSql, netOfBookingSql, takingsByPeriod } from '../money/ledger.ts';
import { loadMessageTrouble } from '../messages/stopped-messages.ts';
import { loadBookingSettings } from '../settings.ts';
import { textBudgetToday } from '../text-budget.ts';

/**
 * The dashboard's figures (their meaning: src/domain/dashboard.ts), each one query on an index:
 * takings read the ledger by the day the money moved (money_movements_at_idx, as Finances does), the
 * value of the days' appointments, no-shows and first visits read bookings by start (bookings_start_idx and the partial
 * index on active ones), deposits held the active ones ahead, and the channels the bookings and
 * visits of the last 30 days by when they were made (bookings_created_idx, visit_sessions_created_idx),
 * the tables refilled from the waitlist the bookings made from an offer (bookings_waitlist_offer_idx).
 * Today's and tomorrow's appointments come from the schedule (GET /management/schedule). Messages
 * the outbox stopped trying are listed with them, for staff to send again (decision 065), and the
 * day's text budget (decision 069).
 */
/** What a booking has brought the shop so far: its ledger rows, less a refund owed (src/domain/dashboard.ts). */
const TAKEN = netOfBookingSql('bookings');

export async function loadDashboard(now = new Date(), tx: Tx = db()): Promise<DashboardResponse> {
  const settings = await loadBookingSettings(tx);
  const tz = settings.timeZone;
  const today = todayIn(tz, now);
  const monday = mondayOf(today);
  const lastMonday = addDays(monday, -7);
  const at = (date: string) => zonedDateTimeToInstant(date, '00:00', tz);
  const since = new Date(now.getTime() - SOURCE_DAYS * 86_400_000);

  // Takings by the day the money moved, as Finances dates them; the value of the days' appointments apart.
  const range = { start: at(lastMonday), end: at(addDays(monday, 7)), timeZone: tz, by: 'day' as const };
  const moved = await takingsByPeriod(tx, range);
  const valued = await appointmentsValueByPeriod(tx, range);
  const week = (first: string, of: (day: string) => number) => ({
    monday: first,
    days: Array.from({ length: 7 }, (_, i) => of(addDays(first, i))),
  });
  const taken = (day: string) => takingsOf(moved.filter((m) => m.period === day)).takingsPence;
  const value = (day: string) => valued.get(day) ?? 0;

  const {
    rows: [held],
  } = await tx.query<{ pence: number; appointments: number }>(
    `SELECT COALESCE(sum(h.pence), 0)::int AS pence, count(*)::int AS appointments
       FROM bookings b CROSS JOIN LATERAL (SELECT ${depositHeldSql('b')} AS pence) h
      WHERE b.status = 'confirmed' AND b.start_at > $1 AND h.pence > 0
        AND (b.attendance IS NULL OR b.attendance = 'arrived')`,
    [now],
  );

  const fourWeeksAgo = new Date(now.getTime() - 28 * 86_400_000);
  const {
    rows: [shows],
  } = await tx.query<{
    this_week: number;
    last_week: number;
    no_shows_28: number;
    passed_28: number;
    unmarked_today: number;
  }>(
    `SELECT count(*) FILTER (WHERE attendance = 'no_show' AND start_at >= $2)::int AS this_week,
            count(*) FILTER (WHERE attendance = 'no_show' AND start_at >= $1 AND start_at < $2)::int AS last_week,
            count(*) FILTER (WHERE attendance = 'no_show' AND start_at >= $4 AND start_at < $5)::int AS no_shows_28,
            count(*) FILTER (WHERE start_at >= $4 AND start_at < $5)::int AS passed_28,
            count(*) FILTER (WHERE attendance IS NULL AND start_at >= $3 AND start_at < $5)::int AS unmarked_today
       FROM bookings
      WHERE status = 'confirmed' AND start_at >= LEAST($1::timestamptz, $4::timestamptz) AND start_at < GREATEST($6::timestamptz, $5::timestamptz)`,
    [at(lastMonday), at(monday), at(today), fourWeeksAgo, now, at(addDays(monday, 7))],
  );

  const firstMonday = addDays(monday, -7 * (CUSTOMER_WEEKS - 1));
  const { rows: visitsByWeek } = await tx.query<{ monday: string; first: number; returning: number }>(
    `SELECT to_char(date_trunc('week', b.start_at AT TIME ZONE $3), 'YYYY-MM-DD') AS monday,
            count(*) FILTER (WHERE first)::int AS first, count(*) FILTER (WHERE NOT first)::int AS returning
       FROM (
         SELECT b.start_at, NOT EXISTS (
                  SELECT 1 FROM bookings p
                   WHERE p.status = 'confirmed' AND p.start_at < b.start_at
                     AND (p.customer_id = b.customer_id OR (b.contact_phone IS NOT NULL AND p.contact_phone = b.contact_phone))
                ) AS first
           FROM bookings b WHERE b.status = 'confirmed' AND b.start_at >= $1 AND b.start_at < $2
       ) b GROUP BY 1`,
    [at(firstMonday), at(addDays(monday, 7)), tz],
  );
  const weeks = new Map(visitsByWeek.map((w) => [w.monday, w]));

  const { rows: visits } = await tx.query<{ source: string | null; n: number }>(
    'SELECT campaign_source AS source, count(*)::int AS n FROM visit_sessions WHERE created_at >= $1 GROUP BY 1',
    [since],
  );
  // Booked means confirmed (or confirmed, then cancelled); a hold never paid for was not a booking.
  const { rows: made } = await tx.query<{ source: string | null; visit: boolean; by_phone: boolean; n: number }>(
    `SELECT v.campaign_source AS source, v.id IS NOT NULL AS visit, b.created_by IS NOT NULL AS by_phone, count(*)::int AS n
       FROM bookings b LEFT JOIN visit_sessions v ON v.id = b.session_id
      WHERE b.created_at >= $1 AND b.status IN ('confirmed', 'cancelled')
      GROUP BY 1, 2, 3`,
    [since],
  );
  const channels = new Map<Channel, { visits: number; bookings: number }>(
    CHANNELS.map((c) => [c, { visits: 0, bookings: 0 }]),
  );
  for (const v of visits) channels.get(channelOf(v.source))!.visits += v.n;
  let unattributed = 0;
  let byPhone = 0;
  for (const m of made) {
    if (m.by_phone) byPhone += m.n;
    else if (!m.visit) unattributed += m.n;
    else channels.get(channelOf(m.source))!.bookings += m.n;
  }

  // When the offer was taken is when the booking was made (created_at); a hold lapsed unpaid refilled nothing.
  const {
    rows: [refills],
  } = await tx.query<Record<`${'this_week' | 'last_week' | 'last_28'}_${'tables' | 'pence'}`, number>>(
    `SELECT count(*) FILTER (WHERE status = 'confirmed' AND created_at >= $2)::int AS this_week_tables,
            COALESCE(sum(${TAKEN}) FILTER (WHERE created_at >= $2), 0)::int AS this_week_pence,
            count(*) FILTER (WHERE status = 'confirmed' AND created_at >= $1 AND created_at < $2)::int AS last_week_tables,
            COALESCE(sum(${TAKEN}) FILTER (WHERE created_at >= $1 AND created_at < $2), 0)::int AS last_week_pence,
            count(*) FILTER (WHERE status = 'confirmed' AND created_at >= $3)::int AS last_28_tables,
            COALESCE(sum(${TAKEN}) FILTER (WHERE created_at >= $3), 0)::int AS last_28_pence
       FROM bookings
      WHERE waitlist_offer_id IS NOT NULL AND status IN ('confirmed', 'cancelled')
        AND created_at >= LEAST($1::timestamptz, $3::timestamptz) AND created_at <= $4`,
    [at(lastMonday), at(monday), fourWeeksAgo, now],
  );
  const refilled = (period: 'this_week' | 'last_week' | 'last_28') => ({
    tables: refills?.[`${period}_tables`] ?? 0,
    pence: refills?.[`${period}_pence`] ?? 0,
  });

  return {
    timeZone: tz,
    today,
    takings: { thisWeek: week(monday, taken), lastWeek: week(lastMonday, taken) },
    appointmentsValue: { thisWeek: week(monday, value), lastWeek: week(lastMonday, value) },
    depositsHeld: { pence: held?.pence ?? 0, appointments: held?.appointments ?? 0 },
    noShows: {
      thisWeek: shows?.this_week ?? 0,
      lastWeek: shows?.last_week ?? 0,
      last28Days: { noShows: shows?.no_shows_28 ?? 0, appointments: shows?.passed_28 ?? 0 },
      unmarkedToday: shows?.unmarked_today ?? 0,
    },
    customers: Array.from({ length: CUSTOMER_WEEKS }, (_, i) => {
      const first = addDays(firstMonday, 7 * i);
      const w = weeks.get(first);
      return { monday: first, first: w?.first ?? 0, returning: w?.returning ?? 0 };
    }),
    sources: {
      since: since.toISOString(),
      channels: CHANNELS.map((channel) => ({ channel, ...channels.get(channel)! })),
      unattributed,
      byPhone,
    },
    refilled: { thisWeek: refilled('this_week'), lastWeek: refilled('last_week'), last28Days: refilled('last_28') },
    messages: await loadMessageTrouble(now, tx),
    textBudget: await textBudgetFigures(now, tx),
  };
}

async function textBudgetFigures(now: Date, tx: Tx): Promise<DashboardResponse['textBudget']> {
  const { resetsAt, ...figures } = await textBudgetToday(now, tx);
  return { ...figures, resetsAt: resetsAt.toISOString() };
}
