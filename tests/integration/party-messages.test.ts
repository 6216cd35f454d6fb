import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as booking from '../../netlify/functions/booking.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import { addDays, instantToZoned, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { query, transaction } from '../../src/server/db.ts';
import { enqueueReminders } from '../../src/server/messages/reminders.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { fromTomorrow } from '../helpers/days.ts';
import { routed } from '../helpers/netlify-context.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * A booking of two dogs reads as one booking in every message it sends (issue 29, docs/decisions/098),
 * through the real functions: the confirmation, the shop's e-mail, the reminder, the move and the
 * cancellation all name both dogs with plural verbs ("Bramble and Pip are booked in"), the shop's
 * e-mail gives each dog its breed and weight, the reminder goes once for the booking, and every link
 * (and the calendar file, whichever dog's id asked for it) is the booking's own page, its first dog's.
 */
process.env.URL = 'https://shop.example';
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
const bookingHandler = routed(booking);
const changes = routed(bookingChanges);
const LONDON = 'Europe/London';

beforeAll(async () => {
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'none' } }));
});

const bramble = { name: 'Bramble', breedId: 'labrador-retriever', weightKg: 25, coat: 'short' };
const pip = { name: 'Pip', breedId: 'whippet', weightKg: 8, coat: 'short', notes: 'Sore left ear', nervous: true };

interface Sent {
  kind: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  attachments: Array<{ content: string }>;
}
const sentAbout = (bookingIds: string[], kind: string) =>
  query<Sent>(
    `SELECT kind, channel, recipient, subject, body_text, body_html, attachments FROM outbox
      WHERE booking_id = ANY ($1) AND kind = $2 ORDER BY id`,
    [bookingIds, kind],
  );
/** Every booking page a message links to, in its text, its HTML and its calendar file. */
const pagesIn = (m: Sent) =>
  [
    ...`${m.body_text} ${m.body_html ?? ''} ${m.attachments.map((a) => a.content.replace(/\r\n /g, '')).join(' ')}`.matchAll(
      /https:\/\/shop\.example\/b\/[A-Za-z0-9_%-]+/g,
    ),
  ].map((x) => x[0]);

