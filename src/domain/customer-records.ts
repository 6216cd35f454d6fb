import { z } from 'zod/mini';
import { CoatSchema } from './booking-api-schemas.ts';
import { IsoDateSchema } from './calendar.ts';
import { PhoneProofSchema } from './phone-codes.ts';
import { CursorSchema, PageLimitSchema } from './staff-lists.ts';
import { freeText, plainText } from './text.ts';

/**
 * The customers screens of the staff area (/management/customers, /management/customer/{_id}):
 * search, the list with last and next visit, one customer's record with their dogs, visits, notes
 * and messages, merging two records of one person, and the UK GDPR export and erasure. Shared by the
 * islands and netlify/functions/management-customers.ts (docs/decisions/061-staff-records.md), written
 * in zod/mini so the pages load no classic zod (docs/decisions/054); the function parses its requests
 * through customer-records-for-server.ts. The change of contact details checks a UK mobile with
 * libphonenumber, so it is apart, in customer-change.ts: the pages load it only with the contact form.
 */
export type { CustomerChange, CustomerChangeSchema } from './customer-change.ts';

export const CustomerIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a customer id'));
export const StaffDogIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a dog id'));
const Instant = z.iso.datetime({ offset: true });
const integer = () => z.number().check(z.int());
const count = () => z.number().check(z.int(), z.nonnegative());

// ---- search ------------------------------------------------------------------------------------

