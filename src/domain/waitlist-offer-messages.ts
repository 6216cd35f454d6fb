import site from '../../content/site.json' with { type: 'json' };
import { formatPence } from './money.ts';
import { writtenTime, writtenWhen } from './written-dates.ts';

/**
 * The words of the waitlist's offers (docs/decisions/084), pure: the server writes what these return
 * into the outbox in the same transaction as the offer. Texts are short; each carries the one-tap link.
 */

export interface OfferMessageInput {
  requestId: string;
  offerId: string;
  dogName: string;
  serviceTitle: string;
  /** A party's visits in words (visitsInWords), instead of "{dog}'s {service}". */
  what?: string | undefined;
  start: Date;
  expiresAt: Date;
  totalFromPence: number;
  depositPence: number;
  contactName: string;
  phone: string | null;
  email: string | null;
  siteUrl: string;
  timeZone: string;
}

export interface WaitlistMessage {
  kind: 'waitlist_offer' | 'waitlist_offer_gone';
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  bodyText: string;
}

/** The one-tap link of an offer: the request's page, opened on the offer. */
export function offerLink(siteUrl: string, requestId: string, offerId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/w/${encodeURIComponent(requestId)}?offer=${encodeURIComponent(offerId)}`;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function both(
  input: Pick<OfferMessageInput, 'phone' | 'email'>,
  kind: WaitlistMessage['kind'],
  text: string,
  subject: string,
  body: string,
) {
  const out: WaitlistMessage[] = [];
  if (input.phone) out.push({ kind, channel: 'sms', recipient: input.phone, subject: null, bodyText: text });
  if (input.email) out.push({ kind, channel: 'email', recipient: input.email, subject, bodyText: body });
  return out;
}

/** "A time has freed": the time in words, the price, until when, the link. */
export function offerMessages(input: OfferMessageInput): WaitlistMessage[] {
  const when = writtenWhen(input.start, input.timeZone, { weekday: 'short', month: 'short' });
  const longWhen = writtenWhen(input.start, input.timeZone, { weekday: 'long' }, ' at ');
  const until = writtenTime(input.expiresAt, input.timeZone);
  const link = offerLink(input.siteUrl, input.requestId, input.offerId);
  const price = `from ${formatPence(input.totalFromPence)}`;
  const deposit = input.depositPence > 0 ? `, ${formatPence(input.depositPence)} deposit to book` : '';
  const what = input.what ?? `${input.dogName}'s ${input.serviceTitle}`;
  const text =
    `${site.name}: a time has freed for ${what}: ${when}, ${price}${deposit}. ` +
    `The first to book it gets it. Book by ${until}: ${link}`;
  const body = [
    `Hello ${firstName(input.contactName)},`,
    '',
    `A time has freed up for ${what}: ${longWhen}, ${price}${deposit}.`,
    `We offer a freed time to a few people at once, in the order they asked, and the first to book it gets it. This offer stands until ${until}.`,
    '',
    `Book it in one tap, or tell us it is not for you: ${link}`,
    '',
    `If it is taken, you stay on the list and we will tell you when another time frees.`,
    '',
    site.name,
  ].join('\n');
  return both(input, 'waitlist_offer', text, `A time has freed: ${longWhen}`, body);
}

/** Someone else booked the time first: the owner is told, and stays on the list. */
export function offerGoneMessages(
  input: Omit<OfferMessageInput, 'expiresAt' | 'totalFromPence' | 'depositPence'>,
): WaitlistMessage[] {
  const when = writtenWhen(input.start, input.timeZone, { weekday: 'short', month: 'short' });
  const link = offerLink(input.siteUrl, input.requestId, input.offerId);
  const text = `${site.name}: sorry, ${when} has just been booked by someone else. You are still on our list and we will tell you when another time frees: ${link}`;
  const body = [
    `Hello ${firstName(input.contactName)},`,
    '',
    `Sorry: the time we offered for ${input.dogName}, ${writtenWhen(input.start, input.timeZone, { weekday: 'long' }, ' at ')}, has just been booked by someone else.`,
    `You are still on our list, and we will tell you when another time that suits you frees: ${link}`,
    '',
    site.name,
  ].join('\n');
  return both(input, 'waitlist_offer_gone', text, 'That time has gone', body);
}
