import { slugOf } from './slugs.ts';
import { z } from 'zod/mini';
import { ExtraIdSchema } from './booking-api-schemas.ts';
import { describeMinutes } from './minutes.ts';
import { formatPence } from './money.ts';
import { plainText } from './text.ts';

/**
 * The extras as staff keep them on the Settings screen (issue 20, decision 080): what each costs and
 * adds to a visit, the services it is offered with (none ticked: every service), its place in the
 * list, and whether it is on sale. Retiring one never touches a booking: booking_extras keeps what
 * each booking was priced with. Shared by the island (zod/mini, decision 054) and
 * netlify/functions/management-extras.ts, which parses through extras-catalogue-for-server.ts.
 */

export { ExtraIdSchema };

/** The longest an extra may add to a visit, as the database holds it (extras.duration_min). */
export const MAX_EXTRA_MINUTES = 240;
export const MAX_EXTRA_PENCE = 1_000_000;
/** The services an extra may be limited to (the table's own check). */
export const MAX_ONLY_WITH = 50;

const ServiceRefSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a service id'));

const ExtraFields = {
  title: plainText(1, 80, { label: 'the title' }),
  /** One line the booking form shows under the title. */
  description: plainText(0, 300, { label: 'the description' }),
  /** Pence added to the visit's price. */
  price: z
    .number()
    .check(
      z.int('Please give the price in whole pence'),
      z.minimum(0, 'An extra cannot cost less than nothing'),
      z.maximum(MAX_EXTRA_PENCE),
    ),
  /** Minutes added to the visit's length. */
  minutes: z
    .number()
    .check(
      z.int(),
      z.minimum(0, 'An extra adds 0 minutes or more'),
      z.maximum(MAX_EXTRA_MINUTES, `An extra adds at most ${MAX_EXTRA_MINUTES} minutes`),
    ),
  /** The services it is offered with; empty: every service. */
  only_with: z.array(ServiceRefSchema).check(
    z.maxLength(MAX_ONLY_WITH),
    z.refine((ids: string[]) => new Set(ids).size === ids.length, 'Each service once, please'),
  ),
  display_order: z.number().check(z.int(), z.minimum(0), z.maximum(10_000)),
  /** false: retired, no longer offered; bookings that have it keep it. */
  active: z.boolean(),
};

export const ExtraInputSchema = z.strictObject(ExtraFields);
export type ExtraInput = z.infer<typeof ExtraInputSchema>;
export const ExtraChangeSchema = z
  .partial(z.strictObject(ExtraFields))
  .check(z.refine((change) => Object.keys(change).length > 0, 'Nothing to change'));
export type ExtraChange = z.infer<typeof ExtraChangeSchema>;

export const StaffExtraSchema = z.object({
  _id: ExtraIdSchema,
  title: z.string(),
  description: z.string(),
  price: z.number().check(z.int(), z.nonnegative()),
  minutes: z.number().check(z.int(), z.nonnegative()),
  only_with: z.array(z.string()),
  display_order: z.number().check(z.int()),
  active: z.boolean(),
  /** Confirmed or held bookings from now on that have it, so staff know who a change does not touch. */
  bookingsAhead: z.number().check(z.int(), z.nonnegative()),
});
export type StaffExtra = z.infer<typeof StaffExtraSchema>;

export const StaffExtrasResponseSchema = z.object({ extras: z.array(StaffExtraSchema) });
export type StaffExtrasResponse = z.infer<typeof StaffExtrasResponseSchema>;
export const ExtraSavedSchema = z.object({ extra: StaffExtraSchema });

/** "Nail grinding" → "nail-grinding": a readable id, as the first edition's are. */
export function extraIdFor(title: string): string {
  return slugOf(title, 'extra');
}

/** "+£5.00, 10 min": what an extra adds, as the Settings list and the phone booking say it. */
export function extraAdds(extra: { price: number; minutes: number }): string {
  return `+${formatPence(extra.price)}, ${extra.minutes === 0 ? 'no extra time' : describeMinutes(extra.minutes)}`;
}

// ---- what the Settings screen's "Recent changes" says ---------------------------------------------

type Change = { before?: unknown; after?: unknown };
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const money = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? formatPence(v) : '—');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One line for an audited change of an extra (`extra.create`, `extra.update`); null for any other action. */
export function describeExtraChange(action: string, entityId: string | null, change: Change): string | null {
  const before = record(change.before);
  const after = record(change.after);
  if (action === 'extra.create')
    return `Extra added: ${String(after.title ?? entityId)} at ${money(after.price)}, ${String(after.minutes ?? 0)} min`;
  if (action !== 'extra.update') return null;
  const name = String(after.title ?? before.title ?? entityId);
  const diffs: string[] = [];
  if (!same(before.price, after.price)) diffs.push(`price ${money(before.price)} → ${money(after.price)}`);
  if (!same(before.minutes, after.minutes)) diffs.push(`${String(before.minutes)} → ${String(after.minutes)} min`);
  if (!same(before.title, after.title)) diffs.push(`renamed from “${String(before.title)}”`);
  if (!same(before.active, after.active)) diffs.push(after.active ? 'offered again' : 'retired');
  if (!same(before.description, after.description)) diffs.push('description');
  if (!same(before.display_order, after.display_order)) diffs.push('order');
  if (!same(before.only_with, after.only_with))
    diffs.push(
      Array.isArray(after.only_with) && after.only_with.length > 0
        ? `only with ${after.only_with.join(', ')}`
        : 'with every service',
    );
  return `Extra “${name}”: ${diffs.length ? diffs.join(', ') : 'saved, nothing changed'}`;
}
