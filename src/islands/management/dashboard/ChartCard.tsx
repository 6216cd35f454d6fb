import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChartFigures } from './figures.ts';
import { FiguresTable, textRows } from './FiguresTable.tsx';

const formatters = {
  pounds: (n: number) => `£${Math.round(n)}`,
  count: (n: number) => String(Math.round(n)),
};

/**
 * Whether the element is on the screen or close to it: the charts sit below the day's cards on a
 * phone, and loading and drawing uPlot there would hold up the first screen for a picture nobody sees
 * yet. Without IntersectionObserver, at once.
 */
function useNearScreen(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element.current) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const watch = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '200px 0px',
    });
    watch.observe(element.current);
    return () => watch.disconnect();
  }, [element, near]);
  return near;
}

/**
 * A small uPlot chart (loaded when it comes near the screen, not with the page), hidden from assistive
 * technology, with its figures as a table one tap away ("Show the figures as a table", decision 060).
 * `chart` should keep its identity while the figures are the same: it is drawn again when it changes.
 */
export function ChartCard({ title, caption, chart }: { title: string; caption: string; chart: ChartFigures }) {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const near = useNearScreen(target);
  useEffect(() => {
    if (!near) return;
    let stop: (() => void) | undefined;
    let current = true;
    void import('../charts.ts')
      .then(({ drawChart }) => {
        if (!current || !target.current) return;
        stop = drawChart(target.current, chart.labels, chart.series, formatters[chart.format]);
      })
      .catch(() => setFailed(true));
    return () => {
      current = false;
      stop?.();
    };
  }, [chart, near]);
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="mgmt-card dash-chart" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="dash-caption">{caption}</p>
      {/* The plot's box has the chart's height before uPlot arrives, and its key is drawn with the card. */}
      <div ref={target} className="dash-chart__plot" aria-hidden="true">
        {failed ? <p>The chart could not be drawn; the table below has the figures.</p> : null}
      </div>
      <ul className="dash-legend" aria-hidden="true">
        {chart.series.map((s) => (
          <li key={s.label}>
            <span className="dash-legend__mark" data-kind={s.kind} style={{ color: s.colour }} />
            {s.label}
          </li>
        ))}
      </ul>
      <details className="dash-details">
        <summary>Show the figures as a table</summary>
        <FiguresTable caption={chart.table.name} head={chart.table.head} rows={textRows(chart.table.rows)} />
      </details>
    </section>
  );
}
