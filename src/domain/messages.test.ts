import { describe, expect, it } from 'vitest';
import site from '../../content/site.json' with { type: 'json' };
import {
  bookingLink,
  calendarEventFor,
  cancellationMessages,
  shopCancellationNotice,
  changeMessages,
  confirmationMessages,
  longWhen,
  paymentFailedMessages,
  reminderMessages,
  shopNewBookingNotice,
  shortWhen,
  type MessageBooking,
  type MessageContext,
} from './messages.ts';
import { addDays, zonedDateTimeToInstant } from './london-time.ts';
import type { MessageSeries } from './series-words.ts';
import { textSegments } from './text-segments.ts';

const booking: MessageBooking = {
  id: 'Qm9va2luZ0lkMTIzNDU2Nzg',
  service: { title: 'Full Groom', durationMinutes: 120 },
  start: new Date('2026-03-30T08:00:00Z'), // Monday 09:00 BST
  end: new Date('2026-03-30T10:00:00Z'),
  dog: {
    name: 'Biscuit',
    breed: 'Cockapoo',
    weightKg: 9.5,
    coat: 'long',
    notes: 'Hates the dryer <a little>',
    nervous: true,
  },
  owner: { name: 'Sam Patel', email: 'sam@example.com', phone: '+447700900461' },
  quote: {
    fromPricePence: 4500,
    promotionPence: 0,
    totalFromPence: 4500,
    depositPence: 1000,
    promotionApplied: false,
    lines: [
      { kind: 'service', label: 'Full Groom', pence: 4500 },
      { kind: 'total', label: 'Total, from', pence: 4500 },
      { kind: 'deposit', label: 'Deposit due now', pence: 1000 },
    ],
  },
  depositPaidPence: 1000,
};
const ctx: MessageContext = {
  siteUrl: 'https://example.test/',
  timeZone: 'Europe/London',
  cancellationNoticeHours: 24,
  now: new Date('2026-03-20T12:00:00Z'),
};
const link = 'https://example.test/b/Qm9va2luZ0lkMTIzNDU2Nzg';

describe('when', () => {
  it.each([
    ['2026-03-30T08:00:00Z', 'Monday 30 March 2026 at 09:00', 'Mon 30 Mar, 09:00'],
    ['2026-11-24T10:00:00Z', 'Tuesday 24 November 2026 at 10:00', 'Tue 24 Nov, 10:00'],
    ['2027-10-31T09:00:00Z', 'Sunday 31 October 2027 at 09:00', 'Sun 31 Oct, 09:00'],
  ])('%s → %s / %s', (iso, long, short) => {
    expect(longWhen(new Date(iso), 'Europe/London')).toBe(long);
    expect(shortWhen(new Date(iso), 'Europe/London')).toBe(short);
  });
  it('joins the link without a double slash', () =>
    expect(bookingLink('https://example.test/', 'abc')).toBe('https://example.test/b/abc'));
});

