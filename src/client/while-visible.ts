/**
 * Asks `ask` every `everyMs` while the page is on screen, and at once when it comes back into view
 * (Page Visibility: a tablet face down or a tab behind another asks nothing), one ask at a time. The
 * owner's live status (decision 092) polls this way; the staff booking window uses it while it waits
 * for the owner (a surcharge agreed by link, a balance paid by link: docs/decisions/100). Returns the
 * function that stops it.
 */
export interface VisibleDocument {
  visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export function everyWhileVisible(
  ask: () => Promise<unknown>,
  everyMs: number,
  doc: VisibleDocument = document,
): () => void {
  let stopped = false;
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const turn = async () => {
    clearTimeout(timer);
    if (stopped || busy || doc.visibilityState !== 'visible') return;
    busy = true;
    try {
      await ask();
    } catch {
      // Offline for a moment: the next turn asks again.
    } finally {
      busy = false;
    }
    if (!stopped) timer = setTimeout(() => void turn(), everyMs);
  };
  const onVisibility = () => void turn();
  doc.addEventListener('visibilitychange', onVisibility);
  timer = setTimeout(() => void turn(), everyMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
