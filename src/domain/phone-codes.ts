import * as z from 'zod/mini';

/**
 * One-time codes sent to a phone by text (docs/decisions/050-phone-numbers-prove-nothing.md): to
 * prove a number before a booking joins that number's records or books a second time, and for staff
 * sign-in. Six digits (about 20 bits), ten minutes, five tries, used once, bound to the request that
 * asked for it, stored only as a hash.
 */
export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

export const PhoneCodePurposeSchema = z.enum(['booking', 'staff_sign_in', 'staff_step_up', 'merge']);
export type PhoneCodePurpose = z.infer<typeof PhoneCodePurposeSchema>;

/** The id of a code request: what the client sends back with the code. */
export const PhoneCodeRequestIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'must be a code request id'));

export const PhoneCodeSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(
      new RegExp(`^\\d{${PHONE_CODE_DIGITS}}$`),
      `Please enter the ${PHONE_CODE_DIGITS}-digit code from the text`,
    ),
  );

/** Proof that the booker holds the phone: the request id and the code it sent. */
export const PhoneProofSchema = z.strictObject({ requestId: PhoneCodeRequestIdSchema, code: PhoneCodeSchema });
export type PhoneProof = z.infer<typeof PhoneProofSchema>;

export const PhoneCodeResponseSchema = z.object({
  requestId: PhoneCodeRequestIdSchema,
  expiresAt: z.iso.datetime({ offset: true }),
  digits: z.number().check(z.int()),
});
export type PhoneCodeResponse = z.infer<typeof PhoneCodeResponseSchema>;

/**
 * The text. Its last line is the origin-bound format browsers read to offer the code above the
 * keyboard (WebOTP): `@host #code`.
 */
export function phoneCodeText(code: string, purpose: PhoneCodePurpose, siteUrl: string): string {
  const host = new URL(siteUrl).host;
  const what = {
    booking: 'to confirm your booking',
    staff_sign_in: 'to sign in to the staff area',
    staff_step_up: 'to confirm a change to the staff list',
    // Read out to the groomer, who joins the customer's records (decision 068): never to type anywhere.
    merge: 'to join your records: read it to the groomer only',
  }[purpose];
  return `${code} is your Leyton Dog Grooming code ${what}. It works for ${PHONE_CODE_MINUTES} minutes. If you did not ask for it, you can ignore this text.\n\n@${host} #${code}`;
}