export const CustomerSearchQuerySchema = z.strictObject({
  q: z.optional(plainText(0, 100, { label: 'the search' })),
  cursor: z.optional(CursorSchema),
  limit: z.optional(PageLimitSchema),
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuerySchema>;

export const CustomerListItemSchema = z.object({
  _id: CustomerIdSchema,
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** The number was proved by a code (decision 050): the record of that number. */
  verified: z.boolean(),
  dogs: z.array(z.object({ _id: StaffDogIdSchema, name: z.string() })),
  lastVisit: z.nullable(Instant),
  nextVisit: z.nullable(Instant),
  visits: count(),
});
export type CustomerListItem = z.infer<typeof CustomerListItemSchema>;

export const CustomerListResponseSchema = z.object({
  customers: z.array(CustomerListItemSchema),
  nextCursor: z.nullable(CursorSchema),
});
export type CustomerListResponse = z.infer<typeof CustomerListResponseSchema>;

// ---- one customer --------------------------------------------------------------------------------

export const VaccinationSchema = z.strictObject({
  name: plainText(1, 60, { label: 'the vaccination' }),
  /** The day it runs out; the screen flags one that has or will within a month. */
  expiresOn: IsoDateSchema,
});
export type Vaccination = z.infer<typeof VaccinationSchema>;

export const DogCardSchema = z.object({
  _id: StaffDogIdSchema,
  name: z.string(),
  breed: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  weightKg: z.nullable(z.number()),
  /** Every weight it has been given, oldest first. */
  weights: z.array(z.object({ kg: z.number(), at: Instant })),
  coat: z.nullable(CoatSchema),
  /** What the owner typed when booking. */
  ownerNotes: z.string(),
  nervous: z.boolean(),
  temperament: z.string(),
  vetName: z.nullable(z.string()),
  vetPhone: z.nullable(z.string()),
  vaccinations: z.array(z.object({ name: z.string(), expiresOn: IsoDateSchema })),
});
export type DogCard = z.infer<typeof DogCardSchema>;

export const VisitSchema = z.object({
  _id: z.string(),
  start: Instant,
  end: Instant,
  status: z.enum(['pending_payment', 'confirmed', 'cancelled', 'expired']),
  attendance: z.nullable(z.enum(['arrived', 'completed', 'no_show'])),
  service: z.string(),
  dogName: z.nullable(z.string()),
  /** The "from" price less the promotion, as the customer was told. */
  pricePence: integer(),
  promotionPence: integer(),
  depositPaidPence: integer(),
  depositRefundedPence: integer(),
  balancePaidPence: integer(),
  balanceMethod: z.nullable(z.enum(['card', 'cash', 'online'])),
  staffNote: z.nullable(z.string()),
});
export type Visit = z.infer<typeof VisitSchema>;

export const MessageSchema = z.object({
  _id: z.string(),
  channel: z.enum(['email', 'sms']),
  kind: z.string(),
  recipient: z.string(),
  subject: z.nullable(z.string()),
  /** The start of the text as sent. */
  preview: z.string(),
  createdAt: Instant,
  sentAt: z.nullable(Instant),
  failedAt: z.nullable(Instant),
});
export type Message = z.infer<typeof MessageSchema>;

export const VisitsPageSchema = z.object({ visits: z.array(VisitSchema), nextCursor: z.nullable(CursorSchema) });
export type VisitsPage = z.infer<typeof VisitsPageSchema>;
export const MessagesPageSchema = z.object({ messages: z.array(MessageSchema), nextCursor: z.nullable(CursorSchema) });
export type MessagesPage = z.infer<typeof MessagesPageSchema>;

/** Another record that may be the same person: the same number or e-mail address. */
export const SameContactSchema = z.object({
  _id: CustomerIdSchema,
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  verified: z.boolean(),
  visits: count(),
  dogs: z.array(z.string()),
});
export type SameContact = z.infer<typeof SameContactSchema>;

export const CustomerRecordSchema = z.object({
  _id: CustomerIdSchema,
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  verified: z.boolean(),
  marketingConsent: z.boolean(),
  /** When they last stopped nudges and offers by the one-tap link (decision 090); a later consent outranks it. */
  marketingOptedOutAt: z.optional(z.nullable(Instant)),
  /** The one review request they were sent after a visit, if any (decision 095). */
  reviewRequest: z.optional(z.nullable(z.object({ at: Instant, channel: z.enum(['email', 'sms']) }))),
  notes: z.string(),
  createdAt: Instant,
  /** Erased under UK GDPR: the id and the accounts' rows are all that is left. */
  erasedAt: z.nullable(Instant),
  staff: z.boolean(),
  dogs: z.array(DogCardSchema),
  visits: VisitsPageSchema,
  messages: MessagesPageSchema,
  sameContact: z.array(SameContactSchema),
  totals: z.object({
    visits: integer(),
    noShows: integer(),
    upcoming: integer(),
    paidPence: integer(),
  }),
});
export type CustomerRecord = z.infer<typeof CustomerRecordSchema>;

export const PageQuerySchema = z.strictObject({ cursor: z.optional(CursorSchema), limit: z.optional(PageLimitSchema) });

// ---- changes -------------------------------------------------------------------------------------

const DogFields = {
  name: plainText(1, 40, { label: "the dog's name" }),
  breedId: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a breed id')),
  weightKg: z.number().check(
    z.minimum(0.5),
    z.maximum(100),
    z.refine((w) => Math.abs(Math.round(w * 10) - w * 10) < 1e-6, 'use at most one decimal place'),
  ),
  coat: CoatSchema,
  nervous: z.boolean(),
  temperament: freeText(500, { label: 'the temperament' }),
  vetName: plainText(0, 120, { label: "the vet's name" }),
  vetPhone: z
    .string()
    .check(z.trim(), z.maxLength(40), z.regex(/^[+\d\s().-]*$/, "Please enter the vet's number with digits only")),
  vaccinations: z.array(VaccinationSchema).check(z.maxLength(20)),
};
export const DogChangeSchema = z
  .partial(z.strictObject(DogFields))
  .check(z.refine((c) => Object.keys(c).length > 0, 'Nothing to change'));
export type DogChange = z.infer<typeof DogChangeSchema>;
export const NewDogSchema = z.partial(z.strictObject(DogFields), {
  nervous: true,
  temperament: true,
  vetName: true,
  vetPhone: true,
  vaccinations: true,
});
export type NewDog = z.infer<typeof NewDogSchema>;

export const MergeRequestSchema = z.strictObject({
  /** The other record: its dogs, visits and messages join this one, its devices are signed out, and it goes. */
  from: CustomerIdSchema,
  /** A code texted to the proved number for this merge (`…/merge/code`), read out by the customer. */
  phoneProof: z.optional(PhoneProofSchema),
});
export type MergeRequest = z.infer<typeof MergeRequestSchema>;

/** Asks for the code that lets one proved and one unproved record be merged. */
export const MergeCodeRequestSchema = z.strictObject({ from: CustomerIdSchema });
export const MergeCodeSentSchema = z.object({
  requestId: z.string(),
  expiresAt: Instant,
  digits: integer(),
  /** The proved number the code went to. */
  phone: z.string(),
});
export type MergeCodeSent = z.infer<typeof MergeCodeSentSchema>;

/**
 * What merging two records asks and what it leaves (docs/decisions/068-merges-hand-nobody-a-record.md).
 * A phone number proves nothing until a code typed from it proves it, and anyone may book with
 * someone else's number; after a merge whoever holds a surviving device key reads everything the
 * two records held. So:
 * - the absorbed record's device keys are always revoked, never moved;
 * - the kept record's keys stay only if the kept record had proved its number (a device that never
 *   proved the number may be the stranger's, whichever way staff merge);
 * - one proved and one unproved record are merged only with a fresh code from the proved number,
 *   the customer at the counter (or on the phone) reading it out: otherwise the stranger's bookings,
 *   dogs and e-mail address would join the customer's record, or the customer's join the stranger's.
 */
export function mergeRule(kept: { verified: boolean }, absorbed: { verified: boolean }) {
  return {
    /** Which record's number a fresh code must come from, or null when none is needed. */
    proofFrom: kept.verified === absorbed.verified ? null : kept.verified ? ('kept' as const) : ('absorbed' as const),
    keptKeysStay: kept.verified,
  };
}

export const EraseRequestSchema = z.strictObject({
  /** Said out loud, so a stray call erases nobody. */
  confirm: z.literal('erase'),
});

export const CustomerSavedSchema = z.object({ customer: CustomerRecordSchema });
export const MergedSchema = z.object({
  customer: CustomerRecordSchema,
  merged: CustomerIdSchema,
  dogsMerged: integer(),
  visitsMoved: integer(),
  /** Device keys revoked by the merge: their phones no longer open either record. */
  devicesSignedOut: integer(),
});
export const ErasedSchema = z.object({
  customer: CustomerIdSchema,
  erasedAt: Instant,
  /** What was deleted or emptied; the visits stay as the accounts' rows. */
  dogs: integer(),
  messages: integer(),
  deviceKeys: integer(),
  visitsKept: integer(),
  /** Their waitlist requests, withdrawn and emptied (docs/decisions/098). */
  waitlistRequests: integer(),
});
export type Erased = z.infer<typeof ErasedSchema>;

/** The export: everything held about the person, as JSON (its keys are the tables' own words). */
export const CustomerExportSchema = z.object({
  exportedAt: Instant,
  about: z.string(),
  customer: z.record(z.string(), z.unknown()),
  dogs: z.array(z.record(z.string(), z.unknown())),
  bookings: z.array(z.record(z.string(), z.unknown())),
  payments: z.array(z.record(z.string(), z.unknown())),
  /** Their waitlist requests with the offers made to each (docs/decisions/098). */
  waitlistRequests: z.array(z.record(z.string(), z.unknown())),
  messages: z.array(z.record(z.string(), z.unknown())),
  visitsToTheWebsite: z.array(z.record(z.string(), z.unknown())),
  deviceKeys: z.array(z.record(z.string(), z.unknown())),
  staffChanges: z.array(z.record(z.string(), z.unknown())),
});
export type CustomerExport = z.infer<typeof CustomerExportSchema>;

/** A vaccination that has run out, or will within `days`, on `today` (a London date). */
export function vaccinationDue(expiresOn: string, today: string, days = 30): 'expired' | 'soon' | 'ok' {
  if (expiresOn < today) return 'expired';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + days);
  return expiresOn <= soon.toISOString().slice(0, 10) ? 'soon' : 'ok';
}
