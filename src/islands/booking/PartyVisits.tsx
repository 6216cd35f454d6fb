import type { BookingView } from '../../domain/booking-api-schemas.ts';
import { writtenTime } from '../../domain/written-dates.ts';

type Party = NonNullable<BookingView['party']>;

/** "Full Groom with Bandana": a dog's service and the extras of its own quote's lines. */
function dogVisit(dog: Party['dogs'][number]): string {
  const extras = dog.price.lines.filter((l) => l.kind === 'extra').map((l) => l.label);
  return extras.length ? `${dog.service.title} with ${new Intl.ListFormat('en-GB').format(extras)}` : dog.service.title;
}

/**
 * Every dog of a booking of several (docs/decisions/082), in order, each with its service, extras and
 * its own time: side by side they share a start, one after the other each follows the last.
 */
export function PartyVisits({ party, timeZone }: { party: Party; timeZone: string }) {
  return (
    <ul className="party-visits">
      {party.dogs.map((dog) => (
        <li key={dog.bookingId}>
          <strong>{dog.dog.name}</strong> ({dog.dog.breed}): {dogVisit(dog)}, {writtenTime(dog.start, timeZone)} to{' '}
          {writtenTime(dog.end, timeZone)}
        </li>
      ))}
    </ul>
  );
}
