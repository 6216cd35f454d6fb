/**
 * The business's facts inside content files. A legal page or an FAQ answer writes `{{phone}}` where
 * the number goes, and the build puts in the number from content/site.json, so changing a fact stays
 * one edit in one file. Markdown is filled in after it is parsed (markdown.ts), so a fact is always
 * inserted as text; plain-text fields (descriptions, questions) go through `fillFacts`.
 *
 * An unknown name, or a `{{` or `}}` that is not a whole placeholder, fails the build: `fillFacts`
 * throws, and any page the build writes with one left in it is refused (`unfilledPlaceholders`).
 */
import { monthsInWords, RetentionPeriodsSchema } from '../domain/retention.ts';
import { oneLineAddress, openingHoursInWords, site, type Site } from './site-facts.ts';

export type Facts = Readonly<Record<string, string>>;

/** Each placeholder and what it becomes. Add one here when content needs another fact. */
export function factPlaceholders(s: Site = site): Facts {
  const kept = RetentionPeriodsSchema.parse(s.retention);
  return Object.freeze({
    address: oneLineAddress(s.address),
    phone: s.phone.display,
    email: s.email,
    'company-number': s.companyNumber,
    hours: openingHoursInWords(s.openingHours),
    directions: s.address.directions,
    'whatsapp-reply-minutes': String(s.whatsapp.replyMinutes),
    'online-booking-minutes': String(s.onlineBookingMinutes),
    'statistics-kept-for': monthsInWords(kept.visitStatisticsMonths),
    'sent-messages-kept-for': monthsInWords(kept.sentMessagesMonths),
    'visit-photos-kept-for': monthsInWords(kept.visitPhotosMonths),
  });
}

export const FACTS = factPlaceholders();

/** `{{ name }}`; what is between the braces is checked against the table, whatever it is. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export class FactPlaceholderError extends Error {
  override name = 'FactPlaceholderError';
}

/** True when `text` holds a placeholder or a stray brace pair. */
export function mentionsFacts(text: string): boolean {
  return text.includes('{{') || text.includes('}}');
}

/** Fills every placeholder, or throws on an unknown name or a stray `{{`/`}}`. */
export function fillFacts(text: string, facts: Facts = FACTS): string {
  if (!mentionsFacts(text)) return text;
  if (mentionsFacts(text.replace(PLACEHOLDER, ''))) {
    throw new FactPlaceholderError(
      `A "{{" or "}}" that is not a placeholder in ${excerpt(text)}; write placeholders as {{name}}.`,
    );
  }
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    if (!Object.hasOwn(facts, name)) {
      throw new FactPlaceholderError(`Unknown placeholder {{${name}}} in ${excerpt(text)}. Known: ${known(facts)}.`);
    }
    return facts[name]!;
  });
}

/**
 * Fills the placeholders it knows and leaves anything else exactly as written, for the Markdown
 * renderer: Astro catches a renderer's error, logs it and builds the page with an empty body (and
 * keeps that between builds), so the renderer must not throw; what it leaves is refused on output.
 */
export function fillKnownFacts(
  text: string,
  facts: Facts = FACTS,
  escape: (value: string) => string = (v) => v,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(facts, name) ? escape(facts[name]!) : whole,
  );
}

/**
 * What is left of placeholders in built HTML: `{{…}}`, a stray `{{` or `}}`, or one percent-encoded
 * in a link. Scripts and styles are skipped, where braces are code.
 */
export function unfilledPlaceholders(html: string): string[] {
  const text = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ');
  const found = new Set<string>();
  for (const m of text.matchAll(/.{0,40}(?:\{\{|\}\}|%7B%7B|%7D%7D).{0,40}/gi)) found.add(m[0].trim());
  return [...found];
}

export function unfilledMessage(where: string, leftovers: readonly string[], facts: Facts = FACTS): string {
  return `${where} still has placeholders that are unknown or mistyped: ${leftovers.map((l) => JSON.stringify(l)).join(', ')}. Known: ${known(facts)}.`;
}

function known(facts: Facts): string {
  return Object.keys(facts)
    .map((k) => `{{${k}}}`)
    .join(', ');
}

function excerpt(text: string): string {
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}…` : text);
}
