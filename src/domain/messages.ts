import site from '../../content/site.json' with { type: 'json' };
import type { Quote } from './booking-schemas.ts';
import { canChange } from './cancellation-policy.ts';
import type { CancelMoneyReason } from './booking-life.ts';
import { buildIcs, type CalendarEvent } from './ics.ts';
import { formatPence } from './money.ts';
import { formatUkMobile } from './phone-format.ts';
import {
  seriesHeadline,
  seriesText,
  seriesVisitLines,
  WHOLE_SERIES_CANCEL,
  type MessageSeries,
} from './series-words.ts';
import { writtenTime, writtenWhen } from './written-dates.ts';

/**
 * The words of every message about a booking, as pure templates: the server puts what they return
 * into the outbox (src/server/messages/outbox.ts) in the same transaction as the booking change.
 * Warm, plain British English; every message carries the /b/{id} link, the customer's key to it
 * (a booking of several dogs: its first dog's id, the party's). Several dogs read as one booking
 * (docs/decisions/098): every dog named, the verbs plural, the shop's e-mail a block per dog.
 */

export type MessageKind =
  | 'booking_confirmation'
  | 'booking_reminder'
  | 'booking_cancelled'
  | 'booking_moved'
  | 'booking_payment_failed'
  | 'shop_new_booking'
  | 'shop_booking_cancelled';
export type MessageChannel = 'email' | 'sms';

export interface MessageAttachment {
  filename: string;
  contentType: string;
  /** Text content (calendar files are text). */
  content: string;
}

export interface OutgoingMessage {
  kind: MessageKind;
  channel: MessageChannel;
  /** An e-mail address, or a phone number in E.164. */
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  attachments: MessageAttachment[];
  bookingId: string;
}

export interface MessageBooking {
  id: string;
  service: { title: string; durationMinutes: number };
  start: Date;
  end: Date;
  dog: {
    name: string;
    breed?: string | null;
    weightKg?: number | null;
    coat?: string | null;
    notes?: string | null;
    nervous?: boolean | null;
  };
  owner: { name: string; email: string | null; phone: string | null };
  quote?: Quote | null;
  depositPaidPence?: number;
  /** 0 when booked, +1 on every move: calendars replace the older version. */
  sequence?: number;
  /** The no-show rules it was booked under, in the words the customer was shown (decision 081). */
  rules?: readonly string[];
  /** The dog's extras (decision 080): named beside the service, priced among the quote's lines. */
  extras?: readonly { title: string }[];
  /**
   * A booking of several dogs (docs/decisions/082), each dog in the order they are groomed; absent
   * for one dog. `dog.name` and `service.title` then name them all, `start`/`end` span the whole.
   */
  party?: readonly MessageDog[];
}

/** One dog of a booking of several, as the messages tell it. */
export interface MessageDog {
  name: string;
  breed?: string | null;
  weightKg?: number | null;
  coat?: string | null;
  notes?: string | null;
  nervous?: boolean | null;
  service: string;
  durationMinutes: number;
  start: Date;
  end: Date;
  extras?: readonly { title: string }[];
}

/** Several dogs: the booking's words are plural. */
function several(booking: MessageBooking): booking is MessageBooking & { party: readonly MessageDog[] } {
  return (booking.party?.length ?? 0) > 1;
}

/** "is" for one dog, "are" for several: "Bramble and Pip are booked in". */
function isAre(booking: MessageBooking): 'is' | 'are' {
  return several(booking) ? 'are' : 'is';
}

/** "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "Biscuit's Full Groom"; several dogs: "Bramble's Full Groom and Pip's Bath". */
function visitWords(booking: MessageBooking): string {
  return several(booking)
    ? listed(booking.party.map((d) => `${d.name}'s ${d.service}`))
    : `${booking.dog.name}'s ${booking.service.title}`;
}

/** "Full Groom for Biscuit"; several dogs: "Full Groom for Bramble and Bath for Pip". */
function serviceForDogs(booking: MessageBooking): string {
  return several(booking)
    ? listed(booking.party.map((d) => `${d.service} for ${d.name}`))
    : `${booking.service.title} for ${booking.dog.name}`;
}

export interface MessageContext {
  /** The site's public address (env URL), without a trailing slash needed. */
  siteUrl: string;
  timeZone: string;
  cancellationNoticeHours: number;
  /** The notice an online booking needs: a booking made inside the free period may move up to it. */
  minNoticeMinutes?: number;
  now: Date;
}