describe.each([
  [
    'confirmation',
    () => confirmationMessages(booking, ctx),
    'booking_confirmation',
    "Booked: Biscuit's Full Groom, Mon 30 Mar, 09:00",
    true,
  ],
  [
    'reminder',
    () => reminderMessages(booking, ctx),
    'booking_reminder',
    "See you tomorrow at 09:00: Biscuit's Full Groom",
    false,
  ],
  [
    'cancellation',
    () => cancellationMessages(booking, ctx, { refundedPence: 1000, keptPence: 0, reason: 'owner_in_free_period' }),
    'booking_cancelled',
    "Cancelled: Biscuit's Full Groom, Mon 30 Mar, 09:00",
    true,
  ],
  [
    'change',
    () => changeMessages(booking, new Date('2026-03-28T10:00:00Z'), ctx),
    'booking_moved',
    "Moved: Biscuit's Full Groom is now Mon 30 Mar, 09:00",
    true,
  ],
] as const)('%s', (_name, make, kind, subject, hasIcs) => {
  const messages = make();
  const mail = messages.find((m) => m.channel === 'email')!;
  const text = messages.find((m) => m.channel === 'sms')!;

  it('goes by e-mail and text to the owner', () => {
    expect(messages.map((m) => [m.channel, m.recipient, m.kind])).toEqual([
      ['email', 'sam@example.com', kind],
      ['sms', '+447700900461', kind],
    ]);
    expect(messages.every((m) => m.bookingId === booking.id)).toBe(true);
  });

  it('has the subject, the greeting, the link and (in HTML) no unescaped input', () => {
    expect(mail.subject).toBe(subject);
    expect(mail.bodyText).toMatch(/^Hello Sam,/);
    expect(mail.bodyText).toContain(kind === 'booking_cancelled' ? 'https://example.test/book' : link);
    expect(mail.bodyHtml).toContain('<p>Hello Sam,</p>');
    expect(mail.bodyHtml).not.toMatch(/<a little>/);
  });

  it('keeps the text short and with the link', () => {
    expect(text.bodyText.length).toBeLessThanOrEqual(160 + 40);
    expect(text.bodyText.startsWith(site.name)).toBe(true);
    if (kind !== 'booking_cancelled') expect(text.bodyText).toContain(link);
  });

  it(`${hasIcs ? 'attaches' : 'does not attach'} a calendar file`, () => {
    expect(mail.attachments.length).toBe(hasIcs ? 1 : 0);
    if (hasIcs) {
      expect(mail.attachments[0]!.filename).toBe('appointment.ics');
      expect(mail.attachments[0]!.content).toContain('UID:Qm9va2luZ0lkMTIzNDU2Nzg\r\n');
      expect(mail.attachments[0]!.content).toContain('DTSTART:20260330T080000Z\r\n');
    }
  });
});

