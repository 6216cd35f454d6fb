import { buildIcs } from '../../domain/ics.ts';
import { calendarEventFor, type MessageBooking } from '../../domain/messages.ts';
import { db } from '../db.ts';
import { partyMessage, partyOf } from './party-records.ts';
import { findBooking, notFound, type BookingRecord } from './view.ts';

/** A booking as the message templates and the calendar file describe it. */
export function messageBookingFrom(b: BookingRecord): MessageBooking {
  return {
    id: b.id,
    service: { title: b.service_title, durationMinutes: b.duration_min },
    start: b.start_at,
    end: b.end_at,
    dog: {
      name: b.dog_name,
      breed: b.breed_name,
      weightKg: b.dog_weight_kg,
      coat: b.dog_coat,
      notes: b.dog_notes || null,
      nervous: b.dog_nervous,
    },
    owner: { name: b.contact_name, email: b.contact_email, phone: b.phone },
    quote: b.quote,
    depositPaidPence: b.deposit_paid_pence,
    sequence: b.revision,
    ...(b.fair_terms ? { rules: b.fair_terms.sentences } : {}),
    extras: b.extras,
  };
}

/** The .ics of /b/{id}: the same event the confirmation e-mail attaches; a cancelled one cancels it. */
export async function bookingCalendarFile(id: string, siteUrl: string, now = new Date()): Promise<string> {
  const found = await findBooking(db(), id);
  // A booking of several dogs is one event, from its first dog's start to its last dog's end.
  const booking = found?.party_id ? await findBooking(db(), found.party_id) : found;
  if (!booking) throw notFound();
  const party = booking.party_id ? await partyOf(db(), booking.party_id) : null;
  return buildIcs(
    calendarEventFor(
      party ? partyMessage(messageBookingFrom(booking), party) : messageBookingFrom(booking),
      { siteUrl, now },
      booking.status === 'cancelled' ? 'CANCEL' : 'PUBLISH',
    ),
  );
}