const address = `${site.address.street}, ${site.address.locality}, ${site.address.city} ${site.address.postcode}`;

export function bookingLink(siteUrl: string, bookingId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/b/${encodeURIComponent(bookingId)}`;
}

/** "Tuesday 24 November 2026 at 10:00" in the shop's time zone. */
export function longWhen(instant: Date, timeZone: string): string {
  return writtenWhen(instant, timeZone, { weekday: 'long', year: true }, ' at ');
}

/** "Tue 24 Nov, 10:00": short enough for a text. */
export function shortWhen(instant: Date, timeZone: string): string {
  return writtenWhen(instant, timeZone, { weekday: 'short', month: 'short' });
}

function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h === 1 ? '1 hour' : `${h} hours`;
  return m ? `${hours} ${m} minutes` : hours;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Paragraphs of plain text → the text body and a simple, accessible HTML body with real links: every
 * one of `links` (a series' e-mail names each visit's own page), with its fragment when it has one
 * (#next, the rebook card): all of it is the link.
 */
function bodies(paragraphs: string[], links: string | readonly string[]): { bodyText: string; bodyHtml: string } {
  const bodyText = `${paragraphs.join('\n\n')}\n`;
  const linked = new RegExp(
    `(?:${[links]
      .flat()
      .map((l) => escapeHtml(l).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|')})(?:#[\\w-]+)?`,
    'g',
  );
  const html = paragraphs
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/\n/g, '<br>')
          .replace(linked, (whole) => `<a href="${whole}">${whole}</a>`)}</p>`,
    )
    .join('\n');
  const bodyHtml =
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(site.name)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;color:#1d2430;line-height:1.5;max-width:36rem">\n${html}\n</body></html>\n`;
  return { bodyText, bodyHtml };
}

function priceLines(booking: MessageBooking, audience: 'customer' | 'shop' = 'customer'): string[] {
  const lines: string[] = [];
  if (booking.quote) {
    for (const line of booking.quote.lines) {
      if (line.kind === 'deposit') continue;
      lines.push(`${line.label}: ${line.pence < 0 ? `-${formatPence(-line.pence)}` : formatPence(line.pence)}`);
    }
  }
  if (booking.depositPaidPence)
    lines.push(
      `Deposit paid: ${formatPence(booking.depositPaidPence)}${audience === 'customer' ? ', taken off your final price' : ''}`,
    );
  return lines;
}

/** "Extras: Nail grinding, Bandana", or nothing for a visit without extras. */
function extrasLine(booking: { extras?: readonly { title: string }[] | undefined }): string[] {
  return booking.extras?.length ? [`Extras: ${booking.extras.map((e) => e.title).join(', ')}`] : [];
}

function details(booking: MessageBooking, ctx: MessageContext): string {
  return [
    several(booking)
      ? `Services: ${serviceForDogs(booking)}, about ${duration(booking.service.durationMinutes)} in all`
      : `Service: ${booking.service.title}, about ${duration(booking.service.durationMinutes)}`,
    ...extrasLine(booking),
    `When: ${longWhen(booking.start, ctx.timeZone)}`,
    several(booking) ? `Dogs: ${booking.dog.name}` : `Dog: ${booking.dog.name}`,
    `Where: ${site.name}, ${address}`,
    ...priceLines(booking),
  ].join('\n');
}

const contactLine = `If you have a question, message us on WhatsApp (we usually reply in about ${site.whatsapp.replyMinutes} minutes) or call ${site.phone.display}.`;
const signOff = (booking: MessageBooking) =>
  several(booking) ? `See you all soon,\n${site.name}` : `See you and ${booking.dog.name} soon,\n${site.name}`;

/**
 * Made inside the free period (the same day, the evening before), a booking was never free to change:
 * its confirmation says what the page says (src/domain/cancellation-policy.ts, decision 079).
 */
function bookedLatePolicy(booking: MessageBooking, ctx: MessageContext): string | null {
  if (ctx.minNoticeMinutes === undefined) return null;
  const decision = canChange({
    appointmentStart: booking.start,
    now: ctx.now,
    bookedAt: ctx.now,
    status: 'confirmed',
    settings: { ...ctx, minNoticeMinutes: ctx.minNoticeMinutes },
  });
  return decision.reason === 'free_change' ? null : decision.message;
}

