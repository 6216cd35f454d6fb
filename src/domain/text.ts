import * as z from 'zod/mini';

/**
 * The one rule for text that people (or their browsers) send us: a dog's name, an owner's name,
 * notes, a cancel reason, the statistics fields. Shared by the islands, which check as the visitor
 * types, and the functions, which check again before anything reaches the database.
 *
 * Refused, wherever they are in the text:
 * - control characters (C0, DEL, C1): NUL cannot be stored in Postgres text at all (22021) nor in
 *   jsonb (22P05), and the others only ever arrive by accident or by intent, never from a keyboard;
 *   multi-line text keeps its line feeds and tabs, and a CR LF from a pasted text becomes a line feed;
 * - lone surrogates (half an emoji): UTF-8 cannot encode them, so the database would silently store
 *   U+FFFD instead of what was sent;
 * - non-characters (U+FDD0..U+FDEF, U+FFFE, U+FFFF and their like on every plane): Unicode reserves
 *   them for a program's internal use, and no text a person writes contains one.
 * Everything else a person writes passes: accents, any script, emoji, non-breaking spaces.
 *
 * Written with zod/mini, as every schema the booking island loads is (docs/decisions/054): the
 * functions compose these into their classic zod schemas unchanged.
 */
const UNUSUAL_IN_LINE = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;
const UNUSUAL_IN_LINES = /(?![\t\n])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** Whether `value` holds a character the text rule refuses (line feeds and tabs allowed when `multiline`). */
export function hasUnusualCharacters(value: string, multiline = false): boolean {
  return (multiline ? UNUSUAL_IN_LINES : UNUSUAL_IN_LINE).test(value);
}

export interface TextOptions {
  /** How a visitor would name the field, after "your": e.g. "your dog's name". */
  label?: string;
}

const unusualMessage = (label?: string) =>
  label
    ? `Please remove unusual characters from ${label}`
    : 'control characters and other unusual characters are not allowed';

/** One line of text, trimmed, of `min` to `max` characters (counted after trimming). */
export function plainText(min: number, max: number, { label }: TextOptions = {}) {
  return z.string().check(
    z.trim(),
    z.minLength(min, label && min > 0 ? `Please enter ${label}` : undefined),
    z.maxLength(max, label ? `Please keep ${label} to ${max} characters or fewer` : undefined),
    z.refine((value: string) => !hasUnusualCharacters(value), unusualMessage(label)),
  );
}

/** Text of several lines (notes, a reason), trimmed, at most `max` characters; may be empty. */
export function freeText(max: number, { label }: TextOptions = {}) {
  return z.string().check(
    // Browsers send a textarea's line breaks as LF, other clients may send CR LF: one form is kept.
    z.overwrite((value: string) => value.replace(/\r\n?/g, '\n')),
    z.trim(),
    z.maxLength(max, label ? `Please keep ${label} to ${max} characters or fewer` : undefined),
    z.refine((value: string) => !hasUnusualCharacters(value, true), unusualMessage(label)),
  );
}
