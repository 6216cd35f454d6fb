import { BookingViewSchema, type BookingView } from '../../domain/booking-api-schemas.ts';

/**
 * The booking as the booking call answered it, kept for this tab so the confirmation page shows it
 * at once instead of depending on a second request (it still asks, to be current).
 */
const key = (id: string) => `booking_view:${id}`;

export function rememberBookingView(storage: Storage, view: BookingView): void {
  try {
    storage.setItem(key(view.id), JSON.stringify(view));
  } catch {
    /* storage blocked: the page asks the server, as it always does */
  }
}

export function recalledBookingView(storage: Storage, id: string): BookingView | null {
  try {
    const raw = storage.getItem(key(id));
    if (!raw) return null;
    const parsed = BookingViewSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