function policyLine(ctx: MessageContext): string {
  return `You can cancel or move it free of charge up to ${ctx.cancellationNoticeHours} hours before. After that you can still cancel, but any deposit is kept.`;
}

function calendarFile(
  booking: MessageBooking,
  ctx: MessageContext,
  method: 'PUBLISH' | 'CANCEL' = 'PUBLISH',
): MessageAttachment {
  return {
    filename: 'appointment.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: buildIcs(calendarEventFor(booking, ctx, method)),
  };
}

/** The appointment as a calendar event: shared by the e-mails and the /b/{id} download. */
export function calendarEventFor(
  booking: MessageBooking,
  ctx: Pick<MessageContext, 'siteUrl' | 'now'>,
  method: 'PUBLISH' | 'CANCEL' = 'PUBLISH',
): CalendarEvent {
  const link = bookingLink(ctx.siteUrl, booking.id);
  return {
    uid: booking.id,
    start: booking.start,
    end: booking.end,
    summary: `${serviceForDogs(booking)} at ${site.name}`,
    description: [
      ...extrasLine(booking),
      `Your booking, with directions and the option to cancel or move it: ${link}`,
      `Questions: ${site.phone.display} or WhatsApp.`,
    ].join('\n'),
    location: `${site.name}, ${address}`,
    url: link,
    geo: site.address.geo,
    organizer: { name: site.name, email: site.email },
    sequence: booking.sequence ?? 0,
    method,
    now: ctx.now,
  };
}

function email(
  kind: MessageKind,
  booking: MessageBooking,
  recipient: string,
  subject: string,
  paragraphs: string[],
  link: string | readonly string[],
  attachments: MessageAttachment[] = [],
): OutgoingMessage {
  return {
    kind,
    channel: 'email',
    recipient,
    subject,
    ...bodies(paragraphs, link),
    attachments,
    bookingId: booking.id,
  };
}

