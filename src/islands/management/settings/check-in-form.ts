import { MAX_SURCHARGE_PENCE, MAX_TIERS, type CheckInSettings, type CoatTier } from '../../../domain/check-in.ts';
import { penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import { slugOf } from '../../../domain/slugs.ts';

/** Check-in's settings as their form holds them (decision 091): what staff type, checked on Save. */
export interface TierRow {
  /** The saved tier's id; '' for a row added here (its id is made from its name). */
  id: string;
  label: string;
  kind: CoatTier['kind'];
  /** Pounds as typed, e.g. "15.00". */
  surcharge: string;
}
export interface CheckInForm {
  tiers: TierRow[];
  vaccinationsRequired: boolean;
}

export function checkInFormOf(c: CheckInSettings): CheckInForm {
  return {
    tiers: c.tiers.map((t) => ({
      id: t.id,
      label: t.label,
      kind: t.kind,
      surcharge: poundsFromPence(t.surchargePence),
    })),
    vaccinationsRequired: c.vaccinationsRequired,
  };
}

/** The settings the form says, or the first thing to put right, in the order the rows stand. */
export function checkInOf(f: CheckInForm): { checkIn: CheckInSettings } | { problem: string } {
  if (f.tiers.length > MAX_TIERS) return { problem: `At most ${MAX_TIERS} tiers` };
  const tiers: CoatTier[] = [];
  for (const [i, row] of f.tiers.entries()) {
    const label = row.label.trim();
    if (!label) return { problem: `Tier ${i + 1}: give it a name` };
    if (label.length > 40) return { problem: `Tier ${i + 1}: a name of at most 40 characters` };
    const pence = penceFromPounds(row.surcharge);
    if (pence === null || pence < 0 || pence > MAX_SURCHARGE_PENCE)
      return { problem: `${label}: a surcharge in pounds from 0 to ${poundsFromPence(MAX_SURCHARGE_PENCE)}` };
    const id = row.id || slugOf(label, 'tier').slice(0, 40);
    if (tiers.some((t) => t.id === id || t.label === label)) return { problem: `${label}: two tiers of the same name` };
    tiers.push({ id, label, kind: row.kind, surchargePence: pence });
  }
  return { checkIn: { tiers, vaccinationsRequired: f.vaccinationsRequired } };
}
