import type { Page } from '@playwright/test';

/**
 * Layout shifts as Chromium reports them to the page (the `layout-shift` entries Lighthouse's CLS is
 * made of): every entry not caused by the visitor's own input, from the start of each document the
 * page loads until it is read. Each entry keeps what moved, so a failure names the element.
 */
export interface Shift {
  value: number;
  /** The elements that moved: tag and classes, and where they went (CSS px). */
  sources: string[];
}

type Watched = Window & { __layoutShifts?: Shift[] };

/** Starts watching on every document this page loads from now on (before any of its scripts run). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as Watched;
    w.__layoutShifts = [];
    const name = (node: Node | null | undefined) =>
      node instanceof Element
        ? `${node.localName}${node.id ? `#${node.id}` : ''}${[...node.classList].map((c) => `.${c}`).join('')}`
        : String(node?.nodeName);
    const box = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
        }
      >) {
        if (entry.hadRecentInput) continue;
        w.__layoutShifts!.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => `${name(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The shifts of the current document once it has settled: the network quiet (the island's requests
 * answered, a chart's module loaded) and two frames drawn, so the last change's entry is reported.
 */
export async function settledLayoutShifts(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as Watched).__layoutShifts ?? []))),
      ),
  );
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}