function sms(kind: MessageKind, booking: MessageBooking, text: string): OutgoingMessage[] {
  if (!booking.owner.phone) return [];
  return [
    {
      kind,
      channel: 'sms',
      recipient: booking.owner.phone,
      subject: null,
      bodyText: text,
      bodyHtml: null,
      attachments: [],
      bookingId: booking.id,
    },
  ];
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * To the customer: e-mail (with the calendar file) and a text. `alreadyAhead` is the start of another
 * booking of this number, when this one never proved the number: the maker's answer was the same as
 * for any number (docs/decisions/072), so only the number's own phone is told, and told how to
 * cancel this one if it was not them. The e-mail goes to what the maker typed and never says it.
 */
export function confirmationMessages(
  booking: MessageBooking,
  ctx: MessageContext,
  options: { alreadyAhead?: Date; series?: MessageSeries | null } = {},
): OutgoingMessage[] {
  // A series of one visit is a booking like any other, and is told as one.
  if (options.series && options.series.visits.length > 1)
    return seriesConfirmationMessages(booking, options.series, ctx, options);
  const link = bookingLink(ctx.siteUrl, booking.id);
  const out: OutgoingMessage[] = [];
  if (booking.owner.email) {
    out.push(
      email(
        'booking_confirmation',
        booking,
        booking.owner.email,
        `Booked: ${visitWords(booking)}, ${shortWhen(booking.start, ctx.timeZone)}`,
        [
          `Hello ${firstName(booking.owner.name)},`,
          `Thank you for booking with us. ${booking.dog.name} ${isAre(booking)} booked in, and we're looking forward to meeting them.`,
          details(booking, ctx),
          `Your booking, with directions, a calendar file and the option to cancel or move it:\n${link}`,
          bookedLatePolicy(booking, ctx) ?? policyLine(ctx),
          ...(booking.rules?.length ? [booking.rules.join(' ')] : []),
          `${site.address.directions}`,
          contactLine,
          signOff(booking),
        ],
        link,
        [calendarFile(booking, ctx)],
      ),
    );
  }
  out.push(
    ...sms(
      'booking_confirmation',
      booking,
      options.alreadyAhead
        ? `${site.name}: a booking for ${shortWhen(booking.start, ctx.timeZone)} was just made online with this number, which already has one with us on ${shortWhen(options.alreadyAhead, ctx.timeZone)}. If it was not you, cancel it here: ${link}`
        : several(booking)
          ? `${site.name}: ${booking.dog.name} are booked in for ${shortWhen(booking.start, ctx.timeZone)}. Details and changes: ${link}`
          : `${site.name}: ${booking.dog.name}'s ${booking.service.title} is booked for ${shortWhen(booking.start, ctx.timeZone)}. Details and changes: ${link}`,
    ),
  );
  return out;
}

/** The anchor of "Book the next groom" on /b/{id}: the reminder's (and any message's) link to it. */
export const NEXT_GROOM_ANCHOR = 'next';

/** Every visit of a series, as its own booking: its own event, built from the series' first. */
function visitsOf(booking: MessageBooking, series: MessageSeries): MessageBooking[] {
  return series.visits.map((v) => ({ ...booking, id: v.id, start: v.start, end: v.end, sequence: v.sequence ?? 0 }));
}

/**
 * A series booked (docs/decisions/085): every visit named, each with its own page (each moves or
 * cancels alone) and its own calendar file, and how to cancel them all. The text names every date
 * when they fit in two segments, else the count, the first and the last, linking the series' page
 * (the first visit's, whose card lists them all).
 */
function seriesConfirmationMessages(
  booking: MessageBooking,
  series: MessageSeries,
  ctx: MessageContext,
  options: { alreadyAhead?: Date },
): OutgoingMessage[] {
  const link = bookingLink(ctx.siteUrl, booking.id);
  const visits = visitsOf(booking, series);
  const links = visits.map((v) => bookingLink(ctx.siteUrl, v.id));
  const first = series.visits[0]!;
  const out: OutgoingMessage[] = [];
  if (booking.owner.email) {
    out.push(
      email(
        'booking_confirmation',
        booking,
        booking.owner.email,
        `Booked: ${booking.dog.name}'s next ${visits.length} grooms, every ${series.weeks} weeks from ${shortWhen(first.start, ctx.timeZone)}`,
        [
          `Hello ${firstName(booking.owner.name)},`,
          `Thank you for booking with us. ${seriesHeadline(booking.dog.name, series)}:\n${seriesVisitLines(series, ctx.timeZone, (id) => bookingLink(ctx.siteUrl, id))}`,
          `Each visit has its own page, with directions and the option to cancel or move that visit alone; a calendar file for each visit is attached. ${WHOLE_SERIES_CANCEL}`,
          seriesDetails(booking),
          bookedLatePolicy(booking, ctx) ?? seriesPolicyLine(ctx),
          ...(booking.rules?.length ? [booking.rules.join(' ')] : []),
          `${site.address.directions}`,
          contactLine,
          signOff(booking),
        ],
        links,
        visits.map((v, i) => ({ ...calendarFile(v, ctx), filename: `appointment-${i + 1}.ics` })),
      ),
    );
  }
  out.push(
    ...sms(
      'booking_confirmation',
      booking,
      options.alreadyAhead
        ? `${site.name}: ${visits.length} bookings from ${shortWhen(first.start, ctx.timeZone)} were just made online with this number, which already has one with us on ${shortWhen(options.alreadyAhead, ctx.timeZone)}. If it was not you, cancel them here: ${link}#${NEXT_GROOM_ANCHOR}`
        : seriesText(site.name, booking.dog.name, series, `${link}#${NEXT_GROOM_ANCHOR}`, ctx.timeZone),
    ),
  );
  return out;
}

/** What every visit of a series is: the service, the dog, the place and each visit's price. */
function seriesDetails(booking: MessageBooking): string {
  return [
    `Service: ${booking.service.title}, about ${duration(booking.service.durationMinutes)}, at each visit`,
    ...extrasLine(booking),
    `Dog: ${booking.dog.name}`,
    `Where: ${site.name}, ${address}`,
    ...priceLines(booking).map((line) =>
      line.startsWith('Deposit paid') ? `${line} (the first visit's)` : `${line} (each visit)`,
    ),
  ].join('\n');
}

function seriesPolicyLine(ctx: MessageContext): string {
  return `You can cancel or move any visit free of charge up to ${ctx.cancellationNoticeHours} hours before it. After that you can still cancel it, but any deposit is kept.`;
}

/**
 * The evening before. `nextGroomWeeks` (the dog's usual interval, read by the server only when its
 * next visit is not booked yet) adds one line offering the same time again, linked to the card.
 */
export function reminderMessages(
  booking: MessageBooking,
  ctx: MessageContext,
  options: { nextGroomWeeks?: number | null } = {},
): OutgoingMessage[] {
  const link = bookingLink(ctx.siteUrl, booking.id);
  const at = writtenTime(booking.start, ctx.timeZone);
  const n = options.nextGroomWeeks;
  const nextLink = `${link}#${NEXT_GROOM_ANCHOR}`;
  const out: OutgoingMessage[] = [];
  if (booking.owner.email) {
    out.push(
      email(
        'booking_reminder',
        booking,
        booking.owner.email,
        `See you tomorrow at ${at}: ${visitWords(booking)}`,
        [
          `Hello ${firstName(booking.owner.name)},`,
          `A quick reminder that ${booking.dog.name} ${isAre(booking)} booked in with us tomorrow at ${at}.`,
          details(booking, ctx),
          `A short walk before you come helps your ${several(booking) ? 'dogs' : 'dog'} settle on the table. If anything has changed about their coat or health, tell us when you arrive.`,
          `Your booking: ${link}`,
          ...(n
            ? [
                `Would ${booking.dog.name} like the same time again in ${n} weeks? Book the next groom in one tap: ${nextLink}`,
              ]
            : []),
          contactLine,
          signOff(booking),
        ],
        link,
      ),
    );
  }
  // With the offer the text is two segments (306 GSM-7 characters) even for a 40-letter name: one line, no more.
  out.push(
    ...sms(
      'booking_reminder',
      booking,
      `${site.name}: see you and ${booking.dog.name} tomorrow at ${at}, ${site.address.street}, ${site.address.postcode}. Details: ${link}${n ? ` Same time in ${n} weeks? Book it in one tap: ${nextLink}` : ''}`,
    ),
  );
  return out;
}

/**
 * What a cancellation did with the deposit, and why: the values the money decision itself used
 * (src/domain/booking-life.ts), so the words cannot give another reason than the one applied.
 */
export interface CancellationMoney {
  refundedPence: number;
  keptPence: number;
  reason: CancelMoneyReason;
}

/** The sentence about the deposit, for each reason the money decision can have. */
export function cancellationMoneyLine(
  money: CancellationMoney,
  ctx: Pick<MessageContext, 'cancellationNoticeHours'>,
): string | null {
  const back = (pence: number) =>
    `Your deposit of ${formatPence(pence)} is on its way back to your card; banks usually take 5 to 10 working days to show it.`;
  switch (money.reason) {
    case 'nothing_paid':
      return null;
    case 'owner_in_free_period':
    case 'shop_refunded':
      return money.refundedPence > 0 ? back(money.refundedPence) : null;
    case 'owner_late':
      return `As it was less than ${ctx.cancellationNoticeHours} hours before the appointment, the deposit of ${formatPence(money.keptPence)} is kept, as our cancellation policy says.`;
    case 'shop_kept':
      return `We have kept the deposit of ${formatPence(money.keptPence)}, as we agreed with you. If that is not what you expected, please call us on ${site.phone.display}.`;
  }
}

export function cancellationMessages(
  booking: MessageBooking,
  ctx: MessageContext,
  money: CancellationMoney,
  by: 'owner' | 'shop' = 'owner',
): OutgoingMessage[] {
  const link = bookingLink(ctx.siteUrl, booking.id);
  const refund = money;
  const moneyLine = cancellationMoneyLine(money, ctx);
  const byShop = by === 'shop';
  const book = `${ctx.siteUrl.replace(/\/+$/, '')}/book`;
  const out: OutgoingMessage[] = [];
  if (booking.owner.email) {
    out.push(
      email(
        'booking_cancelled',
        booking,
        booking.owner.email,
        `Cancelled: ${visitWords(booking)}, ${shortWhen(booking.start, ctx.timeZone)}`,
        [
          `Hello ${firstName(booking.owner.name)},`,
          byShop
            ? `We are sorry: we have had to cancel the appointment for ${booking.dog.name} on ${longWhen(booking.start, ctx.timeZone)}.`
            : `Your appointment for ${booking.dog.name} on ${longWhen(booking.start, ctx.timeZone)} is cancelled.`,
          ...(moneyLine ? [moneyLine] : []),
          `Your booking, as it stands now: ${link}`,
          `We'd love to see you ${several(booking) ? 'all' : 'both'} another time: ${book}`,
          contactLine,
          `Best wishes,\n${site.name}`,
        ],
        [link, book],
        [calendarFile(booking, ctx, 'CANCEL')],
      ),
    );
  }
  out.push(
    ...sms(
      'booking_cancelled',
      booking,
      `${site.name}: ${several(booking) ? `the appointment for ${booking.dog.name}` : `${booking.dog.name}'s appointment`} on ${shortWhen(booking.start, ctx.timeZone)} ${byShop ? 'is cancelled by the shop, sorry.' : 'is cancelled.'}${refund.refundedPence > 0 ? ` Deposit of ${formatPence(refund.refundedPence)} refunded.` : refund.keptPence > 0 && byShop ? ` Deposit of ${formatPence(refund.keptPence)} kept, as agreed.` : ''} Details: ${link}`,
    ),
  );
  return out;
}

/**
 * A deposit paid by a delayed method (a bank payment) that did not go through: the time is no longer
 * held, nothing was taken, and the way to book again.
 */
export function paymentFailedMessages(booking: MessageBooking, ctx: MessageContext): OutgoingMessage[] {
  const link = bookingLink(ctx.siteUrl, booking.id);
  const book = `${ctx.siteUrl.replace(/\/+$/, '')}/book`;
  const out: OutgoingMessage[] = [];
  if (booking.owner.email) {
    out.push(
      email(
        'booking_payment_failed',
        booking,
        booking.owner.email,
        `Not booked: the deposit for ${visitWords(booking)} did not go through`,
        [
          `Hello ${firstName(booking.owner.name)},`,
          `Your bank told us the deposit payment for ${visitWords(booking)} on ${longWhen(booking.start, ctx.timeZone)} did not go through, so that time is no longer held for you and nothing has been taken.`,
          `Your booking, as it stands now: ${link}`,
          `To book again, with a card this time if you can: ${book}`,
          contactLine,
          `Best wishes,\n${site.name}`,
        ],
        [link, book],
      ),
    );
  }
  out.push(
    ...sms(
      'booking_payment_failed',
      booking,
      `${site.name}: the deposit for ${booking.dog.name} on ${shortWhen(booking.start, ctx.timeZone)} did not go through, so the time is not booked: ${link} Book again: ${book}`,
    ),
  );
  return out;
}

/** After a move: the booking as it is now, and where it was. */
export function changeMessages(booking: MessageBooking, previousStart: Date, ctx: MessageContext): OutgoingMessage[] {
  const link = bookingLink(ctx.siteUrl, booking.id);
  const out: OutgoingMessage[] = [];
  if (booking.owner.email) {
    out.push(
      email(
        'booking_moved',
        booking,
        booking.owner.email,
        `Moved: ${visitWords(booking)} ${isAre(booking)} now ${shortWhen(booking.start, ctx.timeZone)}`,
        [
          `Hello ${firstName(booking.owner.name)},`,
          `Your appointment for ${booking.dog.name} has moved from ${longWhen(previousStart, ctx.timeZone)} to ${longWhen(booking.start, ctx.timeZone)}. The attached calendar file replaces the old one.`,
          details(booking, ctx),
          `Your booking: ${link}`,
          policyLine(ctx),
          contactLine,
          signOff(booking),
        ],
        link,
        [calendarFile(booking, ctx)],
      ),
    );
  }
  out.push(
    ...sms(
      'booking_moved',
      booking,
      `${site.name}: ${several(booking) ? `the appointment for ${booking.dog.name}` : `${booking.dog.name}'s appointment`} has moved to ${shortWhen(booking.start, ctx.timeZone)}. Details: ${link}`,
    ),
  );
  return out;
}

/**
 * To the shop's own address (content/site.json), for every new booking; a series (more than one
 * visit) lists every visit with its own page.
 */
/** The shop is told when an owner cancels online: the time is free again and the deposit decided. */
export function shopCancellationNotice(
  booking: MessageBooking,
  ctx: MessageContext,
  money: CancellationMoney,
): OutgoingMessage {
  const link = bookingLink(ctx.siteUrl, booking.id);
  const deposit =
    money.refundedPence > 0
      ? `Deposit of ${formatPence(money.refundedPence)} refunded (cancelled in the free period).`
      : money.keptPence > 0
        ? `Deposit of ${formatPence(money.keptPence)} kept (cancelled less than ${ctx.cancellationNoticeHours} hours before).`
        : 'No deposit was paid.';
  return email(
    'shop_booking_cancelled',
    booking,
    site.email,
    `Cancelled online: ${serviceForDogs(booking)}, ${shortWhen(booking.start, ctx.timeZone)}`,
    [
      `${booking.owner.name} cancelled ${visitWords(booking)} on ${longWhen(booking.start, ctx.timeZone)}. The time is free again.`,
      deposit,
      `Booking: ${link}`,
    ],
    link,
  );
}

export function shopNewBookingNotice(
  booking: MessageBooking,
  ctx: MessageContext,
  series: MessageSeries | null = null,
): OutgoingMessage {
  const link = bookingLink(ctx.siteUrl, booking.id);
  const many = series && series.visits.length > 1 ? series : null;
  const dog = booking.dog;
  const owner = [
    `Owner: ${booking.owner.name}`,
    ...(booking.owner.phone ? [`Phone: ${formatUkMobile(booking.owner.phone)}`] : []),
    ...(booking.owner.email ? [`E-mail: ${booking.owner.email}`] : []),
  ];
  if (several(booking)) {
    // Each dog its own block, as the groomer reads it at the table: who, what, when, and its notes.
    const at = (d: MessageDog) => `${writtenTime(d.start, ctx.timeZone)} to ${writtenTime(d.end, ctx.timeZone)}`;
    return email(
      'shop_new_booking',
      booking,
      site.email,
      `New booking: ${serviceForDogs(booking)}, ${shortWhen(booking.start, ctx.timeZone)}`,
      [
        `New booking of ${booking.party.length} dogs for ${longWhen(booking.start, ctx.timeZone)}.`,
        ...booking.party.map((d, i) =>
          [
            `Dog ${i + 1}: ${dogLine(d)}`,
            `Service: ${d.service}, ${at(d)} (${duration(d.durationMinutes)})`,
            ...extrasLine(d),
            ...(d.notes ? [`Notes: ${d.notes}`] : []),
          ].join('\n'),
        ),
        [...owner, ...priceLines(booking, 'shop')].join('\n'),
        `Booking: ${link}`,
      ],
      link,
    );
  }
  return email(
    'shop_new_booking',
    booking,
    site.email,
    many
      ? `New booking: ${booking.service.title} for ${dog.name}, ${many.visits.length} visits every ${many.weeks} weeks from ${shortWhen(booking.start, ctx.timeZone)}`
      : `New booking: ${booking.service.title} for ${dog.name}, ${shortWhen(booking.start, ctx.timeZone)}`,
    [
      many
        ? `New booking of ${many.visits.length} visits, every ${many.weeks} weeks:\n${seriesVisitLines(many, ctx.timeZone, (id) => bookingLink(ctx.siteUrl, id))}`
        : `New booking for ${longWhen(booking.start, ctx.timeZone)}.`,
      [
        `Service: ${booking.service.title}, ${duration(booking.service.durationMinutes)}`,
        ...extrasLine(booking),
        `Dog: ${dogLine(dog)}`,
        ...(dog.notes ? [`Notes: ${dog.notes}`] : []),
        ...owner,
        ...priceLines(booking, 'shop'),
      ].join('\n'),
      `Booking: ${link}`,
    ],
    many ? many.visits.map((v) => bookingLink(ctx.siteUrl, v.id)) : link,
  );
}

/** "Biscuit (Cockapoo), 9.5kg, long coat, NERVOUS": what the groomer needs of a dog at a glance. */
function dogLine(dog: Pick<MessageDog, 'name' | 'breed' | 'weightKg' | 'coat' | 'nervous'>): string {
  return [
    dog.name,
    dog.breed ? `(${dog.breed})` : null,
    dog.weightKg != null ? `${dog.weightKg}kg` : null,
    dog.coat ? `${dog.coat} coat` : null,
    dog.nervous ? 'NERVOUS' : null,
  ]
    .filter(Boolean)
    .join(', ')
    .replace(', (', ' (');
}
