import { DEFAULT_STAFF_SETTINGS, STAFF_SETTING_BOUNDS, type StaffSettings } from '../domain/staff-settings.ts';

/**
 * The staff key rules of src/domain/staff-settings.ts as SQL, built from the same numbers, for the
 * query that finds (and touches) a key's holder in one statement (src/server/access-keys.ts).
 * tests/integration/rules-in-sql.test.ts runs them against the unit tests' own cases
 * (staff-settings.cases.ts), so what runs is what is tested.
 */

/**
 * One setting of a `settings.staff` document (`doc`, SQL jsonb, NULL when there is none) as
 * staffSettingsFrom reads it: a whole number within its bounds, or the default. CASE keeps the order:
 * nothing is cast before it is known to be a number.
 */
export function staffSettingSql(doc: string, name: keyof StaffSettings): string {
  const { min, max } = STAFF_SETTING_BOUNDS[name];
  const value = `(${doc} ->> '${name}')::numeric`;
  return `(CASE WHEN jsonb_typeof(${doc} -> '${name}') IS DISTINCT FROM 'number' THEN ${DEFAULT_STAFF_SETTINGS[name]}
     WHEN ${value} BETWEEN ${min} AND ${max} AND ${value} % 1 = 0 THEN ${value}::int
     ELSE ${DEFAULT_STAFF_SETTINGS[name]} END)`;
}

/**
 * staffKeyLive: a key signed in at `issuedAt`, last used at `lastUsedAt` (NULL for never), is live at
 * `now` when it was used (or signed in) within the idle timeout and signed in within the lifetime,
 * read from `doc`. The lifetime is counted in hours, as the domain counts it, so a clock change
 * within it does not move the end by an hour.
 */
export function staffKeyLiveSql(key: { issuedAt: string; lastUsedAt: string }, now: string, doc: string): string {
  const idle = `make_interval(mins => ${staffSettingSql(doc, 'keyIdleMinutes')})`;
  const lifetime = `make_interval(hours => 24 * ${staffSettingSql(doc, 'keyLifetimeDays')})`;
  return `(COALESCE(${key.lastUsedAt}, ${key.issuedAt}) > ${now} - ${idle} AND ${key.issuedAt} > ${now} - ${lifetime})`;
}
