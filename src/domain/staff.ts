import { z } from 'zod/mini';
import { PhoneCodeRequestIdSchema, PhoneCodeSchema } from './phone-codes.ts';
import { plainText } from './text.ts';

/**
 * The request and response shapes of the staff API under /v1.0.1/management/, shared by the
 * management islands and the functions (docs/decisions/053 and 057). The sign-in doors are
 * `/v1.0.1/management/sign-in/*`; everything else there needs a live staff key.
 *
 * Written in zod/mini so the staff pages load no classic zod (docs/decisions/054); the functions parse
 * their requests through staff-for-server.ts. The requests that carry a UK mobile are checked with
 * libphonenumber, so they are apart, in staff-phone-requests.ts (exported from here as types).
 */
export const MANAGEMENT_API = '/v1.0.1/management';
/** The only management paths that answer without a staff key: the ways to get one. */
export const SIGN_IN_DOORS = '/v1.0.1/management/sign-in/';

export const StaffMemberSchema = z.object({
  _id: z.string(),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
});
export type StaffMemberView = z.infer<typeof StaffMemberSchema>;

const Base64Url = (max: number) =>
  z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url'));

/** Our own ids (passkeys, staff members) as they appear in paths. */
export const RecordIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{12,64}$/, 'must be an id'));
/** A WebAuthn ceremony's challenge record (src/server/passkeys.ts). */
export const ChallengeIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'must be a challenge id'));

// ---- sign-in by a code (the requests with a number: staff-phone-requests.ts) ----------------------

export type {
  AddStaffInput,
  AddStaffSchema,
  ChangeStaffPhoneSchema,
  StaffCodeRequestInput,
  StaffCodeRequestSchema,
  StaffSignInByCodeInput,
  StaffSignInByCodeSchema,
} from './staff-phone-requests.ts';

/** What every way of signing in answers: the key (shown once), when it ends at the latest, and who. */
export const StaffSignInResponseSchema = z.object({
  accessKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
  expiresAt: z.iso.datetime({ offset: true }),
  staff: StaffMemberSchema,
});
export type StaffSignInResponse = z.infer<typeof StaffSignInResponseSchema>;

// ---- passkeys (WebAuthn, through SimpleWebAuthn) -------------------------------------------------

/** The bodies of the two options calls: nothing to say (the one empty body, staff-lists.ts). */
export { EmptyRequestSchema } from './staff-lists.ts';

/** The options for `startAuthentication` / `startRegistration`, with the challenge record to send back. */
export const PasskeyOptionsResponseSchema = z.object({
  challengeId: ChallengeIdSchema,
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponseSchema>;

const ClientExtensionResultsSchema = z.object({
  credProps: z.optional(z.partial(z.object({ rk: z.boolean() }))),
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
    userHandle: z.optional(Base64Url(200)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
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
    authenticatorData: z.optional(Base64Url(4000)),
    transports: z.optional(z.array(TransportSchema).check(z.maxLength(8))),
    publicKeyAlgorithm: z.optional(z.number().check(z.int())),
    publicKey: z.optional(Base64Url(4000)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: ClientExtensionResultsSchema,
  type: z.literal('public-key'),
});

/** POST /management/sign-in/by-passkey */
export const PasskeySignInSchema = z.strictObject({ challengeId: ChallengeIdSchema, response: PasskeyAssertionSchema });

export const PasskeyNameSchema = plainText(1, 60, { label: 'the name of this passkey' });

/** POST /management/passkeys */
export const PasskeyRegistrationSchema = z.strictObject({
  challengeId: ChallengeIdSchema,
  response: PasskeyAttestationSchema,
  name: z.optional(PasskeyNameSchema),
});

export const PasskeyViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.nullable(z.iso.datetime({ offset: true })),
  /** Synced to the staff member's other devices by their password manager or platform. */
  synced: z.boolean(),
});
export type PasskeyView = z.infer<typeof PasskeyViewSchema>;
export const PasskeysResponseSchema = z.object({ passkeys: z.array(PasskeyViewSchema) });
export const PasskeyResponseSchema = z.object({ passkey: PasskeyViewSchema });

// ---- the session and the staff list --------------------------------------------------------------

/** GET /management/session: who holds this key. */
export const StaffSessionResponseSchema = z.object({ staff: StaffMemberSchema });

export const StaffListEntrySchema = z.extend(StaffMemberSchema, {
  /** The staff member asking. */
  you: z.boolean(),
  passkeys: z.number().check(z.int(), z.minimum(0)),
});
export type StaffListEntry = z.infer<typeof StaffListEntrySchema>;
export const StaffListResponseSchema = z.object({ staff: z.array(StaffListEntrySchema) });

export const AddStaffResponseSchema = z.object({ member: StaffListEntrySchema });

export const OkResponseSchema = z.object({ ok: z.literal(true) });

// ---- staff changes need a fresh proof (docs/decisions/070) ---------------------------------------

export const StaffMemberResponseSchema = z.object({ member: StaffListEntrySchema });

/** POST /management/step-up/by-code: the code texted to the signed-in member's own phone. */
export const StepUpByCodeSchema = z.strictObject({ requestId: PhoneCodeRequestIdSchema, code: PhoneCodeSchema });

/** POST /management/step-up/by-passkey */
export const StepUpByPasskeySchema = PasskeySignInSchema;

/** What both step-up doors answer: this key is proven as of then (good for five minutes). */
export const StepUpResponseSchema = z.object({ provenAt: z.iso.datetime({ offset: true }) });
export type PasskeyRegistration = z.infer<typeof PasskeyRegistrationSchema>;
