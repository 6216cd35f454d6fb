import { useCallback, useMemo } from 'react';
import type { ApiResult } from '../../../client/api.ts';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import {
  AttendanceResponseSchema,
  BlockResponseSchema,
  StaffBookingResponseSchema,
  type AttendanceResponse,
  type ScheduleBooking,
} from '../../../domain/schedule.ts';
import { SHOP_TIME_ZONE } from '../../../domain/shop.ts';
import { dayOf } from '../schedule/common.ts';
import { shortDate } from '../format.ts';
import { wallTime } from '../schedule-layout.ts';
import type { Announcement } from './AnnouncementBar.tsx';

/** "Tue 24 Nov at 10:30": when an instant is, in the shop's words. */
export const dayAndTime = (iso: string) => `${shortDate(dayOf(iso))} at ${wallTime(iso, SHOP_TIME_ZONE)}`;

export interface ScheduleActions {
  /**
   * A drag's move: said when done, with Try again when refused. `dogStart`: where the dragged dog
   * lands when `start` is its booking's first dog's (a booking of several, decision 082).
   */
  move(booking: ScheduleBooking, start: string, dogStart?: string): Promise<void>;
  removeBlock(id: string): Promise<void>;
  /** A mark at the counter was made: said, with an Undo that puts the previous mark back. */
  marked(answer: AttendanceResponse, text: string): Promise<void>;
  /** Something a dialog changed, said as the dialog put it. */
  changed(message?: Announcement | null): Promise<void>;
}

/**
 * The changes made on the schedule itself (the dialogs make theirs): each call is said in the
 * announcement, and the schedule is asked again after it, whatever the answer.
 */
export function useScheduleActions(reload: () => Promise<void>, announce: (a: Announcement) => void): ScheduleActions {
  const act = useCallback(
    async <T>(
      call: () => Promise<ApiResult<T>>,
      done: (data: T) => Announcement,
      failed: Omit<Announcement, 'error'>,
    ) => {
      const result = await call();
      announce(result.data ? done(result.data) : { ...failed, text: result.error ?? failed.text, error: true });
      await reload();
    },
    [announce, reload],
  );

  return useMemo(() => {
    const move = (booking: ScheduleBooking, start: string, dogStart = start): Promise<void> =>
      act(
        () =>
          staffCall(apiRoutes.staffMoveBooking, {
            params: { id: booking.id },
            body: { start },
            schema: StaffBookingResponseSchema,
          }),
        () => ({
          text: `Moved ${booking.dog.name} to ${dayAndTime(dogStart)}${dogStart === start ? '' : ', with the dogs booked with it'}. The customer has been told.`,
        }),
        { text: 'The appointment could not be moved.', undo: () => move(booking, start, dogStart) },
      );
    const removeBlock = (id: string) =>
      act(
        () => staffCall(apiRoutes.removeBlock, { params: { id }, body: {}, schema: BlockResponseSchema }),
        () => ({ text: 'The blocked time is open for bookings again.' }),
        { text: 'The blocked time could not be removed.' },
      );
    const undoMark = ({ booking, previous }: AttendanceResponse) =>
      act(
        () =>
          staffCall(apiRoutes.attendance, {
            params: { id: booking.id },
            schema: AttendanceResponseSchema,
            body: {
              attendance: previous.attendance,
              ...(previous.attendance === 'completed' && previous.balance ? { balance: previous.balance } : {}),
            },
          }),
        () => ({ text: `Undone: ${booking.dog.name} is as before.` }),
        { text: 'That could not be undone.' },
      );
    const marked = async (answer: AttendanceResponse, text: string) => {
      announce({ text, undo: () => undoMark(answer) });
      await reload();
    };
    const changed = async (message?: Announcement | null) => {
      if (message) announce(message);
      await reload();
    };
    return { move, removeBlock, marked, changed };
  }, [act, announce, reload]);
}
