import { slugOf } from './slugs.ts';
import { z } from 'zod/mini';
import { BookingSettingsSchema, IsoDateSchema, WEEKDAYS, type BookingSettings } from './booking-settings.ts';
import { SIZE_LABELS, SIZES, sizeWeights, type SizeLimits } from './catalogue.ts';
import { formatPence } from './money.ts';
import type { PartyPlacementSetting } from './party.ts';
import type { ChargeRule } from './no-show-rules.ts';
import { freeText, plainText } from './text.ts';
import { describeMinutes } from './minutes.ts';
import { writtenDate } from './written-dates.ts';

export { describeMinutes };

/**
 * The Settings screen of the staff area (/management/settings): the services and their prices, the
 * booking rules staff may change, and the days the shop closes. Shared by the island and
 * netlify/functions/management-settings.ts (docs/decisions/061-staff-records.md), written in zod/mini
 * so the page loads no classic zod (docs/decisions/054); the function parses its requests through
 * shop-settings-for-server.ts.
 */

/** The no-show rules' keys (decision 081): the Settings screen's "Missed appointments" panel. */
export const NO_SHOW_SETTINGS = [
  'noShowFee',
  'lateCancellationFee',
  'payInFullAfterStrikes',
  'newCustomerDeposit',
  'cardOnFile',
] as const;
export type NoShowSettingKey = (typeof NO_SHOW_SETTINGS)[number];

/** The booking rules the screen edits; the others (time zone, slot step, hold) are the developers'. */
export const EDITABLE_SETTINGS = [
  'openingHours',
  'capacity',
  'deposit',
  'minNoticeMinutes',
  'horizonWeeks',
  'cancellationNoticeHours',
  'closedOnBankHolidays',
  // Which weights are a small, medium and large dog (decision 080).
  'sizeLimitsKg',
  // Several dogs in one booking (decision 082): how many, and how they share the tables.
  'maxDogsPerBooking',
  'partyPlacement',
  // The fair no-show rules (decision 081), edited in their own panel.
  ...NO_SHOW_SETTINGS,
  // The waitlist's offers (decisions 084, 088), edited in their own panel.
  'waitlist',
  // Check-in's tiers and health policy (decision 091), edited in their own panel.
  'checkIn',
] as const;
export type EditableSettingKey = (typeof EDITABLE_SETTINGS)[number];

const editable = Object.fromEntries(EDITABLE_SETTINGS.map((k) => [k, true])) as Record<EditableSettingKey, true>;
export const EditableSettingsSchema = z.pick(BookingSettingsSchema, editable);
export type EditableSettings = z.infer<typeof EditableSettingsSchema>;

/** POST /management/settings: any of the editable rules; at least one. */
export const SettingsChangeSchema = z
  .partial(z.strictObject(EditableSettingsSchema.shape))
  .check(z.refine((change) => Object.keys(change).length > 0, 'Nothing to change'));
export type SettingsChange = z.infer<typeof SettingsChangeSchema>;

export function editableSettingsOf(settings: BookingSettings): EditableSettings {
  return Object.fromEntries(EDITABLE_SETTINGS.map((k) => [k, settings[k]])) as EditableSettings;
}

/** The kinds a service may be: the promotion applies to one of them (settings.promotion.serviceKind). */
export const SERVICE_KINDS = [
  'full',
  'shower',
  'puppy',
  'deshed',
  'tidy',
  'hand-strip',
  'nails',
  'extras',
  'other',
] as const;
export const ServiceKindSchema = z.enum(SERVICE_KINDS);
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** A kind in words, for every screen that shows one (staff never read the internal code). */
export const SERVICE_KIND_LABELS: Record<ServiceKind, string> = {
  full: 'Full groom',
  shower: 'Bath and brush',
  puppy: 'Puppy introduction',
  deshed: 'De-shedding',
  tidy: 'Tidy between grooms',
  'hand-strip': 'Hand stripping',
  nails: 'Nail clip',
  extras: 'Extras (ears, teeth)',
  other: 'Something else',
};

