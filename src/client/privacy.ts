import { persistentAtom } from '@nanostores/persistent';

/**
 * The visitor's two privacy choices (UK PECR as amended in 2025):
 * - consent to what identifies the device across visits and to ad attribution (the fingerprint, a
 *   lasting visitor id, stored gclid/fbclid): nothing of that without `consent: 'granted'`;
 * - first-party statistics (session, landing page, page views, events) run unless the visitor objects.
 * Kept in localStorage: remembering the choice itself is strictly necessary.
 */
export type Consent = 'granted' | 'denied';
export type Statistics = 'allowed' | 'objected';

export interface PrivacyChoices {
  /** null until the visitor answers the banner. */
  consent: Consent | null;
  statistics: Statistics;
}

export const DEFAULT_CHOICES: PrivacyChoices = { consent: null, statistics: 'allowed' };

/** Never throws: anything unreadable counts as "not chosen yet". */
export function parsePrivacyChoices(raw: string | null | undefined): PrivacyChoices {
  if (!raw) return DEFAULT_CHOICES;
  try {
    const value = JSON.parse(raw) as Partial<PrivacyChoices> | null;
    return {
      consent: value?.consent === 'granted' || value?.consent === 'denied' ? value.consent : null,
      statistics: value?.statistics === 'objected' ? 'objected' : 'allowed',
    };
  } catch {
    return DEFAULT_CHOICES;
  }
}

export const privacyChoices = persistentAtom<PrivacyChoices>('privacy_choices', DEFAULT_CHOICES, {
  encode: JSON.stringify,
  decode: parsePrivacyChoices,
});

export const hasConsent = () => privacyChoices.get().consent === 'granted';
export const statisticsAllowed = () => privacyChoices.get().statistics === 'allowed';
