import { z } from 'zod/mini';

/**
 * The report card as the owner's page reads it (decision 094): apart from report-card.ts so the
 * page's chunk carries only this (report-card.ts re-exports it for everyone else).
 */

/** The four things a groomer looks at, in the order the card says them. */
export const NOTICED = ['skin', 'ears', 'nails', 'behaviour'] as const;
export type NoticedPart = (typeof NOTICED)[number];
export const NOTICED_LABELS: Record<NoticedPart, string> = {
  skin: 'Skin',
  ears: 'Ears',
  nails: 'Nails',
  behaviour: 'Behaviour',
};

/** What staff noted of each part; an empty note means nothing to note. */
export type Noticed = Record<NoticedPart, string>;

/** GET /bookings/{id}/report-card: the owner's card (the id is the key), only once sent. */
export const OwnerReportCardSchema = z.object({
  dogName: z.string(),
  done: z.string(),
  noticed: z.object({ skin: z.string(), ears: z.string(), nails: z.string(), behaviour: z.string() }),
  suggestion: z.string(),
  hasBefore: z.boolean(),
  hasAfter: z.boolean(),
  /** The owner's answer; null: not asked yet, which is a no. */
  photoUse: z.nullable(z.boolean()),
});
export type OwnerReportCard = z.infer<typeof OwnerReportCardSchema>;

export const PhotoUseResponseSchema = z.object({ photoUse: z.boolean() });

/** The notes worth saying, in order; [] means "Nothing to note". */
export function noticedLines(noticed: Noticed): Array<{ part: NoticedPart; label: string; note: string }> {
  return NOTICED.flatMap((part) => {
    const note = noticed[part].trim();
    return note ? [{ part, label: NOTICED_LABELS[part], note }] : [];
  });
}
