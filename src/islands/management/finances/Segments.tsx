/** A row of toggle buttons, one pressed: the period's presets, the takings' grouping. */
export function Segments<V extends string>({
  label,
  options,
  value,
  onChange,
  four,
}: {
  label: string;
  options: readonly { value: V; text: string }[];
  value: V | null;
  onChange(value: V): void;
  /** Four of them: two by two on a phone. */
  four?: boolean;
}) {
  return (
    <div className={`rec-segments${four ? ' rec-segments--four' : ''}`} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="rec-segment"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.text}
        </button>
      ))}
    </div>
  );
}
