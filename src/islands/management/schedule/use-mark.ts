import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import {
  AttendanceResponseSchema,
  type AttendanceResponse,
  type Balance,
  type ScheduleBooking,
} from '../../../domain/schedule.ts';
import { useSubmit, type Submit } from '../../forms/use-submit.ts';
import { ATTENDANCE_DONE } from './common.ts';

export type Mark = keyof typeof ATTENDANCE_DONE | null;

export interface MarkProps {
  booking: ScheduleBooking;
  onClose: () => void;
  onMarked: (answer: AttendanceResponse, text: string) => Promise<void>;
}

/**
 * A counter mark (arrived, completed with the balance taken, a no-show, or null to take it back):
 * sent once, then the dialog closes and the schedule says what was done, with its Undo.
 */
export function useMark(
  { booking: b, onClose, onMarked }: MarkProps,
  /** Keep the dialog open after the mark ("Completed" then offers the next groom). */
  options: { stayOpen?: boolean } = {},
): {
  submit: Submit;
  mark: (attendance: Mark, balance?: Balance) => Promise<void>;
} {
  const submit = useSubmit('That could not be saved.');
  const mark = async (attendance: Mark, balance?: Balance) => {
    await submit.run(
      () =>
        staffCall(apiRoutes.attendance, {
          params: { id: b.id },
          body: { attendance, ...(balance ? { balance } : {}) },
          schema: AttendanceResponseSchema,
        }),
      (answer) => {
        if (!options.stayOpen) onClose();
        void onMarked(
          answer,
          attendance ? `${b.dog.name} marked ${ATTENDANCE_DONE[attendance]}.` : `${b.dog.name}'s mark taken back.`,
        );
      },
    );
  };
  return { submit, mark };
}
