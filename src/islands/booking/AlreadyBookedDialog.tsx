import { useEffect, useRef } from 'react';
import { alreadyBookedQuestion } from '../../domain/already-booked.ts';
import { writtenDay } from '../../domain/written-dates.ts';
import type { AlreadyBooked } from './booking-state.ts';

export interface AlreadyBookedDialogProps {
  booked: AlreadyBooked;
  /** The shop's time zone (the quote's): the time is the shop's, whatever the device says. */
  timeZone: string;
  /** "Yes, book another": the booking goes on. */
  onYes(): void;
  /** "No" or Escape: back to the form, nothing booked. */
  onNo(): void;
}

/**
 * "You already booked Biscuit at 11:45 — book another?" (docs/decisions/099): the browser's own modal
 * `<dialog>` (the page behind inert, focus kept inside, Escape is "No"), named by its question and
 * opened on the safe answer, "No". Shown when the server answers 409 `already_booked`.
 */
export function AlreadyBookedDialog({ booked, timeZone, onYes, onNo }: AlreadyBookedDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const no = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    no.current?.focus();
    return () => d?.close();
  }, []);
  const several = booked.dogs.length > 1;
  return (
    <dialog
      ref={dialog}
      className="booking-dialog"
      aria-labelledby="already-booked-question"
      aria-describedby="already-booked-detail"
      onCancel={(event) => {
        event.preventDefault();
        onNo();
      }}
    >
      <h2 id="already-booked-question" className="booking-dialog__question">
        {alreadyBookedQuestion(booked.dogs, booked.start, timeZone)}
      </h2>
      <p id="already-booked-detail">
        That booking is on {writtenDay(booked.start, timeZone, { weekday: 'long' })}.{' '}
        {several ? 'Booking them again' : 'Booking again'} makes a second appointment at the same time.
      </p>
      <p>
        <a href={`/b/${booked.bookingId}`}>See the booking you made</a>
      </p>
      <div className="booking-dialog__actions">
        <button type="button" className="ibutton ibutton--accent" onClick={onYes}>
          Yes, book another
        </button>
        <button type="button" className="ibutton ibutton--ghost" ref={no} onClick={onNo}>
          No
        </button>
      </div>
    </dialog>
  );
}
