/**
 * The shape of the visitor's privacy choices and how they are read, without the store: small enough
 * for the script every page runs before it has loaded anything else.
 */
export const PRIVACY_KEY = 'privacy_choices';

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
