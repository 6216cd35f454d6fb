import type { OfferedExtra } from '../../domain/booking-api-schemas.ts';
import { formatPence } from '../../domain/money.ts';
import { formatDuration } from './duration.ts';

/**
 * An extra as the dog step offers it: "Nail grinding, +£5, 10 min". Whole pounds drop their ".00",
 * as price tags do; an extra that takes no time (a bandana) says no minutes.
 */
export function extraLabel(extra: Pick<OfferedExtra, 'title' | 'pricePence' | 'durationMin'>): string {
  const price = extra.pricePence === 0 ? 'free' : `+${formatPence(extra.pricePence).replace(/\.00$/, '')}`;
  return [extra.title, price, extra.durationMin > 0 ? formatDuration(extra.durationMin) : null]
    .filter(Boolean)
    .join(', ');
}

/** The chosen extras with one ticked or unticked, in the order the service offers them. */
export function toggleExtra(
  chosen: readonly string[],
  offered: readonly Pick<OfferedExtra, 'id'>[],
  id: string,
  on: boolean,
): string[] {
  const wanted = new Set(chosen);
  if (on) wanted.add(id);
  else wanted.delete(id);
  return offered.map((e) => e.id).filter((e) => wanted.has(e));
}
