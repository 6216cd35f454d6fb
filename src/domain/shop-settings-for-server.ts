import * as settings from './shop-settings.ts';
import { forServer } from './for-server.ts';

/**
 * The Settings screen's schemas as netlify/functions/management-settings.ts imports them: every export
 * of shop-settings.ts (the one definition, in zod/mini, that the Settings page shares), with the
 * schemas the function parses given a classic zod type (docs/decisions/054, as booking-schemas.ts does).
 */
export * from './shop-settings.ts';

// These names shadow the star export above (an explicit export always wins).
export const SettingsChangeSchema = forServer(settings.SettingsChangeSchema);
export const ServiceInputSchema = forServer(settings.ServiceInputSchema);
export const ServiceChangeSchema = forServer(settings.ServiceChangeSchema);
export const ServiceIdSchema = forServer(settings.ServiceIdSchema);
export const ClosureInputSchema = forServer(settings.ClosureInputSchema);
export const ClosureDateSchema = forServer(settings.ClosureDateSchema);
