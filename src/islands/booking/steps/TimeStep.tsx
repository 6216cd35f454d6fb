import { SLOT_TAKEN_MESSAGE, type Slot } from '../../../domain/booking-api-schemas.ts';
import { DateTimePicker } from '../DateTimePicker.tsx';
import { StepButtons } from '../StepButtons.tsx';
import { parseWeight, type Answers } from '../answers.ts';
import { WaitlistOffer } from '../../waitlist/WaitlistOffer.tsx';
import { dogsQuery } from '../party-answers.ts';

export interface TimeStepProps {
  serviceId: string;
  /**
   * The dog's weight and extras, and any further dogs: the times offered fit the whole visit, every
   * dog's (worked out here, off the first step's code).
   */
  answers: Answers;
  date: string | null;
  start: string | null;
  /** The day's times from a 409 answer, shown at once. */
  freshDay: { date: string; slots: Slot[] } | null;
  /** Someone else took the chosen time a moment ago. */
  slotTaken: boolean;
  /** The shop's time zone, until the server's times say it. */
  timeZone: string;
  onDate(date: string): void;
  /** A time chosen: its day and start and, for several dogs, how they sit then (docs/decisions/082). */
  onTime(time: Pick<Answers, 'date' | 'start' | 'placement'>): void;
  onBack(): void;
}

/** Step 3, "Date and time": loaded on demand (docs/decisions/055). */
export default function TimeStep({
  serviceId,
  answers,
  date,
  start,
  freshDay,
  slotTaken,
  timeZone,
  onDate,
  onTime,
  onBack,
}: TimeStepProps) {
  return (
    <>
      {slotTaken ? (
        <div className="notice notice--error" role="alert">
          <p>
            <strong>{SLOT_TAKEN_MESSAGE}</strong>
          </p>
          <p>
            Someone booked it a moment before you. Here are the times still free; everything else you told us is kept.
          </p>
        </div>
      ) : null}
      <DateTimePicker
        serviceId={serviceId}
        visit={{ weightKg: parseWeight(answers.weight) || undefined, extras: answers.extras, dogs: dogsQuery(answers) }}
        date={date}
        start={start}
        freshDay={freshDay}
        timeZone={timeZone}
        headingLevel={3}
        onDate={onDate}
        onTime={(slot, day) => onTime({ date: day, start: slot.start, placement: slot.placement })}
        // One dog or several (decision 084 "Several dogs"): the join form's own chunk tells them apart.
        noTime={(lookingAt, days, full) => (
          <WaitlistOffer key={lookingAt} answers={answers} lookingAt={lookingAt} days={days} full={full} />
        )}
      />
      <StepButtons onBack={onBack} />
    </>
  );
}
