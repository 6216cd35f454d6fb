import { lazy } from 'react';

/**
 * The schedule's dialogs, each its own chunk: a tablet draws the day first and parses the booking,
 * phone booking, block and waitlist forms only when the day is up. They are asked for once the
 * browser is idle after the first draw (warmDialogs), so a tap on a booking finds its code already
 * there; on a slow line the tap that beats them waits for the chunk, not for the whole page.
 */
const bookingDialog = () => import('../schedule/BookingDialog.tsx');
const phoneBookingDialog = () => import('../schedule/PhoneBookingDialog.tsx');
const blockDialog = () => import('../schedule/BlockDialog.tsx');
const waitlistDialog = () => import('../waitlist/WaitlistDialog.tsx');

export const BookingDialog = lazy(() => bookingDialog().then((m) => ({ default: m.BookingDialog })));
export const PhoneBookingDialog = lazy(() => phoneBookingDialog().then((m) => ({ default: m.PhoneBookingDialog })));
export const BlockDialog = lazy(() => blockDialog().then((m) => ({ default: m.BlockDialog })));
export const WaitlistDialog = lazy(waitlistDialog);

let warmed = false;
/** Fetches the dialogs' chunks when the browser is next idle; once per page. */
export function warmDialogs(): void {
  if (warmed) return;
  warmed = true;
  const load = () => void Promise.all([bookingDialog(), phoneBookingDialog(), blockDialog()]).catch(() => {});
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 500);
}
