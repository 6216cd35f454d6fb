import { z } from 'zod';
import { UkMobileSchema } from './booking-schemas.ts';
import { PhoneCodeRequestIdSchema, PhoneCodeSchema } from './phone-codes.ts';
import { plainText } from './text.ts';

/**
 * The request and response shapes of the staff API under /v1.0.1/management/, shared by the
 * management islands and the functions (docs/decisions/053 and 057). The sign-in doors are
 * `/v1.0.1/management/sign-in/*`; everything else there needs a live staff key.
 */
export const MANAGEMENT_API = '/v1.0.1/management';
/** The only management paths that answer without a staff key: the ways to get one. */
export const SIGN_IN_DOORS = '/v1.0.1/management/sign-in/';

export const StaffMemberSchema = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
});
export type StaffMemberView = z.infer<typeof StaffMemberSchema>;

const Base64Url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** Our own ids (passkeys, staff members) as they appear in paths. */
export const RecordIdSchema = z.string().regex(/^[A-Za-z0-9_-]{12,64}$/, 'must be an id');
/** A WebAuthn ceremony's challenge record (src/server/passkeys.ts). */
export const ChallengeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'must be a challenge id');

// ---- sign-in by a code --------------------------------------------------------------------------

/** POST /management/sign-in/codes: the same 202 answer for any UK mobile, staff or not. */
export const StaffCodeRequestSchema = z.object({ phone: UkMobileSchema }).strict();
export type StaffCodeRequestInput = z.input<typeof StaffCodeRequestSchema>;

/** POST /management/sign-in/by-code: the number, the request the code was sent for, and the code. */
export const StaffSignInByCodeSchema = z
  .object({
    phone: UkMobileSchema,
    requestId: PhoneCodeRequestIdSchema,
    code: PhoneCodeSchema,
  })
  .strict();
export type StaffSignInByCodeInput = z.input<typeof StaffSignInByCodeSchema>;

/** What every way of signing in answers: the key (shown once), when it ends at the latest, and who. */
export const StaffSignInResponseSchema = z.object({
  accessKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  expiresAt: z.iso.datetime({ offset: true }),
  staff: StaffMemberSchema,
});
export type StaffSignInResponse = z.infer<typeof StaffSignInResponseSchema>;

// ---- passkeys (WebAuthn, through SimpleWebAuthn) -------------------------------------------------

/** The bodies of the two options calls: nothing to say. */
export const EmptyRequestSchema = z.object({}).strict();

/** The options for `startAuthentication` / `startRegistration`, with the challenge record to send back. */
export const PasskeyOptionsResponseSchema = z.object({
  challengeId: ChallengeIdSchema,
  options: z.object({ challenge: z.string() }).loose(),
});
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponseSchema>;

const ClientExtensionResultsSchema = z.object({
  credProps: z.object({ rk: z.boolean() }).partial().optional(),
});
const TransportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** SimpleWebAuthn's AuthenticationResponseJSON, bounded; unknown fields are dropped. */
export const PasskeyAssertionSchema = z.object({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  response: z.object({
    clientDataJSON: Base64Url(4000),
    authenticatorData: Base64Url(4000),
    signature: Base64Url(2000),
    userHandle: Base64Url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensionResultsSchema,
  type: z.literal('public-key'),
});

/** SimpleWebAuthn's RegistrationResponseJSON, bounded; unknown fields are dropped. */
export const PasskeyAttestationSchema = z.object({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  response: z.object({
    clientDataJSON: Base64Url(4000),
    attestationObject: Base64Url(10_000),
    authenticatorData: Base64Url(4000).optional(),
    transports: z.array(TransportSchema).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url(4000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensionResultsSchema,
  type: z.literal('public-key'),
});

/** POST /management/sign-in/by-passkey */
export const PasskeySignInSchema = z
  .object({ challengeId: ChallengeIdSchema, response: PasskeyAssertionSchema })
  .strict();

export const PasskeyNameSchema = plainText(1, 60, { label: 'the name of this passkey' });

/** POST /management/passkeys */
export const PasskeyRegistrationSchema = z
  .object({
    challengeId: ChallengeIdSchema,
    response: PasskeyAttestationSchema,
    name: z.optional(PasskeyNameSchema),
  })
  .strict();

export const PasskeyViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Synced to the staff member's other devices by their password manager or platform. */
  synced: z.boolean(),
});
export type PasskeyView = z.infer<typeof PasskeyViewSchema>;
export const PasskeysResponseSchema = z.object({ passkeys: z.array(PasskeyViewSchema) });
export const PasskeyResponseSchema = z.object({ passkey: PasskeyViewSchema });

// ---- the session and the staff list --------------------------------------------------------------

/** GET /management/session: who holds this key. */
export const StaffSessionResponseSchema = z.object({ staff: StaffMemberSchema });

export const StaffListEntrySchema = StaffMemberSchema.extend({
  /** The staff member asking. */
  you: z.boolean(),
  passkeys: z.number().int().min(0),
});
export type StaffListEntry = z.infer<typeof StaffListEntrySchema>;
export const StaffListResponseSchema = z.object({ staff: z.array(StaffListEntrySchema) });

/** POST /management/staff */
export const AddStaffSchema = z
  .object({
    name: plainText(1, 80, { label: 'their name' }),
    phone: UkMobileSchema,
  })
  .strict();
export type AddStaffInput = z.input<typeof AddStaffSchema>;
export const AddStaffResponseSchema = z.object({ member: StaffListEntrySchema });

export const OkResponseSchema = z.object({ ok: z.literal(true) });

// ---- staff changes need a fresh proof (docs/decisions/070) ---------------------------------------

/** POST /management/staff/{id}/phone: a member's new mobile number. */
export const ChangeStaffPhoneSchema = z.object({ phone: UkMobileSchema }).strict();
export const StaffMemberResponseSchema = z.object({ member: StaffListEntrySchema });

/** POST /management/step-up/by-code: the code texted to the signed-in member's own phone. */
export const StepUpByCodeSchema = z.object({ requestId: PhoneCodeRequestIdSchema, code: PhoneCodeSchema }).strict();

/** POST /management/step-up/by-passkey */
export const StepUpByPasskeySchema = PasskeySignInSchema;

/** What both step-up doors answer: this key is proven as of then (good for five minutes). */
export const StepUpResponseSchema = z.object({ provenAt: z.iso.datetime({ offset: true }) });
export type PasskeyRegistration = z.infer<typeof PasskeyRegistrationSchema>;
