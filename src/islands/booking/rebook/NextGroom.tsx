import { useEffect, useState, type ComponentType } from 'react';
import { once, whenIdle } from '../on-demand.ts';
import type { RebookCardProps } from './RebookCard.tsx';

const loadCard = once(() => import('./RebookCard.tsx'));

/**
 * "Book the next groom" on /b/{id} (docs/decisions/085), fetched once the page has loaded and the
 * browser is idle: the page's own bytes stay as they were, and the booking shows first.
 */
export function NextGroom(props: RebookCardProps) {
  const [Card, setCard] = useState<ComponentType<RebookCardProps> | null>(null);
  useEffect(
    () =>
      whenIdle(() => {
        // A dropped connection leaves the page as it was: the card is an extra, not the booking.
        loadCard().then(
          (module) => setCard(() => module.default),
          () => undefined,
        );
      }),
    [],
  );
  return Card ? <Card {...props} /> : null;
}
