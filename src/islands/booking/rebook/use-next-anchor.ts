import { useEffect, useRef } from 'react';

/** The card's anchor: the reminder's "Book it in one tap" link is /b/{id}#next (src/domain/messages.ts). */
export const NEXT_ANCHOR = 'next';

/**
 * The card arrives after the page (its own chunk, then its proposals), so the browser's own jump to
 * #next found nothing to jump to: once the card is on screen, bring it into view and give it the
 * focus, once, so a keyboard or screen reader lands where the link promised.
 */
export function useNextAnchor(shown: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!shown || done.current || window.location.hash !== `#${NEXT_ANCHOR}`) return;
    const card = document.getElementById(NEXT_ANCHOR);
    if (!card) return;
    done.current = true;
    card.scrollIntoView({ block: 'start' });
    card.focus({ preventScroll: true });
  }, [shown]);
}
