import { buildIcs } from '../../domain/ics.ts';
import { calendarEventFor, type MessageBooking } from '../../domain/messages.ts';
import { db } from '../db.ts';
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
  const booking = await findBooking(db(), id);
  if (!booking) throw notFound();
  return buildIcs(
    calendarEventFor(
      messageBookingFrom(booking),
      { siteUrl, now },
      booking.status === 'cancelled' ? 'CANCEL' : 'PUBLISH',
    ),
  );
}
