import { useEffect, useState, type ComponentType } from 'react';
import type { RebookCardProps } from './RebookCard.tsx';

/**
 * "Book the next groom" on /b/{id} (docs/decisions/085), fetched as its own chunk once the booking is
 * on screen, so the page's first bytes stay as they were. Nothing shared with /book is imported here:
 * sharing a module with the booking form moved it into the form's first chunk (booking-weight.spec.ts).
 */
export function NextGroom(props: RebookCardProps) {
  const [Card, setCard] = useState<ComponentType<RebookCardProps> | null>(null);
  useEffect(() => {
    let shown = true;
    // A dropped connection leaves the page as it was: the card is an extra, not the booking.
    import('./RebookCard.tsx').then(
      (module) => shown && setCard(() => module.default),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, []);
  return Card ? <Card {...props} /> : null;
}
