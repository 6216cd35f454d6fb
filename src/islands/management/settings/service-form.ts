import { penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import type { ServiceInput, ServiceKind, StaffService } from '../../../domain/shop-settings.ts';
import { wholeIn } from '../whole-number.ts';

/** A service as its editor holds it: what staff type, checked on Save. */
export interface ServiceValues {
  title: string;
  price: string;
  duration: string;
  description: string;
  display_order: string;
  kind: string;
  active: boolean;
}

export const EMPTY_SERVICE: ServiceValues = {
  title: '',
  price: '',
  duration: '60',
  description: '',
  display_order: '100',
  kind: 'other',
  active: true,
};

export function serviceFormOf(s: StaffService): ServiceValues {
  return {
    title: s.title,
    price: poundsFromPence(s.price),
    duration: String(s.duration),
    description: s.description,
    display_order: String(s.display_order),
    kind: s.kind,
    active: s.active,
  };
}

/** What is sent, or the first thing to put right. */
export function serviceBody(f: ServiceValues): { body: ServiceInput } | { problem: string } {
  const price = penceFromPounds(f.price);
  if (!f.title.trim()) return { problem: 'Please give the service a title' };
  if (price === null) return { problem: 'Please give the price in pounds, like 45 or 45.50' };
  const duration = wholeIn(f.duration, 5, 600);
  if (duration === null) return { problem: 'The duration is in minutes, from 5 to 600' };
  const order = wholeIn(f.display_order, 0, 10_000);
  if (order === null) return { problem: 'The order is a whole number from 0 to 10000' };
  return {
    body: {
      title: f.title.trim(),
      price,
      duration,
      description: f.description,
      display_order: order,
      kind: f.kind as ServiceKind,
      active: f.active,
    },
  };
}
