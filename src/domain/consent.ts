import { z } from 'zod/mini';

import { addDays, instantToZoned, zonedDateTimeToInstant } from './london-time.ts';
import { formatPence } from './money.ts';
import { plainText } from './text.ts';

/**
 * The owner's consent to a surcharge by a drawn signature or a texted link (issue 22,
 * docs/decisions/093), beside the typed name of decision 091. Pure and in zod/mini: the check-in
 * card, the /c/{token} page and the functions share it.
 */

export { MAX_SIGNATURE_CHARS, SIGNATURE_BOX } from './signature-box.ts';
import { MAX_SIGNATURE_CHARS, SIGNATURE_BOX } from './signature-box.ts';

// Strokes of a move then one or more lines, whole numbers 0–999, no spaces between commands:
// "M12 30L14 31L20 35M40 30L41 60". Each part starts with its own letter, so the pattern never
// backtracks, and nothing but M, L, digits and single spaces can ever reach an SVG attribute.
const SIGNATURE_PATH = /^(?:M\d{1,3} \d{1,3}(?:L\d{1,3} \d{1,3})+)+$/;

export const SignaturePathSchema = z.string().check(
  z.maxLength(MAX_SIGNATURE_CHARS, 'The signature is too long: please clear it and sign again.'),
  z.regex(SIGNATURE_PATH, 'The signature could not be read: please clear it and sign again.'),
  z.refine((d) => pointsOf(d).every(([x, y]) => x <= SIGNATURE_BOX.width && y <= SIGNATURE_BOX.height), {
    message: 'The signature could not be read: please clear it and sign again.',
  }),
);

function pointsOf(d: string): Array<[number, number]> {
  return [...d.matchAll(/[ML](\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** The tablet's drawn signature; the name typed beside it, or none (the booking's contact name is used). */
export const DrawnConsentSchema = z.strictObject({
  method: z.literal('drawn'),
  name: z.optional(plainText(1, 80, { label: "the owner's name" })),
  signature: SignaturePathSchema,
});

/** A token as the texted link carries it (256 random bits, base64url). Anything else is an unknown link. */
export const CONSENT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** POST /v1.0.1/consents/{token}: the owner agrees, with their name typed. */
export const AgreeByLinkRequestSchema = z.strictObject({
  name: plainText(1, 80, { label: 'your name' }),
});
export type AgreeByLinkRequest = z.infer<typeof AgreeByLinkRequestSchema>;

/** GET|POST /v1.0.1/consents/{token}: what the owner's page shows, and nothing else personal. */
export const ConsentPageSchema = z.object({
  shop: z.string(),
  dog: z.string(),
  tier: z.string(),
  quotePence: z.number(),
  surchargePence: z.number(),
  totalPence: z.number(),
  hasPhoto: z.boolean(),
  /** The booking's contact name, to prefill the field. */
  ownerName: z.string(),
  agreed: z.nullable(z.object({ name: z.string(), at: z.iso.datetime({ offset: true }) })),
});
export type ConsentPage = z.infer<typeof ConsentPageSchema>;

/** POST /v1.0.1/management/bookings/{id}/consent-link: no body. */
export const SendConsentLinkRequestSchema = z.strictObject({});

/**
 * The link runs out at the end of the visit's own day in the shop's zone: a surcharge is agreed on
 * the day. A visit checked in late (yesterday's dog entered this morning) keeps its link until the
 * end of the day it was sent, never one dead on arrival.
 */
export function consentLinkExpiry(visitStart: Date, timeZone: string, sentAt: Date): Date {
  const day = instantToZoned(Math.max(visitStart.getTime(), sentAt.getTime()), timeZone).date;
  return zonedDateTimeToInstant(addDays(day, 1), '00:00', timeZone);
}

/** The text with the link: a service message (no offer), the sum and the new total in words. */
export function consentLinkText(p: {
  shop: string;
  dog: string;
  tier: string;
  kind: 'matting' | 'handling';
  surchargePence: number;
  totalPence: number;
  link: string;
}): string {
  // "Nell has heavy matting today", "Rex needs extra handling today".
  const verb = p.kind === 'matting' ? 'has' : 'needs';
  return (
    `${p.shop}: ${p.dog} ${verb} ${p.tier.toLowerCase()} today, so the groom costs ` +
    `${formatPence(p.surchargePence)} more (${formatPence(p.totalPence)} in all). ` +
    `See the photo and agree here: ${p.link}`
  );
}
