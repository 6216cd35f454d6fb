import { z } from 'zod';

/**
 * How long a staff access key lives (docs/decisions/053-staff-sign-in-and-the-staff-api.md): it ends
 * after `keyIdleMinutes` without use, and `keyLifetimeDays` after sign-in whatever happens. Stored in
 * `settings.staff`; missing keys take the defaults. The defaults suit a shop: a tablet left overnight
 * asks again in the morning (a passkey makes that one touch), and no key outlives a week.
 */
export const DEFAULT_STAFF_SETTINGS = {
  keyIdleMinutes: 12 * 60,
  keyLifetimeDays: 7,
} as const;

/** The whole numbers each setting may take; anything else stored reads as the default. */
export const STAFF_SETTING_BOUNDS = {
  keyIdleMinutes: { min: 5, max: 30 * 24 * 60 },
  keyLifetimeDays: { min: 1, max: 90 },
} as const satisfies Record<keyof typeof DEFAULT_STAFF_SETTINGS, { min: number; max: number }>;

const setting = (name: keyof typeof DEFAULT_STAFF_SETTINGS) =>
  z
    .number()
    .int()
    .min(STAFF_SETTING_BOUNDS[name].min)
    .max(STAFF_SETTING_BOUNDS[name].max)
    .default(DEFAULT_STAFF_SETTINGS[name]);

export const StaffSettingsSchema = z.object({
  keyIdleMinutes: setting('keyIdleMinutes'),
  keyLifetimeDays: setting('keyLifetimeDays'),
});
export type StaffSettings = z.output<typeof StaffSettingsSchema>;

/** The stored document read with its defaults; a value out of bounds reads as the default. */
export function staffSettingsFrom(stored: unknown): StaffSettings {
  const document = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const fields = StaffSettingsSchema.shape;
  const idle = fields.keyIdleMinutes.safeParse(document.keyIdleMinutes);
  const lifetime = fields.keyLifetimeDays.safeParse(document.keyLifetimeDays);
  return {
    keyIdleMinutes: idle.success ? idle.data : DEFAULT_STAFF_SETTINGS.keyIdleMinutes,
    keyLifetimeDays: lifetime.success ? lifetime.data : DEFAULT_STAFF_SETTINGS.keyLifetimeDays,
  };
}

/** When a key signed in at `issuedAt` stops working whatever its use: the absolute lifetime. */
export function staffKeyExpiry(issuedAt: Date, settings: StaffSettings): Date {
  return new Date(issuedAt.getTime() + settings.keyLifetimeDays * 24 * 60 * 60 * 1000);
}

/**
 * Whether a staff key is still live at `now`: not past its absolute lifetime, and used within the
 * idle timeout (a key never used since sign-in counts from sign-in). The database applies it through
 * src/server/staff-key-rule.ts, built from the same numbers and tested on the same cases
 * (staff-settings.cases.ts).
 */
export function staffKeyLive(
  key: { issuedAt: Date; lastUsedAt: Date | null },
  now: Date,
  settings: StaffSettings,
): boolean {
  const idleSince = key.lastUsedAt ?? key.issuedAt;
  return (
    now < staffKeyExpiry(key.issuedAt, settings) &&
    now.getTime() - idleSince.getTime() < settings.keyIdleMinutes * 60_000
  );
}
