/**
 * What the booking form imports on demand (docs/decisions/055): the schemas here, the later steps'
 * components in step-loaders.ts. Each is imported once; the next step's code is fetched when the
 * browser is idle, so a visitor never waits for it.
 */

/** Imports a module once, sharing the promise; a failed import (a dropped connection) may be tried again. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

export const bookingTypes = once(() => import('../../domain/booking-types.ts'));
export const bookingSchemas = once(() => import('../../domain/booking-api-schemas.ts'));
export const breedSchemas = once(() => import('../../domain/breeds.ts'));
export const savedDogSchemas = once(() => import('../../domain/saved-dogs.ts'));

/** After the page has loaded, when the browser has nothing better to do; returns a cancel. */
export function whenIdle(run: () => void): () => void {
  let cancel = () => undefined as void;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 300);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}
