import { TextField } from '../../forms/TextField.tsx';
import { Segments } from './Segments.tsx';
import { PRESETS, type FinancesChange, type FinancesView, type Preset } from './view.ts';

const PRESET_OPTIONS = PRESETS.map((p) => ({ value: p, text: p }));
const ENDS = [
  { end: 'from', label: 'From' },
  { end: 'to', label: 'To' },
] as const;

/** The period of the figures: a preset, or a first and last day of one's own. */
export function RangePicker({
  view,
  today,
  change,
}: {
  view: FinancesView;
  today: string;
  change(change: FinancesChange): void;
}) {
  const { from, to } = view.range;
  return (
    <>
      <Segments<Preset>
        label="Period"
        four
        options={PRESET_OPTIONS}
        value={view.preset === 'Custom' ? null : view.preset}
        onChange={(preset) => change({ type: 'preset', preset, today })}
      />
      <div className="rec-range">
        {ENDS.map(({ end, label }) => (
          <TextField
            key={end}
            id={`finances-${end}`}
            label={label}
            type="date"
            value={view.range[end]}
            // Each end stays on its side of the other.
            min={end === 'to' ? from : undefined}
            max={end === 'from' ? to : undefined}
            onChange={(date) => change({ type: end, date })}
          />
        ))}
      </div>
    </>
  );
}