describe('details', () => {
  it('the confirmation tells what, when, where, price and policy in plain words', () => {
    const [mail] = confirmationMessages(booking, ctx);
    for (const line of [
      'Service: Full Groom, about 2 hours',
      'When: Monday 30 March 2026 at 09:00',
      'Dog: Biscuit',
      `Where: ${site.name}, 712 High Road, Leyton, London E10 6JP`,
      'Total, from: £45.00',
      'Deposit paid: £10.00',
      'You can cancel or move it free of charge up to 24 hours before.',
      site.phone.display,
    ])
      expect(mail!.bodyText).toContain(line);
    expect(mail!.bodyHtml).toContain(`<a href="${link}">`);
  });

  it.each([
    // Booked in good time: the general rule.
    ['2026-03-20T12:00:00Z', 'You can cancel or move it free of charge up to 24 hours before.'],
    // Booked the evening before (decision 079): movable online up to the 2-hour booking notice.
    [
      '2026-03-29T19:00:00Z',
      'You booked less than 24 hours ahead, so you can move this appointment online until Monday 30 March at 07:00. You can still cancel, but any deposit is kept.',
    ],
  ])('the confirmation of a booking made at %s says what the booking page says', (now, line) => {
    const [mail] = confirmationMessages(booking, { ...ctx, minNoticeMinutes: 120, now: new Date(now) });
    expect(mail!.bodyText).toContain(line);
    if (line.startsWith('You booked')) expect(mail!.bodyText).not.toContain('free of charge');
  });

  // Each reason the money decision can have, and what the owner reads: the shop's cancellation never
  // borrows the late-cancellation reason (issue 29).
  it.each([
    [
      'owner',
      { refundedPence: 1000, keptPence: 0, reason: 'owner_in_free_period' },
      'Your deposit of £10.00 is on its way back',
      'less than',
    ],
    [
      'owner',
      { refundedPence: 0, keptPence: 1000, reason: 'owner_late' },
      'As it was less than 24 hours before the appointment, the deposit of £10.00 is kept',
      'on its way back',
    ],
    [
      'shop',
      { refundedPence: 1000, keptPence: 0, reason: 'shop_refunded' },
      'Your deposit of £10.00 is on its way back',
      'less than',
    ],
    [
      'shop',
      { refundedPence: 0, keptPence: 1000, reason: 'shop_kept' },
      'We have kept the deposit of £10.00, as we agreed with you.',
      'less than',
    ],
    ['owner', { refundedPence: 0, keptPence: 0, reason: 'nothing_paid' }, 'is cancelled.', 'deposit'],
  ] as const)('a cancellation by the %s with %j says so', (by, money, phrase, never) => {
    const [mail, text] = cancellationMessages(booking, ctx, money, by);
    expect(mail!.bodyText).toContain(phrase);
    expect(mail!.bodyText).not.toContain(never);
    expect(mail!.bodyText.includes('we have had to cancel')).toBe(by === 'shop');
    expect(text!.bodyText.includes('cancelled by the shop')).toBe(by === 'shop');
  });

  it('the shop is told of an owner cancelling online, with the deposit decided', () => {
    const notice = shopCancellationNotice(booking, ctx, { refundedPence: 0, keptPence: 1000, reason: 'owner_late' });
    expect(notice).toMatchObject({ kind: 'shop_booking_cancelled', recipient: site.email });
    expect(notice.bodyText).toContain('The time is free again.');
    expect(notice.bodyText).toContain('Deposit of £10.00 kept');
  });

  it('the cancellation calendar file cancels the event', () => {
    expect(
      cancellationMessages(booking, ctx, { refundedPence: 0, keptPence: 0, reason: 'nothing_paid' })[0]!.attachments[0]!
        .content,
    ).toContain('METHOD:CANCEL');
  });

  it('the reminder offers the same time in N weeks, linked to the card, only when asked to', () => {
    const plain = reminderMessages(booking, ctx);
    expect(plain.every((m) => !m.bodyText.includes('#next'))).toBe(true);
    const offered = reminderMessages(booking, ctx, { nextGroomWeeks: 6 });
    const [mail, text] = offered;
    expect(text!.bodyText).toBe(
      `${site.name}: see you and Biscuit tomorrow at 09:00, 712 High Road, E10 6JP. Details: ${link} Same time in 6 weeks? Book it in one tap: ${link}#next`,
    );
    expect(mail!.bodyText).toContain(`Book the next groom in one tap: ${link}#next`);
    expect(mail!.bodyHtml).toContain(`<a href="${link}#next">${link}#next</a>`);
    expect(mail!.bodyHtml).toContain(`<a href="${link}">${link}</a>`);
  });

  it('the reminder with the offer stays within two text segments (306 GSM-7 characters) at its longest', () => {
    const longest = { ...booking, id: 'x'.repeat(24), dog: { ...booking.dog, name: 'W'.repeat(40) } };
    const [, text] = reminderMessages(longest, { ...ctx, siteUrl: site.url }, { nextGroomWeeks: 12 });
    expect(text!.bodyText.length).toBeLessThanOrEqual(306);
    expect(text!.bodyText).toMatch(/^[\x20-\x7e]+$/);
  });

  it('the move says from and to', () => {
    expect(changeMessages(booking, new Date('2026-03-28T10:00:00Z'), ctx)[0]!.bodyText).toContain(
      'has moved from Saturday 28 March 2026 at 10:00 to Monday 30 March 2026 at 09:00',
    );
  });

  it('a booking made with a number that has another ahead tells the phone, with the link to cancel, and not the e-mail', () => {
    const plain = confirmationMessages(booking, ctx);
    const told = confirmationMessages(booking, ctx, { alreadyAhead: new Date('2026-03-25T10:00:00Z') });
    const text = told.find((m) => m.channel === 'sms')!;
    expect(text.bodyText).toBe(
      `${site.name}: a booking for Mon 30 Mar, 09:00 was just made online with this number, which already has one with us on Wed 25 Mar, 10:00. If it was not you, cancel it here: ${link}`,
    );
    // The e-mail goes to whoever typed it: word for word the plain confirmation.
    expect(told.find((m) => m.channel === 'email')).toEqual(plain.find((m) => m.channel === 'email'));
    expect(told.map((m) => m.channel)).toEqual(plain.map((m) => m.channel));
  });

  it('no phone, no text; no e-mail, no e-mail', () => {
    expect(
      confirmationMessages({ ...booking, owner: { ...booking.owner, phone: null } }, ctx).map((m) => m.channel),
    ).toEqual(['email']);
    expect(
      confirmationMessages({ ...booking, owner: { ...booking.owner, email: null } }, ctx).map((m) => m.channel),
    ).toEqual(['sms']);
  });

  it('names the extras beside the service in the e-mails and the calendar file; their prices are the quote lines', () => {
    const withExtras: MessageBooking = {
      ...booking,
      extras: [{ title: 'Nail grinding' }, { title: 'Teeth brushing' }],
      quote: {
        ...booking.quote!,
        lines: [
          { kind: 'service', label: 'Full Groom, small dog', pence: 4500 },
          { kind: 'extra', label: 'Nail grinding', pence: 500 },
          { kind: 'extra', label: 'Teeth brushing', pence: 500 },
          { kind: 'total', label: 'Total, from', pence: 5500 },
        ],
      },
    };
    const [mail] = confirmationMessages(withExtras, ctx);
    for (const line of ['Extras: Nail grinding, Teeth brushing', 'Nail grinding: £5.00', 'Total, from: £55.00'])
      expect(mail!.bodyText).toContain(line);
    expect(shopNewBookingNotice(withExtras, ctx).bodyText).toContain(
      'Service: Full Groom, 2 hours\nExtras: Nail grinding, Teeth brushing\nDog:',
    );
    expect(calendarEventFor(withExtras, ctx).description).toMatch(
      /^Extras: Nail grinding, Teeth brushing\nYour booking/,
    );
    expect(calendarEventFor(booking, ctx).description).toMatch(/^Your booking/);
    expect(confirmationMessages(booking, ctx)[0]!.bodyText).not.toContain('Extras:');
  });

  it('the shop notice goes to the shop with everything the groomer needs', () => {
    const notice = shopNewBookingNotice(booking, ctx);
    expect(notice).toMatchObject({ kind: 'shop_new_booking', channel: 'email', recipient: site.email });
    expect(notice.subject).toBe('New booking: Full Groom for Biscuit, Mon 30 Mar, 09:00');
    for (const line of [
      'Dog: Biscuit (Cockapoo), 9.5kg, long coat, NERVOUS',
      'Notes: Hates the dryer <a little>',
      'Owner: Sam Patel',
      'Phone: 07700 900461',
      'E-mail: sam@example.com',
      `Booking: ${link}`,
    ]) {
      expect(notice.bodyText).toContain(line);
    }
    expect(notice.bodyHtml).toContain('Hates the dryer &lt;a little&gt;');
  });
});

