import { Suspense, useEffect, useReducer, useState } from 'react';
import type { ScheduleResponse } from '../../domain/schedule.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { dayLayout, partyMates, tableOf } from './schedule-layout.ts';
import { AnnouncementBar, type Announcement } from './schedule-page/AnnouncementBar.tsx';
import { DayGrid } from './schedule-page/DayGrid.tsx';
import { ScheduleToolbar } from './schedule-page/ScheduleToolbar.tsx';
import { initialView, rangeOf, scheduleViewReducer, viewTitle } from './schedule-page/schedule-view.ts';
import { dayAndTime, useScheduleActions } from './schedule-page/use-schedule-actions.ts';
import { useNow, useSchedule } from './schedule-page/use-schedule.ts';
import { useWaitlistCounts } from './schedule-page/use-waitlist-counts.ts';
import { WaitlistButton } from './schedule-page/WaitlistButton.tsx';
import { WeekView } from './schedule-page/WeekView.tsx';
import { dayOf } from './schedule/common.ts';
import {
  BlockDialog,
  BookingDialog,
  PhoneBookingDialog,
  WaitlistDialog,
  warmDialogs,
} from './schedule-page/dialogs.ts';
import { ErrorNotice } from './StaffDialog.tsx';
import { useStaffSession } from './use-staff-session.ts';
import '../forms/forms.css';
import './management.css';
import './schedule.css';
import './schedule-page/toolbar.css';
import './schedule-page/day-grid.css';
import './schedule-page/week.css';

/**
 * /management/schedule: the day (by grooming table) and the week, the time now marked; phone
 * bookings, moves (drag, or the booking's form), cancellations, marks at the counter with their
 * undo, and time blocked off. Everything through the staff API (docs/decisions/060).
 */
export default function SchedulePage() {
  const session = useStaffSession();
  if (!session) return null;
  return (
    <ManagementPage title="Schedule">
      <Schedule />
    </ManagementPage>
  );
}

const NO_DAYS: ScheduleResponse['days'] = [];
type Dialog =
  { kind: 'booking'; id: string } | { kind: 'phone' } | { kind: 'block' } | { kind: 'waitlist'; date: string } | null;

function Schedule() {
  const now = useNow();
  const today = dayOf(now);
  const [view, dispatch] = useReducer(scheduleViewReducer, today, (t) => initialView(location.search, t));
  const { from, days } = rangeOf(view);
  const { schedule, error, reload } = useSchedule(from, days);
  // The day is drawn: now the dialogs' code (dialogs.ts).
  useEffect(() => {
    if (schedule) warmDialogs();
  }, [schedule]);
  const waitlist = useWaitlistCounts(from, days);
  const openWaitlist = (date: string) => setDialog({ kind: 'waitlist', date });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const actions = useScheduleActions(reload, setAnnouncement);
  const openBooking = (id: string) => setDialog({ kind: 'booking', id });
  const closeDialog = () => setDialog(null);
  const open = dialog?.kind === 'booking' ? schedule?.bookings.find((b) => b.id === dialog.id) : undefined;
  // A phone booking or a block starts on the day shown, or today when that is past.
  const startDate = view.date < today ? today : view.date;

  return (
    <div className="sched">
      <ScheduleToolbar
        state={view}
        today={today}
        dispatch={dispatch}
        onBlock={() => setDialog({ kind: 'block' })}
        onPhoneBooking={() => setDialog({ kind: 'phone' })}
      />
      <h2 className="sched-title" aria-live="polite">
        {viewTitle(view, today)}
      </h2>
      {view.view === 'day' ? (
        <WaitlistButton date={view.date} count={waitlist.counts[view.date] ?? 0} onOpen={openWaitlist} />
      ) : null}
      <AnnouncementBar announcement={announcement} onDismiss={() => setAnnouncement(null)} />
      {error ? <ErrorNotice message={error} onRetry={() => void reload()} /> : null}
      {!schedule && !error ? (
        <p className="sched-loading" role="status">
          Loading the schedule…
        </p>
      ) : null}

      {schedule && view.view === 'day' ? (
        <DayGrid
          layout={dayLayout(schedule, view.date, now)}
          onOpen={openBooking}
          onMove={actions.move}
          onRemoveBlock={actions.removeBlock}
        />
      ) : null}
      {schedule && view.view === 'week' ? (
        <WeekView
          schedule={schedule}
          today={today}
          now={now}
          onOpen={openBooking}
          onDay={(date) => dispatch({ type: 'open-day', date })}
          waitlist={waitlist.counts}
          onWaitlist={openWaitlist}
        />
      ) : null}

      <Suspense
        fallback={
          <p className="sched-loading" role="status">
            Opening…
          </p>
        }
      >
        {open && schedule ? (
          <BookingDialog
            key={open.id}
            booking={open}
            mates={partyMates(open, schedule.bookings)}
            table={tableOf(schedule, open, now)}
            now={now}
            onOpen={openBooking}
            onClose={closeDialog}
            onChanged={actions.changed}
            onMarked={actions.marked}
            onGoTo={(id, start) => {
              dispatch({ type: 'go', date: dayOf(start) });
              openBooking(id);
            }}
          />
        ) : null}
        {dialog?.kind === 'phone' ? (
          <PhoneBookingDialog
            date={startDate}
            onClose={closeDialog}
            onBooked={async (booking) => {
              closeDialog();
              dispatch({ type: 'go', date: dayOf(booking.start) });
              await actions.changed({
                text: `Booked ${booking.dog.name} (${booking.customer.name}) for ${booking.service.title} on ${dayAndTime(booking.start)}. The confirmation is on its way to the customer.`,
              });
            }}
          />
        ) : null}
        {dialog?.kind === 'waitlist' ? (
          <WaitlistDialog date={dialog.date} onClose={closeDialog} onChanged={() => void waitlist.reload()} />
        ) : null}
        {dialog?.kind === 'block' ? (
          <BlockDialog
            date={startDate}
            days={schedule?.days ?? NO_DAYS}
            onClose={closeDialog}
            onBlocked={async (text) => {
              closeDialog();
              await actions.changed({ text });
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