function readsAsOneBooking(messages: Sent[], lead: string) {
  expect(messages.length).toBeGreaterThan(0);
  for (const m of messages) {
    const words = `${m.subject ?? ''}\n${m.body_text}`;
    expect(words, m.kind).not.toMatch(/Bramble and Pip (is|has been)\b/);
    expect(words, m.kind).not.toMatch(/Bramble and Pip's/);
    const pages = pagesIn(m);
    expect(pages.length, `${m.kind} by ${m.channel}`).toBeGreaterThan(0);
    expect(new Set(pages), `${m.kind} by ${m.channel}`).toEqual(new Set([`https://shop.example/b/${lead}`]));
  }
}

describe('a booking of two dogs', () => {
  let lead: string;
  let ids: string[];
  let start: string;
  let later: string;

  beforeAll(async () => {
    const res = await availabilityHandler(new Request(`${API}/availability?dogs=full:25,shower:8`));
    const day = fromTomorrow(AvailabilityResponseSchema.parse(await res.json()).days).filter(
      (d) => d.open && d.slots.length >= 8,
    )[2]!;
    const slot = day.slots.find((s) => s.placement === 'one_after_another') ?? day.slots[0]!;
    start = slot.start;
    later = day.slots.at(-1)!.start;
    // A proved number: the text is the plain confirmation, whatever else the number has.
    const phone = '07700 900870';
    const made = await bookingsHandler(
      new Request(`${API}/bookings`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({
          dogs: [
            { serviceId: 'full', dog: bramble, extras: ['bandana'] },
            { serviceId: 'shower', dog: pip },
          ],
          start,
          ...(slot.placement ? { placement: slot.placement } : {}),
          owner: { name: 'Robin Two', phone, email: 'robin@example.com', marketingConsent: false, acceptTerms: true },
          idempotencyKey: randomUUID(),
          phoneProof: await textedCode(phone),
        }),
      }),
    );
    expect(made.status, await made.clone().text()).toBe(201);
    lead = CreateBookingResponseSchema.parse(await made.json()).bookingId;
    ids = (
      await query<{ id: string }>('SELECT id FROM bookings WHERE party_id = $1 ORDER BY id = $1 DESC', [lead])
    ).map((r) => r.id);
    expect(ids).toHaveLength(2);
  });

  it('is confirmed once, naming both dogs: "Bramble and Pip are booked in", linked to its own page', async () => {
    const sent = await sentAbout(ids, 'booking_confirmation');
    expect(sent.map((m) => m.channel)).toEqual(['email', 'sms']);
    readsAsOneBooking(sent, lead);
    expect(sent[0]!.body_text).toContain('Bramble and Pip are booked in');
    expect(sent[1]!.body_text).toMatch(/^Leyton Dog Grooming: Bramble and Pip are booked in for /);
  });

  it("tells the shop each dog with its breed and weight, not 'Bramble and Pip (Labrador Retriever), 25kg'", async () => {
    const [notice] = await sentAbout(ids, 'shop_new_booking');
    readsAsOneBooking([notice!], lead);
    expect(notice!.body_text).toMatch(/Dog 1: Bramble \(Labrador Retriever\), 25kg, short coat\nService: Full Groom, /);
    expect(notice!.body_text).toContain('Extras: Bandana');
    expect(notice!.body_text).toMatch(
      /Dog 2: Pip \(Whippet\), 8kg, short coat, NERVOUS\nService: .+\nNotes: Sore left ear/,
    );
    expect(notice!.body_text).not.toContain('Bramble and Pip (');
  });

  it("gives one calendar event, linked to the booking's own page, whichever dog's id asks", async () => {
    for (const id of ids) {
      const ics = await (await bookingHandler(new Request(`${API}/bookings/${id}/calendar.ics`))).text();
      const unfolded = ics.replace(/\r\n /g, '');
      expect(unfolded).toContain(`UID:${lead}\r\n`);
      expect(unfolded).toContain(`URL:https://shop.example/b/${lead}\r\n`);
      expect(unfolded).toMatch(/SUMMARY:Full Groom for Bramble and .+ for Pip at Leyton Dog Grooming/);
    }
  });

  it('is reminded once the evening before, as one booking', async () => {
    const date = instantToZoned(new Date(start), LONDON).date;
    await enqueueReminders({ now: zonedDateTimeToInstant(addDays(date, -1), '17:00', LONDON) });
    const sent = await sentAbout(ids, 'booking_reminder');
    expect(sent.map((m) => m.channel)).toEqual(['email', 'sms']);
    readsAsOneBooking(sent, lead);
    expect(sent[0]!.body_text).toContain('A quick reminder that Bramble and Pip are booked in with us tomorrow');
  });

  it('is moved and cancelled as one booking, every message naming both dogs', async () => {
    const moved = await changes(
      new Request(`${API}/bookings/${ids[1]}/move`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ start: later }),
      }),
    );
    expect(moved.status, await moved.clone().text()).toBe(200);
    const move = await sentAbout(ids, 'booking_moved');
    readsAsOneBooking(move, lead);
    expect(move[0]!.subject).toMatch(/^Moved: Bramble's Full Groom and Pip's .+ are now /);
    expect(move[1]!.body_text).toMatch(/^Leyton Dog Grooming: the appointment for Bramble and Pip has moved to /);

    const cancelled = await changes(
      new Request(`${API}/bookings/${ids[1]}/cancel`, { method: 'POST', headers: JSON_TYPE, body: '{}' }),
    );
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const cancel = await sentAbout(ids, 'booking_cancelled');
    readsAsOneBooking(cancel, lead);
    expect(cancel[0]!.body_text).toContain('Your appointment for Bramble and Pip on ');
    expect(cancel[1]!.body_text).toMatch(
      /^Leyton Dog Grooming: the appointment for Bramble and Pip on .+ is cancelled\./,
    );
  });
});
