import { z } from 'zod/mini';

import { PhotoKeySchema } from './check-in.ts';
import { freeText, plainText } from './text.ts';

export * from './report-card-owner.ts';

/**
 * The report card at the end of a visit (issue 22, docs/decisions/094): the after photo, what was
 * done, what staff noticed, the suggestion for the next visit, and the owner's separate yes to their
 * dog's photos being used elsewhere. Pure and in zod/mini: the staff composer, the owner's page and
 * the server share it.
 */

export const MAX_DONE = 300;
export const MAX_NOTE = 200;
export const MAX_SUGGESTION = 200;

/** The two photos a visit may have: the check-in's (before) and the report's (after). */
export const PhotoSideSchema = z.enum(['before', 'after']);
export type PhotoSide = z.infer<typeof PhotoSideSchema>;

const NoticedSchema = z.strictObject({
  skin: freeText(MAX_NOTE, { label: 'the note on the skin' }),
  ears: freeText(MAX_NOTE, { label: 'the note on the ears' }),
  nails: freeText(MAX_NOTE, { label: 'the note on the nails' }),
  behaviour: freeText(MAX_NOTE, { label: 'the note on behaviour' }),
});

/** POST /management/bookings/{id}/report-card: written and sent (again: the same page, updated). */
export const ReportCardRequestSchema = z.strictObject({
  done: plainText(1, MAX_DONE, { label: 'what was done' }),
  noticed: NoticedSchema,
  suggestion: freeText(MAX_SUGGESTION, { label: 'the suggestion for the next visit' }),
  /** The after photo, uploaded first through the check-in photo's address; absent keeps the one stored. */
  afterPhotoKey: z.optional(PhotoKeySchema),
});
export type ReportCardRequest = z.infer<typeof ReportCardRequestSchema>;

const PhotoUseSchema = z.nullable(z.object({ allowed: z.boolean(), at: z.iso.datetime({ offset: true }) }));

/** A report as staff see it. `photoUse` null: the owner has not answered, which means no. */
export const ReportCardViewSchema = z.object({
  sentAt: z.iso.datetime({ offset: true }),
  done: z.string(),
  noticed: z.object({ skin: z.string(), ears: z.string(), nails: z.string(), behaviour: z.string() }),
  suggestion: z.string(),
  hasBefore: z.boolean(),
  hasAfter: z.boolean(),
  photoUse: PhotoUseSchema,
});
export type ReportCardView = z.infer<typeof ReportCardViewSchema>;

/** GET /management/bookings/{id}/report-card: the report if sent, and the composer's prefill. */
export const StaffReportCardSchema = z.object({
  report: z.nullable(ReportCardViewSchema),
  prefill: z.object({ done: z.string(), suggestion: z.string() }),
  hasBefore: z.boolean(),
});
export type StaffReportCard = z.infer<typeof StaffReportCardSchema>;

/** POST /bookings/{id}/photo-use: the owner's separate yes (or no) to their dog's photos used elsewhere. */
export const PhotoUseRequestSchema = z.strictObject({ allowed: z.boolean() });

/** "Full Groom with Nail grinding and Bandana": what was done, as the composer offers it to edit. */
export function whatWasDone(serviceTitle: string, extras: readonly string[]): string {
  const all = extras.filter((e) => e.trim() !== '');
  if (all.length === 0) return serviceTitle;
  const list = all.length === 1 ? all[0]! : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
  return `${serviceTitle} with ${list}`.slice(0, MAX_DONE);
}

/** "Same time in 6 weeks": the suggestion the composer offers, from the dog's usual interval. */
export function nextVisitSuggestion(weeks: number | null): string {
  return weeks === null ? '' : `Same time in ${weeks} weeks`;
}

/** The one service message a report sends: no offer, no review request, only the page. */
export function reportCardText(dogName: string, shop: string, link: string): string {
  return `${dogName}'s report card from ${shop}: ${link}`;
}

/** What staff see of the owner's answer. */
export function photoUseWords(photoUse: boolean | null): string {
  return photoUse ? 'Photos may be shared' : 'Photos not to be shared';
}
