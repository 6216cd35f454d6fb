import type { ExtraInput, StaffExtra } from '../../../domain/extras-catalogue.ts';
import { MAX_EXTRA_MINUTES } from '../../../domain/extras-catalogue.ts';
import { penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import { wholeIn } from '../whole-number.ts';

/** An extra as its editor holds it: what staff type and tick, checked on Save. */
export interface ExtraValues {
  title: string;
  description: string;
  price: string;
  minutes: string;
  display_order: string;
  /** The services ticked; none: offered with every service. */
  onlyWith: string[];
  active: boolean;
}

export const EMPTY_EXTRA: ExtraValues = {
  title: '',
  description: '',
  price: '',
  minutes: '10',
  display_order: '10',
  onlyWith: [],
  active: true,
};

export function extraFormOf(e: StaffExtra): ExtraValues {
  return {
    title: e.title,
    description: e.description,
    price: poundsFromPence(e.price),
    minutes: String(e.minutes),
    display_order: String(e.display_order),
    onlyWith: [...e.only_with],
    active: e.active,
  };
}

/** The ticked services after one box changes, in the order the services are listed. */
export function withService(
  onlyWith: readonly string[],
  id: string,
  on: boolean,
  serviceIds: readonly string[],
): string[] {
  const ticked = new Set(onlyWith);
  if (on) ticked.add(id);
  else ticked.delete(id);
  return serviceIds.filter((s) => ticked.has(s));
}

/** "Every service", or the titles of the services it is offered with (ids of services since gone left out). */
export function offeredWith(onlyWith: readonly string[], services: readonly { _id: string; title: string }[]): string {
  if (onlyWith.length === 0) return 'every service';
  const titles = services.filter((s) => onlyWith.includes(s._id)).map((s) => s.title);
  return titles.length ? `only with ${titles.join(', ')}` : 'no service sold now';
}

/**
 * What is sent, or the first thing to put right. Only services the shop has are sent: a tick left on
 * a service since removed would be refused by the server.
 */
export function extraBody(f: ExtraValues, serviceIds: readonly string[]): { body: ExtraInput } | { problem: string } {
  if (!f.title.trim()) return { problem: 'Please give the extra a title' };
  if (f.title.trim().length > 80) return { problem: 'Please keep the title to 80 characters or fewer' };
  const price = penceFromPounds(f.price);
  if (price === null || price > 1_000_000) return { problem: 'Please give the price in pounds, like 5 or 4.50' };
  const minutes = wholeIn(f.minutes, 0, MAX_EXTRA_MINUTES);
  if (minutes === null) return { problem: `The time it adds is in whole minutes, from 0 to ${MAX_EXTRA_MINUTES}` };
  const order = wholeIn(f.display_order, 0, 10_000);
  if (order === null) return { problem: 'The order is a whole number from 0 to 10000' };
  return {
    body: {
      title: f.title.trim(),
      description: f.description.trim(),
      price,
      minutes,
      only_with: serviceIds.filter((id) => f.onlyWith.includes(id)),
      display_order: order,
      active: f.active,
    },
  };
}
