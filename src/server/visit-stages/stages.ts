import site from '../../../content/site.json' with { type: 'json' };
import type { ScheduleBooking } from '../../domain/schedule.ts';
import {
  mayMoveStage,
  partyReached,
  stageIndex,
  stageText,
  TEXTED_STAGES,
  type OwnerStage,
  type StageRequest,
  type VisitStage,
  type VisitStatus,
} from '../../domain/visit-stages.ts';
import { audit } from '../audit.ts';
import { db, transaction, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { bookingNotFound, scheduleBooking } from '../schedule/schedule.ts';
import type { StaffMember } from '../staff.ts';
import { LATEST_STAGE_SQL } from './stages-sql.ts';

/**
 * The visit's live status (docs/decisions/092): staff tap the dog on a stage, audited, in one
 * transaction with the owner's text when the stage sends one; the owner's page reads the status.
 */

export interface StageMoved {
  booking: ScheduleBooking;
  previous: VisitStage;
  /** Outbox rows written by this move, to send now. */
  messageIds: string[];
}

const OWNER_STAGE_SQL = `CASE b.attendance WHEN 'completed' THEN 'completed'
  WHEN 'arrived' THEN COALESCE(${LATEST_STAGE_SQL}, 'checked_in') END`;

/** The dogs of a booking's party (a booking alone is a party of one), in the order they were booked. */
async function partyDogs(tx: Tx, id: string): Promise<Array<{ id: string; name: string; stage: OwnerStage | null }>> {
  const { rows } = await tx.query<{ id: string; name: string; stage: OwnerStage | null }>(
    `SELECT b.id, d.name, ${OWNER_STAGE_SQL} AS stage
       FROM bookings me
       JOIN bookings b ON b.id = me.id OR (me.party_id IS NOT NULL AND b.party_id = me.party_id)
       JOIN dogs d ON d.id = b.dog_id
      WHERE me.id = $1 AND b.status = 'confirmed' AND b.attendance IS DISTINCT FROM 'no_show'
      ORDER BY b.created_at, b.id`,
    [id],
  );
  return rows;
}

export async function moveStage(
  id: string,
  request: StageRequest,
  staff: Pick<StaffMember, 'customerId'>,
  siteUrl: string,
  now = new Date(),
): Promise<StageMoved> {
  return transaction(async (tx) => {
    const {
      rows: [b],
    } = await tx.query<{
      attendance: 'arrived' | 'completed' | 'no_show' | null;
      party_id: string | null;
      phone: string | null;
      stage: VisitStage | null;
    }>(
      `SELECT b.attendance, b.party_id, COALESCE(b.contact_phone, c.phone) AS phone, ${LATEST_STAGE_SQL} AS stage
         FROM bookings b JOIN customers c ON c.id = b.customer_id WHERE b.id = $1 FOR UPDATE OF b`,
      [id],
    );
    if (!b) throw bookingNotFound();
    const previous = b.stage ?? 'checked_in';
    const decision = mayMoveStage({ attendance: b.attendance, from: previous, to: request.stage });
    if (!decision.allowed) throw new HttpError(409, decision.message, { code: 'policy' });
    const messageIds: string[] = [];
    if (decision.changed) {
      await tx.query('INSERT INTO visit_stages (booking_id, stage, at, by) VALUES ($1, $2, $3, $4)', [
        id,
        request.stage,
        now,
        staff.customerId,
      ]);
      await audit(tx, staff, 'booking.stage', 'booking', id, {
        before: { stage: previous },
        after: { stage: request.stage },
      });
      // Only the stage tapped forward to texts: an undo says nothing, and a jump past "ready in 15
      // minutes" straight to "ready" does not send the stale one.
      const texted = TEXTED_STAGES.find((s) => s === request.stage);
      if (texted && stageIndex(request.stage) > stageIndex(previous)) {
        const queued = await textIfDue(tx, id, b.party_id, b.phone, texted as 'ready_soon' | 'ready', siteUrl);
        if (queued) messageIds.push(queued);
      }
    }
    return { booking: (await scheduleBooking(tx, id))!, previous, messageIds };
  });
}

/**
 * The party's one text for a stage, once its last dog is there: the dedupe key (per party, or per
 * booking alone, and stage) keeps an undo and a second tap from sending it again.
 */
async function textIfDue(
  tx: Tx,
  id: string,
  partyId: string | null,
  phone: string | null,
  stage: 'ready_soon' | 'ready',
  siteUrl: string,
): Promise<string | null> {
  if (!phone) return null;
  const dogs = await partyDogs(tx, id);
  if (
    !partyReached(
      stage,
      dogs.map((d) => d.stage ?? 'checked_in'),
    )
  )
    return null;
  // Only the dogs still in the shop: one collected already is not "ready" again.
  const names = dogs.filter((d) => d.stage !== 'completed').map((d) => d.name);
  if (names.length === 0) return null;
  return enqueueMessage(tx, {
    kind: `visit_${stage}`,
    channel: 'sms',
    recipient: phone,
    // The party's page is its first dog's (decision 082).
    bodyText: stageText(stage, site.name, names, `${siteUrl}/b/${partyId ?? id}`),
    bookingId: id,
    dedupeKey: `visit:${stage}:${partyId ?? id}`,
  });
}

/**
 * The owner's live status: each dog's name and stage, null before check-in. Nothing else personal:
 * the id is the key, as for the booking's page. A booking not confirmed has no visit to follow.
 */
export async function visitStatus(id: string): Promise<VisitStatus> {
  const dogs = await partyDogs(db(), id);
  if (dogs.length === 0) throw new HttpError(404, 'We could not find that booking.', { code: 'not_found' });
  const paid = await db().query('SELECT 1 FROM bookings WHERE id = $1 AND balance_method = $2', [id, 'online']);
  return { dogs: dogs.map(({ name, stage }) => ({ name, stage })), ...(paid.rows.length ? { balancePaid: true } : {}) };
}
