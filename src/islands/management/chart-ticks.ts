/**
 * The value axis of a dashboard chart: whole numbers from 0, a 1-2-5 step, at most `intervals`
 * gaps, the top tick at or above the largest value. uPlot's own splits on a small range are
 * fractions (0.2, 0.4…), which whole-number labels then print twice ("£1 £1 £1 £0 £0").
 */
export function wholeTicks(largest: number, intervals = 4): number[] {
  const max = Number.isFinite(largest) && largest > 0 ? largest : 0;
  let step = 1;
  for (let scale = 1; ; scale *= 10) {
    const found = [1, 2, 5].map((n) => n * scale).find((s) => Math.ceil(max / s) <= intervals);
    if (found !== undefined) {
      step = found;
      break;
    }
  }
  const top = Math.max(1, Math.ceil(max / step)) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}
