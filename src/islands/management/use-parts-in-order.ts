import { useState } from 'react';

/**
 * How many of a page's parts to show, top to bottom, when `answered` says which have had their first
 * answer: each part once it and every part above it have answered, and from then on (a retry or a
 * reload that empties a part again does not hide the parts below it). So a part that answers late
 * is never inserted above one already shown, and nothing on the page moves while it loads (issue 19:
 * CLS 0). Pure, for the table test; `usePartsInOrder` keeps the count from render to render.
 */
export function partsShown(before: number, answered: readonly boolean[]): number {
  const waiting = answered.indexOf(false);
  return Math.max(before, waiting === -1 ? answered.length : waiting);
}

/** `partsShown` from render to render: the parts of this page to show now. */
export function usePartsInOrder(answered: readonly boolean[]): number {
  const [shown, setShown] = useState(() => partsShown(0, answered));
  const now = partsShown(shown, answered);
  // Adjusting state while rendering, as React's docs advise for state that follows what a render sees.
  if (now !== shown) setShown(now);
  return now;
}
