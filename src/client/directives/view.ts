import type { ClientDirective } from 'astro';

/**
 * `client:view`: Astro's `client:visible` (hydrate when the island scrolls into view), with one
 * difference: it gives the main thread back between loading the island's code and hydrating it. A
 * dynamic import evaluates React DOM and the component, and Astro's own directive hydrates in the
 * same task, one long task of a phone's main thread; here evaluation is one task and React's
 * hydration (concurrent, in slices) starts in the next, so a tap in between is answered at once
 * (Lighthouse's Total Blocking Time on /prices: docs/decisions/055).
 */
const yieldToMain = () =>
  new Promise<void>((resolve) => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (scheduler?.yield) void scheduler.yield().then(resolve);
    else setTimeout(resolve, 0);
  });

const view: ClientDirective = (load, _options, el) => {
  const io = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    io.disconnect();
    void load().then(async (hydrate) => {
      await yieldToMain();
      await hydrate();
    });
  });
  for (const child of el.children) io.observe(child);
};

export default view;
