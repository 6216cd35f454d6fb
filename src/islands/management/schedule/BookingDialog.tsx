import { lazy, Suspense, useEffect, useState } from 'react';
import { everyWhileVisible } from '../../../client/while-visible.ts';
import type { AttendanceResponse, ScheduleBooking } from '../../../domain/schedule.ts';
import { StaffDialog } from '../StaffDialog.tsx';
import { AttendanceActions, type BookingMode } from './AttendanceActions.tsx';
import { BookingFacts } from './BookingFacts.tsx';
import { CancelPanel } from './CancelPanel.tsx';
import type { Announcement } from './common.ts';
import { CompletePanel } from './CompletePanel.tsx';
import { MovePanel } from './MovePanel.tsx';
import { NotePanel } from './NotePanel.tsx';
import { PartyPanel, SplitPanel } from './PartyPanel.tsx';

export type { Announcement };

// Only a visit of a series needs it: its bytes wait until one is opened.
const SeriesPanel = lazy(() => import('./SeriesPanel.tsx'));
// The dog's card at check-in (decision 091): its bytes wait for the "Check in" tap.
const CheckInCard = lazy(() => import('./CheckInCard.tsx'));
// Only a dog in the shop has stages to tap (decision 092).
const StagePanel = lazy(() => import('./StagePanel.tsx'));
// Only a completed visit has a report card to write (decision 094).
const ReportCardPanel = lazy(() => import('./ReportCardPanel.tsx'));
// Only a surcharge left unagreed at the counter needs a texted link (decision 093).
const ConsentLinkPanel = lazy(() => import('./ConsentLinkPanel.tsx'));
// Only a completed visit may have a payment link for its balance (decision 096).
const BalanceLinkPanel = lazy(() => import('./BalanceLinkPanel.tsx'));

/** How often an open booking window asks again while the owner has a link to act on. */
export const OWNER_WAIT_MS = 5000;

/** Whether the owner holds a link that changes this booking's money when they act on it. */
export function waitsForOwner(b: ScheduleBooking): boolean {
  const consentOut = b.attendance === 'arrived' && !!b.checkIn?.linkSentAt && !b.checkIn.consent;
  return consentOut || b.balanceLinkSent === true;
}

/** One appointment: its details and the dogs booked with it, then the counter's marks, a move, a cancellation, a split or the team's note. */
export function BookingDialog({
  booking,
  mates,
  table,
  now,
  onOpen,
  onClose,
  onChanged,
  onMarked,
  onGoTo,
}: {
  booking: ScheduleBooking;
  /** The other dogs of its booking of several (decision 082); [] for one dog. */
  mates: readonly ScheduleBooking[];
  table: number | null;
  onOpen: (id: string) => void;
  now: Date;
  onClose: () => void;
  onChanged: (message: Announcement | null) => Promise<void>;
  onMarked: (answer: AttendanceResponse, text: string) => Promise<void>;
  /** Open another booking on its own day (a visit of the same series). */
  onGoTo: (id: string, start: string) => void;
}) {
  const [mode, setMode] = useState<BookingMode>('view');
  // Waiting for the owner on their phone (a surcharge to agree by link, a balance to pay by link): the
  // window asks the schedule again while it is on screen, so the new total shows without a reload.
  const waiting = waitsForOwner(booking);
  useEffect(
    () => (waiting ? everyWhileVisible(() => onChanged(null), OWNER_WAIT_MS) : undefined),
    [waiting, onChanged],
  );
  const back = () => setMode('view');
  const marks = { booking, onClose, onMarked };
  const changes = { booking, onBack: back, onClose, onChanged };
  return (
    <StaffDialog title={`${booking.dog.name} · ${booking.service.title}`} onClose={onClose}>
      <BookingFacts booking={booking} table={table} />
      {mode === 'view' ? (
        <PartyPanel booking={booking} mates={mates} onOpen={onOpen} onSplit={() => setMode('split')} />
      ) : null}
      {mode === 'view' && booking.series ? (
        <Suspense fallback={null}>
          <SeriesPanel booking={booking} onGoTo={onGoTo} onClose={onClose} onChanged={onChanged} />
        </Suspense>
      ) : null}
      {mode === 'view' && booking.attendance === 'arrived' ? (
        <Suspense fallback={null}>
          <StagePanel booking={booking} onChanged={onChanged} />
        </Suspense>
      ) : null}
      {mode === 'view' && booking.attendance === 'completed' ? (
        <Suspense fallback={null}>
          <ReportCardPanel booking={booking} onChanged={onChanged} />
        </Suspense>
      ) : null}
      {mode === 'view' && booking.attendance === 'arrived' && booking.checkIn?.surchargePence ? (
        <Suspense fallback={null}>
          <ConsentLinkPanel booking={booking} onChanged={onChanged} />
        </Suspense>
      ) : null}
      {mode === 'view' && booking.status === 'confirmed' ? (
        <AttendanceActions {...marks} now={now} onMode={setMode} />
      ) : null}
      {mode === 'view' && booking.attendance === 'completed' ? (
        <Suspense fallback={null}>
          <BalanceLinkPanel booking={booking} onCounter={() => setMode('complete')} onChanged={onChanged} />
        </Suspense>
      ) : null}
      {mode === 'view' ? <NotePanel booking={booking} onChanged={onChanged} /> : null}
      {mode === 'check-in' ? (
        <Suspense fallback={<p role="status">Opening the dog’s card…</p>}>
          <CheckInCard {...marks} now={now} onBack={back} />
        </Suspense>
      ) : null}
      {mode === 'complete' ? <CompletePanel {...marks} onBack={back} onChanged={onChanged} /> : null}
      {mode === 'move' ? <MovePanel {...changes} now={now} mates={mates} /> : null}
      {mode === 'cancel' ? <CancelPanel {...changes} mates={mates} /> : null}
      {mode === 'split' ? <SplitPanel {...changes} mates={mates} /> : null}
    </StaffDialog>
  );
}