describe('a series (docs/decisions/085)', () => {
  /** Visits every 6 weeks from the booking's own start; a visit's id is the first's for the first. */
  const seriesOf = (visits: number): MessageSeries => ({
    weeks: 6,
    visits: Array.from({ length: visits }, (_, i) => {
      // The same London 09:00 every 6 weeks, across the October clock change.
      const start = zonedDateTimeToInstant(addDays('2026-03-30', i * 42), '09:00', 'Europe/London');
      return {
        id: i === 0 ? booking.id : `VisitNumber${i}xxxxxxxxxxxx`,
        start,
        end: new Date(start.getTime() + 7_200_000),
      };
    }),
  });
  const linkOf = (id: string) => `https://example.test/b/${id}`;
  const mailOf = (m: ReturnType<typeof confirmationMessages>) => m.find((x) => x.channel === 'email')!;
  const textOf = (m: ReturnType<typeof confirmationMessages>) => m.find((x) => x.channel === 'sms')!;

  it('of one visit is told as any booking', () => {
    expect(confirmationMessages(booking, ctx, { series: seriesOf(1) })).toEqual(confirmationMessages(booking, ctx));
    expect(shopNewBookingNotice(booking, ctx, seriesOf(1))).toEqual(shopNewBookingNotice(booking, ctx));
  });

  it.each([2, 6])(
    'of %i visits: the e-mail lists every visit with its own page, linked, and a calendar file each',
    (n) => {
      const series = seriesOf(n);
      const mail = mailOf(confirmationMessages(booking, ctx, { series }));
      expect(mail.subject).toBe(`Booked: Biscuit's next ${n} grooms, every 6 weeks from Mon 30 Mar, 09:00`);
      expect(mail.bodyText).toContain(
        `Biscuit's next ${n} grooms are booked, every 6 weeks:\n1. Monday 30 March 2026 at 09:00: ${link}\n`,
      );
      for (const [i, v] of series.visits.entries()) {
        expect(mail.bodyText).toContain(`${i + 1}. ${longWhen(v.start, 'Europe/London')}: ${linkOf(v.id)}`);
        expect(mail.bodyHtml).toContain(`<a href="${linkOf(v.id)}">${linkOf(v.id)}</a>`);
      }
      expect(mail.bodyText).toContain('choose "Cancel the whole series"');
      expect(mail.bodyText).toContain('You can cancel or move any visit free of charge up to 24 hours before it.');
      expect(mail.bodyText).toContain("Deposit paid: £10.00, taken off your final price (the first visit's)");
      expect(mail.attachments.map((a) => a.filename)).toEqual(series.visits.map((_, i) => `appointment-${i + 1}.ics`));
      expect(mail.attachments.map((a) => /UID:(\S+)\r\n/.exec(a.content)![1])).toEqual(series.visits.map((v) => v.id));
    },
  );

  it('of 6 visits: the text names every date in two segments, and links the series card', () => {
    const text = textOf(confirmationMessages(booking, ctx, { series: seriesOf(6) })).bodyText;
    expect(text).toBe(
      `${site.name}: Biscuit's next 6 grooms are booked, every 6 weeks: Mon 30 Mar, 09:00; Mon 11 May, 09:00; Mon 22 Jun, 09:00; Mon 3 Aug, 09:00; Mon 14 Sept, 09:00; Mon 26 Oct, 09:00. Details and changes: ${link}#next`,
    );
    expect(textSegments(text)).toBe(2);
  });

  it('names a visit moved to the nearest free time at its real time, in the text and the e-mail', () => {
    const series = seriesOf(3);
    const moved = new Date(series.visits[1]!.start.getTime() + 86_400_000 + 30 * 60_000); // Tue 12 May, 09:30
    const visits = series.visits.map((v, i) => (i === 1 ? { ...v, start: moved } : v));
    const messages = confirmationMessages(booking, ctx, { series: { ...series, visits } });
    expect(textOf(messages).bodyText).toContain('Mon 30 Mar, 09:00; Tue 12 May, 09:30; Mon 22 Jun, 09:00.');
    expect(mailOf(messages).bodyText).toContain('2. Tuesday 12 May 2026 at 09:30:');
  });

  it('to a number that has another booking ahead: tells the phone of them all, with the link to cancel', () => {
    const text = textOf(
      confirmationMessages(booking, ctx, { series: seriesOf(3), alreadyAhead: new Date('2026-03-25T10:00:00Z') }),
    );
    expect(text.bodyText).toBe(
      `${site.name}: 3 bookings from Mon 30 Mar, 09:00 were just made online with this number, which already has one with us on Wed 25 Mar, 10:00. If it was not you, cancel them here: ${link}#next`,
    );
  });

  it("the shop's notice lists every visit with its own page", () => {
    const series = seriesOf(6);
    const notice = shopNewBookingNotice(booking, ctx, series);
    expect(notice.subject).toBe('New booking: Full Groom for Biscuit, 6 visits every 6 weeks from Mon 30 Mar, 09:00');
    expect(notice.bodyText).toMatch(/^New booking of 6 visits, every 6 weeks:\n1\. Monday 30 March 2026 at 09:00: /);
    for (const v of series.visits) {
      expect(notice.bodyText).toContain(`${longWhen(v.start, 'Europe/London')}: ${linkOf(v.id)}`);
      expect(notice.bodyHtml).toContain(`<a href="${linkOf(v.id)}">`);
    }
    expect(notice.bodyText).toContain('Dog: Biscuit (Cockapoo), 9.5kg, long coat, NERVOUS');
  });
});

