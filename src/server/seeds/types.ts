import type { Tx } from '../db.ts';

/**
 * One part of the demo business. It must leave existing rows alone (a restart never overwrites the
 * shop's edits) and may return lines to print once at start (e.g. a demo credential).
 */
export type Seeder = (tx: Tx) => Promise<{ seeded?: string[]; notes?: string[] }>;
