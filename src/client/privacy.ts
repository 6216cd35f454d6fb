import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_CHOICES, PRIVACY_KEY, parsePrivacyChoices, type PrivacyChoices } from './privacy-choices.ts';

/**
 * The visitor's two privacy choices (UK PECR as amended in 2025):
 * - consent to what identifies the device across visits and to ad attribution (the fingerprint, a
 *   lasting visitor id, stored gclid/fbclid): nothing of that without `consent: 'granted'`;
 * - first-party statistics (session, landing page, page views, events) run unless the visitor objects.
 * Kept in localStorage: remembering the choice itself is strictly necessary.
 */
export * from './privacy-choices.ts';

export const privacyChoices = persistentAtom<PrivacyChoices>(PRIVACY_KEY, DEFAULT_CHOICES, {
  encode: JSON.stringify,
  decode: parsePrivacyChoices,
});

export const hasConsent = () => privacyChoices.get().consent === 'granted';
export const statisticsAllowed = () => privacyChoices.get().statistics === 'allowed';
