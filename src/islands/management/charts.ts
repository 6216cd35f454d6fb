import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { wholeTicks } from './chart-ticks.ts';

/**
 * The dashboard's small charts, drawn by uPlot (loaded only when the dashboard has figures to
 * show). Each chart is a picture of a table that sits beside it, so the canvas is hidden from
 * assistive technology and the table carries the numbers.
 */
export interface ChartSeries {
  label: string;
  values: number[];
  colour: string;
  kind: 'bars' | 'line';
}

export function drawChart(
  target: HTMLElement,
  labels: string[],
  series: ChartSeries[],
  formatValue: (n: number) => string,
): () => void {
  const xs = labels.map((_, i) => i);
  const ticks = wholeTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks.at(-1)!;
  const bars = uPlot.paths.bars!({ size: [0.6, 48] });
  const width = () => Math.max(240, Math.floor(target.getBoundingClientRect().width));
  const plot = new uPlot(
    {
      width: width(),
      height: 180,
      // The key is the card's own (ChartCard), drawn with the card: uPlot's would grow the card when it loads.
      legend: { show: false },
      cursor: { show: false },
      padding: [12, 8, 0, 4],
      scales: {
        x: { time: false, range: [-0.5, labels.length - 0.5] },
        y: { range: () => [0, top] },
      },
      axes: [
        // More than a week's labels: every other one, so they never run into each other on a phone.
        {
          values: (_u, splits) =>
            splits.map((i) => (labels.length > 7 && (labels.length - 1 - i) % 2 === 1 ? '' : (labels[i] ?? ''))),
          splits: () => xs,
          gap: 4,
          size: 28,
          grid: { show: false },
          stroke: '#424b59',
          ticks: { show: false },
        },
        {
          splits: () => ticks,
          values: (_u, splits) => splits.map(formatValue),
          size: 64,
          stroke: '#424b59',
          grid: { stroke: '#e4dccd', width: 1 },
          ticks: { show: false },
        },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.colour,
          width: s.kind === 'line' ? 2 : 0,
          fill: s.kind === 'bars' ? s.colour : undefined,
          paths: s.kind === 'bars' ? bars : undefined,
          points: { show: s.kind === 'line', size: 6, fill: s.colour, stroke: s.colour },
        })),
      ],
    },
    [xs, ...series.map((s) => s.values)],
    target,
  );
  const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 180 }));
  resize.observe(target);
  return () => {
    resize.disconnect();
    plot.destroy();
  };
}
