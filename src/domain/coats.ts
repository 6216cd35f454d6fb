/** How a coat is named to people, on the booking form and the staff screens alike. */
import type { Coat } from './booking-api-schemas.ts';

export const COAT_LABELS: Record<Coat, string> = {
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
  double: 'Double',
  wire: 'Wire',
  matted: 'Matted',
};
export const COAT_HINTS: Record<Coat, string> = {
  short: 'Smooth, close',
  medium: 'Soft, wavy or curly',
  long: 'Flowing',
  double: 'Thick undercoat',
  wire: 'Rough, wiry',
  matted: 'Tangles or knots',
};
