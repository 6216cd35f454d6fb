import site from '../../../content/site.json' with { type: 'json' };
import { buildIcs, type CalendarEvent } from '../../domain/ics.ts';
import { db } from '../db.ts';
import { env } from '../env.ts';
import { findBooking, notFound, SHOP_LOCATION, type BookingRecord } from './view.ts';

/** The appointment as a calendar event: the same for the .ics download and the e-mail attachment. */
export function calendarEventFor(b: BookingRecord, now: Date): CalendarEvent {
  const link = `${env().URL.replace(/\/$/, '')}/b/${b.id}`;
  return {
    uid: `${b.id}@${new URL(site.url).hostname}`,
    start: b.start_at,
    end: b.end_at,
    summary: `${b.service_title} for ${b.dog_name} at ${site.name}`,
    description: `Your booking: ${link}\nTo change it, open the link or call ${site.phone.display}.`,
    location: `${SHOP_LOCATION.name}, ${SHOP_LOCATION.address}, ${SHOP_LOCATION.postcode}`,
    url: link,
    geo: site.address.geo,
    organizer: { name: site.name, email: site.email },
    sequence: b.revision,
    method: b.status === 'cancelled' ? 'CANCEL' : 'PUBLISH',
    now,
  };
}

export async function bookingCalendarFile(id: string, now = new Date()): Promise<string> {
  const booking = await findBooking(db(), id);
  if (!booking) throw notFound();
  return buildIcs(calendarEventFor(booking, now));
}
