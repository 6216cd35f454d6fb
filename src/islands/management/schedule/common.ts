import { todayIn } from '../../../domain/london-time.ts';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import { SHOP_TIME_ZONE } from '../format.ts';

/** What the schedule says after a change: a sentence, an Undo when the change can be taken back. */
export interface Announcement {
  text: string;
  undo?: () => Promise<void>;
  error?: boolean;
}

/** A counter mark in the words of "Bella marked …" (arriving is checking in: decision 091). */
export const ATTENDANCE_DONE = { arrived: 'checked in', completed: 'completed', no_show: 'a no-show' } as const;

/** The shop's calendar date (YYYY-MM-DD) of an instant; now's by default. */
export function dayOf(instant: string | Date = new Date()): string {
  return todayIn(SHOP_TIME_ZONE, typeof instant === 'string' ? new Date(instant) : instant);
}

/** What a panel that changes an appointment (move, cancel) is given. */
export interface ChangePanelProps {
  booking: ScheduleBooking;
  /** Back to the appointment's details, unchanged. */
  onBack: () => void;
  onClose: () => void;
  onChanged: (message: Announcement | null) => Promise<void>;
}
