import type { BookingView, Quote } from '../../domain/booking-schemas.ts';
import type { MessageBooking } from '../../domain/messages.ts';
import type { PartyPlacement } from '../../domain/party.ts';
import { joinNames, partyQuote } from '../../domain/party-quote.ts';
import type { Tx } from '../db.ts';

/** A booking of several dogs as it stands (docs/decisions/082): its dogs in the order they are groomed. */
export interface Party {
  id: string;
  placement: PartyPlacement;
  dogs: Array<{
    id: string;
    dogName: string;
    breedName: string;
    serviceId: string;
    serviceTitle: string;
    durationMin: number;
    start: Date;
    end: Date;
    quote: Quote;
    /** What the shop's e-mail tells of each dog (docs/decisions/098). */
    weightKg: number | null;
    coat: string | null;
    notes: string;
    nervous: boolean;
    extras: Array<{ title: string }>;
  }>;
}

/** The party's dogs still in it (a dog split out by staff is not), first dog first. */
export async function partyOf(tx: Tx, partyId: string): Promise<Party | null> {
  const { rows } = await tx.query<{
    id: string;
    placement: PartyPlacement;
    dog_name: string;
    breed_name: string;
    service_id: string;
    service_title: string;
    duration_min: number;
    start_at: Date;
    end_at: Date;
    quote: Quote;
    weight_kg: number | null;
    coat: string | null;
    notes: string;
    nervous: boolean;
    extras: Array<{ title: string }>;
  }>(
    `SELECT b.id, p.placement, d.name AS dog_name, br.name AS breed_name, b.service_id, t.title AS service_title,
            (extract(epoch FROM b.end_at - b.start_at) / 60)::int AS duration_min, b.start_at, b.end_at, b.quote,
            d.weight_kg::float8 AS weight_kg, d.coat, d.notes, d.nervous,
            COALESCE((SELECT json_agg(json_build_object('title', x.title) ORDER BY e.display_order, x.extra_id)
                        FROM booking_extras x JOIN extras e ON e.id = x.extra_id WHERE x.booking_id = b.id), '[]'::json) AS extras
       FROM booking_parties p
       JOIN bookings b ON b.party_id = p.id
       JOIN booking_types t ON t.id = b.service_id
       JOIN dogs d ON d.id = b.dog_id
       JOIN breeds br ON br.id = d.breed_id
      WHERE p.id = $1
      ORDER BY b.id = p.id DESC, b.start_at, b.created_at, b.id`,
    [partyId],
  );
  if (rows.length === 0) return null;
  return {
    id: partyId,
    placement: rows[0]!.placement,
    dogs: rows.map((r) => ({
      id: r.id,
      dogName: r.dog_name,
      breedName: r.breed_name,
      serviceId: r.service_id,
      serviceTitle: r.service_title,
      durationMin: r.duration_min,
      start: r.start_at,
      end: r.end_at,
      quote: r.quote,
      weightKg: r.weight_kg,
      coat: r.coat,
      notes: r.notes,
      nervous: r.nervous,
      extras: r.extras,
    })),
  };
}

function span(party: Party): { start: Date; end: Date } {
  return {
    start: new Date(Math.min(...party.dogs.map((d) => d.start.getTime()))),
    end: new Date(Math.max(...party.dogs.map((d) => d.end.getTime()))),
  };
}

/** The one quote of the party: each dog's lines under its name, one total, one deposit. */
export function quoteOfParty(party: Party): Quote {
  return partyQuote(party.dogs.map((d) => ({ name: d.dogName, quote: d.quote })));
}

/** What /b/{id} shows of a party: the whole booking's time and price, and every dog's visit. */
export function partyFields(party: Party): Pick<BookingView, 'start' | 'end' | 'price' | 'party'> {
  const { start, end } = span(party);
  return {
    start: start.toISOString(),
    end: end.toISOString(),
    price: quoteOfParty(party),
    party: {
      placement: party.placement,
      dogs: party.dogs.map((d) => ({
        bookingId: d.id,
        dog: { name: d.dogName, breed: d.breedName },
        service: { id: d.serviceId, title: d.serviceTitle, duration: d.durationMin },
        start: d.start.toISOString(),
        end: d.end.toISOString(),
        price: d.quote,
      })),
    },
  };
}

/**
 * The party as one message (the confirmation, a reminder, a move, a cancellation): every dog named,
 * every service, the whole time, the one quote whose lines list each dog's visit, and each dog as
 * the shop's e-mail lists it. Its id is the party's, its first dog's: the page every link opens.
 */
export function partyMessage(about: MessageBooking, party: Party): MessageBooking {
  const { start, end } = span(party);
  // Each dog's extras are named in the quote's lines under its name ("Rex: Bandana"), not as the first dog's.
  const { extras: _firstDogs, ...rest } = about;
  return {
    ...rest,
    id: party.id,
    party: party.dogs.map((d) => ({
      name: d.dogName,
      breed: d.breedName,
      weightKg: d.weightKg,
      coat: d.coat,
      notes: d.notes || null,
      nervous: d.nervous,
      service: d.serviceTitle,
      durationMinutes: d.durationMin,
      start: d.start,
      end: d.end,
      extras: d.extras,
    })),
    service: {
      title: joinNames(party.dogs.map((d) => d.serviceTitle)),
      durationMinutes: Math.round((end.getTime() - start.getTime()) / 60_000),
    },
    start,
    end,
    dog: { ...about.dog, name: joinNames(party.dogs.map((d) => d.dogName)) },
    quote: quoteOfParty(party),
  };
}
