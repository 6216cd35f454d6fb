import type { ClientDirective } from 'astro';

/**
 * `client:intent`: hydrates an island whose server-rendered HTML already works on its own (the booking
 * form's first step: native radio buttons) when the visitor reaches for it, rather than while the page
 * loads. React DOM alone is some 30 ms of one uninterrupted task on our test machine, 120 ms on a
 * mid-range phone: a visitor who only reads never pays it (docs/decisions/055). Hydration starts:
 *  - at once, when the directive's value (a CSS selector) matches the document: a visitor who is not
 *    at the first step (book.astro marks them before the first paint);
 *  - on the first pointer, touch, key or focus inside the island;
 *  - when something dispatches `hydrate-now` on the island: the page found its HTML out of date.
 * A button pressed before the component says it is ready, with an `island-ready` event, is held (React
 * never sees it, nor does the browser's default action) and pressed again then, so nothing the visitor
 * did is lost or half done. Ready means more than hydrated: between hydration and ready the component
 * is still finding where the visit starts, and a press answered then acted on answers it had not yet
 * read (booking-a11y.spec.ts caught a "Next" that did nothing). A component using this directive must
 * dispatch `island-ready`. (A radio button needs no help: it keeps its native state, which the
 * component reads.)
 */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

const intent: ClientDirective = (load, options, el) => {
  let started = false;
  let ready = false;
  const pressed: HTMLButtonElement[] = [];

  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) el.removeEventListener(type, start, true);
    el.removeEventListener('hydrate-now', start);
    void load().then((hydrate) => hydrate());
  };

  // Registered before the component's own listeners on this element, so it runs first.
  el.addEventListener(
    'click',
    (event) => {
      if (ready) return;
      start();
      const button = (event.target as Element | null)?.closest?.('button');
      if (!button || !el.contains(button)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!pressed.includes(button)) pressed.push(button);
    },
    true,
  );
  el.addEventListener(
    'island-ready',
    () => {
      ready = true;
      for (const button of pressed.splice(0)) if (button.isConnected && !button.disabled) button.click();
    },
    { once: true },
  );

  const selector = typeof options.value === 'string' ? options.value : '';
  if (selector && document.querySelector(selector)) {
    start();
    return;
  }
  for (const type of INTENT_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  el.addEventListener('hydrate-now', start, { once: true });
};

export default intent;