describe('a booking of several dogs reads as one booking (docs/decisions/098)', () => {
  const start = booking.start;
  const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
  const party: MessageBooking = {
    ...booking,
    id: 'UGFydHlMZWFkSWQxMjM0NTY',
    service: { title: 'Full Groom and Bath & Brush', durationMinutes: 120 },
    dog: { name: 'Bramble and Pip', breed: 'Labrador Retriever', weightKg: 25, coat: 'short', nervous: false },
    party: [
      {
        name: 'Bramble',
        breed: 'Labrador Retriever',
        weightKg: 25,
        coat: 'short',
        notes: null,
        nervous: false,
        service: 'Full Groom',
        durationMinutes: 120,
        start,
        end: minutes(120),
        extras: [{ title: 'Bandana' }],
      },
      {
        name: 'Pip',
        breed: 'Cockapoo',
        weightKg: 8,
        coat: 'curly',
        notes: 'Sore left ear',
        nervous: true,
        service: 'Bath & Brush',
        durationMinutes: 60,
        start,
        end: minutes(60),
      },
    ],
  };
  const partyLink = 'https://example.test/b/UGFydHlMZWFkSWQxMjM0NTY';
  const visits = "Bramble's Full Groom and Pip's Bath & Brush";
  /** Every booking page a message links to. */
  const pagesIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"<]+\/b\/[^\s"<#]+/g)].map((m) => m[0]);

  describe.each([
    [
      'confirmation',
      () => confirmationMessages(party, ctx),
      `Booked: ${visits}, Mon 30 Mar, 09:00`,
      ['Thank you for booking with us. Bramble and Pip are booked in', 'See you all soon'],
      `${site.name}: Bramble and Pip are booked in for Mon 30 Mar, 09:00. Details and changes: ${partyLink}`,
    ],
    [
      'reminder',
      () => reminderMessages(party, ctx),
      `See you tomorrow at 09:00: ${visits}`,
      ['A quick reminder that Bramble and Pip are booked in with us tomorrow at 09:00.', 'helps your dogs settle'],
      `${site.name}: see you and Bramble and Pip tomorrow at 09:00, 712 High Road, E10 6JP. Details: ${partyLink}`,
    ],
    [
      'move',
      () => changeMessages(party, new Date('2026-03-28T10:00:00Z'), ctx),
      `Moved: ${visits} are now Mon 30 Mar, 09:00`,
      ['Your appointment for Bramble and Pip has moved from Saturday 28 March 2026 at 10:00', 'See you all soon'],
      `${site.name}: the appointment for Bramble and Pip has moved to Mon 30 Mar, 09:00. Details: ${partyLink}`,
    ],
    [
      'cancellation',
      () => cancellationMessages(party, ctx, { refundedPence: 1000, keptPence: 0, reason: 'owner_in_free_period' }),
      `Cancelled: ${visits}, Mon 30 Mar, 09:00`,
      [
        'Your appointment for Bramble and Pip on Monday 30 March 2026 at 09:00 is cancelled.',
        'see you all another time',
      ],
      `${site.name}: the appointment for Bramble and Pip on Mon 30 Mar, 09:00 is cancelled. Deposit of £10.00 refunded. Details: ${partyLink}`,
    ],
    [
      'payment failed',
      () => paymentFailedMessages(party, ctx),
      `Not booked: the deposit for ${visits} did not go through`,
      [`the deposit payment for ${visits} on Monday 30 March 2026 at 09:00 did not go through`],
      null,
    ],
  ] as const)('the %s', (_name, make, subject, sentences, text) => {
    const messages = make();
    const mail = messages.find((m) => m.channel === 'email')!;
    const sms = messages.find((m) => m.channel === 'sms')!;

    it('names every dog with plural verbs, never "Bramble and Pip is" nor one possessive for both', () => {
      expect(mail.subject).toBe(subject);
      for (const sentence of sentences) expect(mail.bodyText).toContain(sentence);
      if (text) expect(sms.bodyText).toBe(text);
      for (const m of messages) {
        expect(`${m.subject ?? ''} ${m.bodyText}`).not.toMatch(/Bramble and Pip (is|has been)\b/);
        expect(`${m.subject ?? ''} ${m.bodyText}`).not.toMatch(/Bramble and Pip's/);
      }
    });

    it("links the booking's own page, the party's, in every message and the calendar file", () => {
      expect(messages.every((m) => m.bookingId === party.id)).toBe(true);
      for (const m of messages) {
        const pages = pagesIn(`${m.bodyText} ${m.bodyHtml ?? ''}`);
        expect(pages.length).toBeGreaterThan(0);
        expect(new Set(pages)).toEqual(new Set([partyLink]));
      }
      for (const file of mail.attachments) expect(file.content).toContain(`URL:${partyLink}`);
    });
  });

  it("the shop's e-mail lists each dog with its breed, weight, coat, service, time, extras and notes", () => {
    const notice = shopNewBookingNotice(party, ctx);
    expect(notice.subject).toBe('New booking: Full Groom for Bramble and Bath & Brush for Pip, Mon 30 Mar, 09:00');
    expect(notice.bodyText).toContain(
      'Dog 1: Bramble (Labrador Retriever), 25kg, short coat\nService: Full Groom, 09:00 to 11:00 (2 hours)\nExtras: Bandana',
    );
    expect(notice.bodyText).toContain(
      'Dog 2: Pip (Cockapoo), 8kg, curly coat, NERVOUS\nService: Bath & Brush, 09:00 to 10:00 (1 hour)\nNotes: Sore left ear',
    );
    expect(notice.bodyText).not.toContain('Bramble and Pip (');
    expect(notice.bodyText).toContain('Owner: Sam Patel');
    expect(notice.bodyText).toContain(`Booking: ${partyLink}`);
    expect(notice.bodyHtml).toContain(`<a href="${partyLink}">`);
  });

  it('the calendar event names each dog with its service and links the booking', () => {
    const event = calendarEventFor(party, ctx);
    expect(event.summary).toBe(`Full Groom for Bramble and Bath & Brush for Pip at ${site.name}`);
    expect(event.url).toBe(partyLink);
    expect(event.description).toContain(partyLink);
  });

  it('one dog reads as before', () => {
    expect(confirmationMessages(booking, ctx)[0]!.bodyText).toContain('Biscuit is booked in');
    expect(calendarEventFor(booking, ctx).summary).toBe(`Full Groom for Biscuit at ${site.name}`);
  });
});

describe("every message about a booking links the booking's own page", () => {
  it.each([
    ['confirmation', () => confirmationMessages(booking, ctx)],
    ['reminder', () => reminderMessages(booking, ctx, { nextGroomWeeks: 6 })],
    ['move', () => changeMessages(booking, new Date('2026-03-28T10:00:00Z'), ctx)],
    [
      'cancellation',
      () => cancellationMessages(booking, ctx, { refundedPence: 0, keptPence: 1000, reason: 'owner_late' }),
    ],
    ['payment failed', () => paymentFailedMessages(booking, ctx)],
    ['shop notice', () => [shopNewBookingNotice(booking, ctx)]],
  ])('the %s', (_name, make) => {
    for (const m of make()) {
      const pages = [...`${m.bodyText} ${m.bodyHtml ?? ''}`.matchAll(/https?:\/\/[^\s"<]+\/b\/[^\s"<#]+/g)].map(
        (x) => x[0],
      );
      expect(pages.length, `${m.kind} ${m.channel}`).toBeGreaterThan(0);
      expect(new Set(pages)).toEqual(new Set([link]));
    }
  });
});