/** The words for a stored kind; an unknown code (an older row) is shown as it is. */
export function serviceKindLabel(kind: string): string {
  return (SERVICE_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

const servicePence = () =>
  z.number().check(z.int('Please give the price in whole pence'), z.minimum(0), z.maximum(1_000_000));
const serviceMinutes = () =>
  z
    .number()
    .check(
      z.int(),
      z.minimum(5, 'A service takes at least 5 minutes'),
      z.maximum(600, 'A service takes at most 10 hours'),
    );

/** A price and length for one size of dog (decision 080). */
export const ServiceSizeSchema = z.strictObject({
  size: z.enum(SIZES),
  price: servicePence(),
  duration: serviceMinutes(),
});
export type ServiceSize = z.infer<typeof ServiceSizeSchema>;

/** Each size at most once; none: one price for every dog. Sent whole: what is not listed is removed. */
const ServiceSizesSchema = z.array(ServiceSizeSchema).check(
  z.maxLength(SIZES.length),
  z.refine((sizes) => new Set(sizes.map((s) => s.size)).size === sizes.length, 'Each size may be priced once'),
);

const ServiceFields = {
  title: plainText(1, 120, { label: 'the title' }),
  /** Pence, the "from" price: a dog of no known size, or every dog of a service without sizes. */
  price: servicePence(),
  duration: serviceMinutes(),
  /** Absent on a new service: none; absent on a change: as they were. */
  sizes: z.optional(ServiceSizesSchema),
  /** HTML; sanitised when it is saved and again whenever it is read (decision 016). */
  description: freeText(5000, { label: 'the description' }),
  display_order: z.number().check(z.int(), z.minimum(0), z.maximum(10_000)),
  kind: ServiceKindSchema,
  active: z.boolean(),
};
export const ServiceInputSchema = z.strictObject(ServiceFields);
export type ServiceInput = z.infer<typeof ServiceInputSchema>;
export const ServiceChangeSchema = z
  .partial(z.strictObject(ServiceFields))
  .check(z.refine((change) => Object.keys(change).length > 0, 'Nothing to change'));
export type ServiceChange = z.infer<typeof ServiceChangeSchema>;

export const ServiceIdSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a service id'));

export const StaffServiceSchema = z.object({
  _id: ServiceIdSchema,
  title: z.string(),
  kind: z.string(),
  price: z.number().check(z.int(), z.nonnegative()),
  duration: z.number().check(z.int(), z.positive()),
  /** Small, medium, large in that order, those priced; empty: one price for every dog. */
  sizes: z.array(ServiceSizeSchema),
  /** As stored (what staff edit). */
  description: z.string(),
  /** As the public site shows it, sanitised. */
  descriptionHtml: z.string(),
  display_order: z.number().check(z.int()),
  active: z.boolean(),
  /** Confirmed or held bookings from now on, so staff know who a change touches. */
  bookingsAhead: z.number().check(z.int(), z.nonnegative()),
});
export type StaffService = z.infer<typeof StaffServiceSchema>;

export const ClosureSchema = z.object({ date: IsoDateSchema, reason: z.string() });
/** The day in a closure's address (/closures/{date}/remove), as the function's parser takes it. */
export const ClosureDateSchema = z.pipe(z.unknown(), IsoDateSchema);
export type Closure = z.infer<typeof ClosureSchema>;
export const ClosureInputSchema = z.strictObject({
  date: IsoDateSchema,
  reason: z.optional(plainText(0, 200, { label: 'the reason' })),
});
export type ClosureInput = z.infer<typeof ClosureInputSchema>;

export const AuditEntrySchema = z.object({
  at: z.iso.datetime({ offset: true }),
  /** The staff member's name, or null when they have since been removed. */
  who: z.nullable(z.string()),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const ShopSettingsSchema = z.object({
  settings: EditableSettingsSchema,
  timeZone: z.string(),
  closures: z.array(ClosureSchema),
  services: z.array(StaffServiceSchema),
  /** Deposits are taken only when Stripe is configured; otherwise the setting waits. */
  onlinePayments: z.boolean(),
  /** Whether a change of hours can rebuild the static pages (NETLIFY_BUILD_HOOK_URL). */
  rebuildHook: z.boolean(),
  changes: z.array(AuditEntrySchema),
});
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;

export const RebuildOutcomeSchema = z.enum(['scheduled', 'already scheduled', 'no hook', 'not needed']);
export type RebuildOutcome = z.infer<typeof RebuildOutcomeSchema>;
export const SettingsSavedSchema = z.object({ settings: EditableSettingsSchema, rebuild: RebuildOutcomeSchema });
export type SettingsSaved = z.infer<typeof SettingsSavedSchema>;

export const ServiceSavedSchema = z.object({ service: StaffServiceSchema });
export const ClosuresSavedSchema = z.object({
  closures: z.array(ClosureSchema),
  /** Appointments already booked on the day just closed: the shop must tell those customers itself. */
  bookingsThatDay: z.number().check(z.int(), z.nonnegative()),
});
export type ClosuresSaved = z.infer<typeof ClosuresSavedSchema>;

/** "Full Groom & Style!" → "full-groom-style": a readable id for links such as /book-appointment?type=… */
export function serviceIdFor(title: string): string {
  return slugOf(title, 'service');
}

// ---- what the "Recent changes" list says ----------------------------------------------------------

const SETTING_NAMES: Record<EditableSettingKey, string> = {
  openingHours: 'Opening hours',
  capacity: 'Grooming tables',
  deposit: 'Deposit',
  minNoticeMinutes: 'Notice',
  horizonWeeks: 'Booking ahead',
  cancellationNoticeHours: 'Free cancellation',
  closedOnBankHolidays: 'Bank holidays',
  noShowFee: 'No-show fee',
  lateCancellationFee: 'Late cancellation fee',
  payInFullAfterStrikes: 'Pay in full after',
  newCustomerDeposit: "New customers' deposit",
  cardOnFile: 'Card saved for fees',
  sizeLimitsKg: 'Dog sizes',
  maxDogsPerBooking: 'Dogs in one booking',
  partyPlacement: 'Several dogs placed',
  waitlist: 'Waitlist offers',
  checkIn: 'Check-in tiers',
};

export function describeDeposit(deposit: BookingSettings['deposit']): string {
  switch (deposit.kind) {
    case 'none':
      return 'no deposit';
    case 'fixed':
      return `${formatPence(deposit.pence)} deposit`;
    case 'percent':
      return `${deposit.percent}% deposit`;
  }
}

export function describeCharge(rule: ChargeRule): string {
  switch (rule.kind) {
    case 'none':
      return 'nothing';
    case 'fixed':
      return formatPence(rule.pence);
    case 'percent':
      return `${rule.percent}% up to ${formatPence(rule.capPence)}`;
  }
}

function describeSetting(key: EditableSettingKey, value: unknown): string {
  switch (key) {
    case 'capacity':
      return `${value} ${value === 1 ? 'table' : 'tables'}`;
    case 'deposit':
      return describeDeposit(value as BookingSettings['deposit']);
    case 'minNoticeMinutes':
      return describeMinutes(value as number);
    case 'horizonWeeks':
      return `${value} weeks`;
    case 'cancellationNoticeHours':
      return `${value} hours before`;
    case 'closedOnBankHolidays':
      return value ? 'closed' : 'open';
    case 'openingHours':
      return describeHours(value as BookingSettings['openingHours']);
    case 'noShowFee':
    case 'lateCancellationFee':
      return describeCharge(value as ChargeRule);
    case 'payInFullAfterStrikes':
      return value === null ? 'never' : `${value} ${value === 1 ? 'strike' : 'strikes'}`;
    case 'newCustomerDeposit':
      return (value as BookingSettings['deposit']).kind === 'none'
        ? "the shop's deposit"
        : describeDeposit(value as BookingSettings['deposit']);
    case 'cardOnFile':
      return value ? 'yes' : 'no';
    case 'sizeLimitsKg':
      return describeSizeLimits(value as SizeLimits);
    case 'maxDogsPerBooking':
      return value === 1 ? 'one dog' : `up to ${value} dogs`;
    case 'partyPlacement':
      return PARTY_PLACEMENT_WORDS[value as PartyPlacementSetting] ?? String(value);
    case 'waitlist':
      return describeWaitlist(value as BookingSettings['waitlist']);
    case 'checkIn':
      return describeCheckIn(value as BookingSettings['checkIn']);
  }
}

/** "Light matting £5.00, Heavy matting £15.00; vaccinations in date". */
export function describeCheckIn(c: BookingSettings['checkIn']): string {
  const tiers = c.tiers.length
    ? c.tiers.map((t) => `${t.label} ${formatPence(t.surchargePence)}`).join(', ')
    : 'no tiers';
  return `${tiers}; ${c.vaccinationsRequired ? 'vaccinations in date' : 'no vaccination rule'}`;
}

/** "3 owners at a time, 1 hour to answer, sent 08:00–21:00". */
export function describeWaitlist(w: BookingSettings['waitlist']): string {
  const owners = `${w.offersAtOnce} ${w.offersAtOnce === 1 ? 'owner' : 'owners'} at a time`;
  return `${owners}, ${describeMinutes(w.offerMinutes)} to answer, sent ${w.wakingHours.from}–${w.wakingHours.to}`;
}

/** How the shop places a booking's dogs, in the words of the Settings screen and its "Recent changes". */
export const PARTY_PLACEMENT_WORDS: Record<PartyPlacementSetting, string> = {
  side_by_side: 'side by side on separate tables',
  one_after_another: 'one after the other',
  either: 'either, side by side when tables are free',
};

/** "small up to 10 kg, medium up to 25 kg". */
export function describeSizeLimits(limits: SizeLimits): string {
  return `small ${sizeWeights('small', limits)}, medium up to ${limits.medium} kg`;
}

/** "Small £45, Medium £55, Large £70", or "one price" for a service without sizes. */
export function describeSizes(sizes: unknown): string {
  if (!Array.isArray(sizes) || sizes.length === 0) return 'one price for every dog';
  return (sizes as ServiceSize[]).map((s) => `${SIZE_LABELS[s.size] ?? s.size} ${formatPenceSafe(s.price)}`).join(', ');
}

/** "Mon–Sat 09:00–18:00" style, day by day where days differ. */
export function describeHours(hours: BookingSettings['openingHours']): string {
  const short = (d: string) => d.slice(0, 1).toUpperCase() + d.slice(1, 3);
  const parts: string[] = [];
  let run: { from: string; to: string; text: string } | null = null;
  for (const day of WEEKDAYS) {
    const span = hours[day];
    const text = span ? `${span.opens}–${span.closes}` : 'closed';
    if (run && run.text === text) run.to = day;
    else {
      if (run)
        parts.push(`${run.from === run.to ? short(run.from) : `${short(run.from)}–${short(run.to)}`} ${run.text}`);
      run = { from: day, to: day, text };
    }
  }
  if (run) parts.push(`${run.from === run.to ? short(run.from) : `${short(run.from)}–${short(run.to)}`} ${run.text}`);
  return parts.join(', ');
}

type Change = { before?: unknown; after?: unknown };
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** One line per audited change, for the Settings screen's "Recent changes" (no personal data). */
export function describeAuditEntry(action: string, entityId: string | null, change: Change): string {
  const before = record(change.before);
  const after = record(change.after);
  switch (action) {
    case 'settings.update': {
      const lines = EDITABLE_SETTINGS.filter(
        (k) => k in after && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
      ).map(
        (k) =>
          `${SETTING_NAMES[k]}: ${k in before ? `${describeSetting(k, before[k])} → ` : ''}${describeSetting(k, after[k])}`,
      );
      return lines.length ? lines.join('; ') : 'Settings saved, nothing changed';
    }
    case 'service.create':
      return `Service added: ${String(after.title ?? entityId)} at ${formatPenceSafe(after.price)}${
        Array.isArray(after.sizes) && after.sizes.length > 0 ? ` (${describeSizes(after.sizes)})` : ''
      }`;
    case 'service.update': {
      const name = String(after.title ?? before.title ?? entityId);
      const diffs: string[] = [];
      if (before.price !== after.price && typeof after.price === 'number')
        diffs.push(`price ${formatPenceSafe(before.price)} → ${formatPenceSafe(after.price)}`);
      if (before.duration !== after.duration && typeof after.duration === 'number')
        diffs.push(`${before.duration} → ${after.duration} min`);
      if (before.title !== after.title && after.title !== undefined)
        diffs.push(`renamed from “${String(before.title)}”`);
      if (before.active !== after.active && after.active !== undefined)
        diffs.push(after.active ? 'shown again' : 'hidden');
      if (before.description !== after.description && after.description !== undefined) diffs.push('description');
      if (before.display_order !== after.display_order && after.display_order !== undefined) diffs.push('order');
      if (before.kind !== after.kind && after.kind !== undefined)
        diffs.push(`kind ${serviceKindLabel(String(after.kind))}`);
      if ('sizes' in after && JSON.stringify(before.sizes ?? []) !== JSON.stringify(after.sizes))
        diffs.push(`sizes ${describeSizes(after.sizes)}`);
      return `Service “${name}”: ${diffs.length ? diffs.join(', ') : 'saved, nothing changed'}`;
    }
    case 'closure.create':
      return `Closed on ${closedDay(entityId)}${after.reason ? ` (${String(after.reason)})` : ''}`;
    case 'closure.remove':
      return `Open again on ${closedDay(entityId)}`;
    default:
      return action;
  }
}

/** A closure's day as the staff screens write a date, "Thu 24 Dec 2026"; anything else as it is. */
function closedDay(entityId: string | null): string {
  return entityId && /^\d{4}-\d{2}-\d{2}$/.test(entityId)
    ? writtenDate(entityId, { weekday: 'short', month: 'short', year: true })
    : String(entityId);
}

function formatPenceSafe(value: unknown): string {
  return typeof value === 'number' && Number.isInteger(value) ? formatPence(value) : '—';
}
