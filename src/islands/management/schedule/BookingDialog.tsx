import { useState } from 'react';
import type { AttendanceResponse, ScheduleBooking } from '../../../domain/schedule.ts';
import { StaffDialog } from '../StaffDialog.tsx';
import { AttendanceActions, type BookingMode } from './AttendanceActions.tsx';
import { BookingFacts } from './BookingFacts.tsx';
import { CancelPanel } from './CancelPanel.tsx';
import type { Announcement } from './common.ts';
import { CompletePanel } from './CompletePanel.tsx';
import { MovePanel } from './MovePanel.tsx';
import { NotePanel } from './NotePanel.tsx';

export type { Announcement };

/** One appointment: its details, then the counter's marks, a move, a cancellation or the team's note. */
export function BookingDialog({
  booking,
  table,
  now,
  onClose,
  onChanged,
  onMarked,
}: {
  booking: ScheduleBooking;
  table: number | null;
  now: Date;
  onClose: () => void;
  onChanged: (message: Announcement | null) => Promise<void>;
  onMarked: (answer: AttendanceResponse, text: string) => Promise<void>;
}) {
  const [mode, setMode] = useState<BookingMode>('view');
  const back = () => setMode('view');
  const marks = { booking, onClose, onMarked };
  const changes = { booking, onBack: back, onClose, onChanged };
  return (
    <StaffDialog title={`${booking.dog.name} · ${booking.service.title}`} onClose={onClose}>
      <BookingFacts booking={booking} table={table} />
      {mode === 'view' && booking.status === 'confirmed' ? (
        <AttendanceActions {...marks} now={now} onMode={setMode} />
      ) : null}
      {mode === 'view' ? <NotePanel booking={booking} onChanged={onChanged} /> : null}
      {mode === 'complete' ? <CompletePanel {...marks} onBack={back} /> : null}
      {mode === 'move' ? <MovePanel {...changes} now={now} /> : null}
      {mode === 'cancel' ? <CancelPanel {...changes} /> : null}
    </StaffDialog>
  );
}
