import { tierFor, type CheckInRequest } from '../../domain/check-in.ts';
import type { ScheduleBooking } from '../../domain/schedule.ts';
import { mayMarkAttendance, type Attendance } from '../../domain/staff-rules.ts';
import { audit } from '../audit.ts';
import { mark } from '../bookings/booking-life.ts';
import { transaction } from '../db.ts';
import { HttpError } from '../http.ts';
import { loadBookingSettings } from '../settings.ts';
import type { StaffMember } from '../staff.ts';
import { hasVisitPhoto } from '../visit-photo-store.ts';
import { bookingNotFound, scheduleBooking } from './schedule.ts';

/**
 * Check-in at the counter (docs/decisions/091): the dog's condition, the tier and the surcharge the
 * server finds in the settings, the photo, a change to the instructions and the owner's consent, kept
 * with the booking marked 'arrived' in one audited transaction. 'arrived' is the start of the visit
 * the live status follows, so a check-in sets it exactly as the schedule's old "Arrived" did.
 */

type Staff = Pick<StaffMember, 'customerId'>;

export async function checkIn(
  id: string,
  request: CheckInRequest,
  staff: Staff,
  now = new Date(),
): Promise<{ booking: ScheduleBooking }> {
  if (request.photoKey && !(await hasVisitPhoto(request.photoKey)))
    throw new HttpError(400, 'That photo did not arrive. Please take it again.', { code: 'invalid' });
  return transaction(async (tx) => {
    const {
      rows: [b],
    } = await tx.query<{
      status: 'pending_payment' | 'confirmed' | 'cancelled' | 'expired';
      start_at: Date;
      attendance: Attendance | null;
      contact_name: string;
    }>('SELECT status, start_at, attendance, contact_name FROM bookings WHERE id = $1 FOR UPDATE', [id]);
    if (!b) throw bookingNotFound();
    const settings = await loadBookingSettings(tx);
    const tier = tierFor(settings.checkIn, request.tierId);
    if (tier === 'unknown')
      throw new HttpError(400, 'That tier is not one of the shop’s. Please choose one from the list.', {
        code: 'invalid',
      });
    // Checking in again (a photo retaken, a tier changed) is allowed while the dog is here, not after.
    if (b.attendance !== 'arrived') {
      const decision = mayMarkAttendance({
        status: b.status,
        start: b.start_at,
        now,
        timeZone: settings.timeZone,
        to: 'arrived',
      });
      if (!decision.allowed) throw new HttpError(409, decision.message, { code: 'policy' });
      if (b.attendance !== null)
        throw new HttpError(409, 'This visit is already marked. Undo the mark first.', { code: 'policy' });
    }
    const surchargePence = tier?.surchargePence ?? 0;
    const consent = surchargePence > 0 ? (request.consent ?? null) : null;
    // A signature drawn without a name beside it is the booking's contact's (decision 093).
    const consentName = consent ? (consent.name ?? b.contact_name) : null;
    const signature = consent?.method === 'drawn' ? consent.signature : null;
    const { rows: before } = await tx.query('SELECT * FROM check_ins WHERE booking_id = $1', [id]);
    await tx.query(
      `INSERT INTO check_ins (booking_id, checked_in_at, checked_in_by, condition, tier_id, tier_label, tier_kind,
                              surcharge_pence, instructions, photo_key, consent_method, consent_name, consented_at,
                              consent_taken_by, consent_signature)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (booking_id) DO UPDATE SET
         checked_in_at = EXCLUDED.checked_in_at, checked_in_by = EXCLUDED.checked_in_by,
         condition = EXCLUDED.condition, tier_id = EXCLUDED.tier_id, tier_label = EXCLUDED.tier_label,
         tier_kind = EXCLUDED.tier_kind, surcharge_pence = EXCLUDED.surcharge_pence,
         instructions = EXCLUDED.instructions, photo_key = COALESCE(EXCLUDED.photo_key, check_ins.photo_key),
         consent_method = EXCLUDED.consent_method, consent_name = EXCLUDED.consent_name,
         consented_at = EXCLUDED.consented_at, consent_taken_by = EXCLUDED.consent_taken_by,
         consent_signature = EXCLUDED.consent_signature`,
      [
        id,
        now,
        staff.customerId,
        request.condition,
        tier?.id ?? null,
        tier?.label ?? null,
        tier?.kind ?? null,
        surchargePence,
        request.instructions,
        request.photoKey ?? null,
        consent?.method ?? null,
        consentName,
        consent ? now : null,
        consent ? staff.customerId : null,
        signature,
      ],
    );
    await mark(tx, id, 'arrived', now);
    await audit(tx, staff, 'booking.check_in', 'booking', id, {
      before: { attendance: b.attendance, checkIn: before[0] ?? null },
      after: {
        attendance: 'arrived',
        tier: tier?.id ?? null,
        surchargePence,
        consent: consent ? { method: consent.method, name: consentName } : null,
        photo: Boolean(request.photoKey),
      },
    });
    return { booking: (await scheduleBooking(tx, id))! };
  });
}
