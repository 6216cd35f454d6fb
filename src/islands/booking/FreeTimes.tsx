import type { AvailabilityDay, Slot } from '../../domain/booking-api-schemas.ts';
import { writtenDate } from '../../domain/written-dates.ts';
import { PLACEMENT_WORDS } from '../../domain/party.ts';

/** The chosen day's free start times as large buttons, the morning's apart from the afternoon's. */
export function FreeTimes({
  day: chosen,
  start,
  timeZone,
  heading: H,
  onTime,
}: {
  day: AvailabilityDay;
  /** The time chosen, if any. */
  start: string | null;
  timeZone: string;
  heading: 'h2' | 'h3';
  onTime(slot: Slot, date: string): void;
}) {
  // Several dogs (docs/decisions/082): how they sit is said once when every time of the day agrees,
  // and under each time only where it differs from one time to the next.
  const placements = new Set(chosen.slots.flatMap((slot) => (slot.placement ? [slot.placement] : [])));
  const mixed = placements.size > 1;
  const [only] = placements.size === 1 ? placements : [];
  return (
    <section className="times" aria-labelledby="picker-times">
      <H className="picker-heading" id="picker-times">
        Free times on {writtenDate(chosen.date, { weekday: 'long' })}
      </H>
      {only ? (
        <p className="times-placement">At every time below, your dogs are groomed {PLACEMENT_WORDS[only]}.</p>
      ) : null}
      {[
        { name: 'Morning', slots: chosen.slots.filter((slot) => slot.time < '12:00') },
        { name: 'Afternoon', slots: chosen.slots.filter((slot) => slot.time >= '12:00') },
      ]
        .filter((part) => part.slots.length > 0)
        .map((part) => (
          <div key={part.name} role="group" aria-labelledby={`times-${part.name}`} className="times-part">
            <p className="times-part-name" id={`times-${part.name}`}>
              {part.name}
            </p>
            <div className="times-grid">
              {part.slots.map((slot) => (
                <button
                  key={slot.start}
                  type="button"
                  className="time"
                  aria-pressed={slot.start === start}
                  // The name says how the dogs sit at this time: "10:00, one after the other".
                  aria-label={slot.placement ? `${slot.time}, ${PLACEMENT_WORDS[slot.placement]}` : undefined}
                  onClick={() => onTime(slot, chosen.date)}
                >
                  {slot.time}
                  {mixed && slot.placement ? (
                    <span className="time-placement">{PLACEMENT_WORDS[slot.placement]}</span>
                  ) : null}
                </button>
              ))}
            </div>
          </div>
        ))}
      <p className="times-note">Times are UK time ({timeZone.replace('_', ' ')}). Choose one to go on.</p>
    </section>
  );
}
