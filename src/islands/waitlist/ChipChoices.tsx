import { Field } from '../forms/Field.tsx';

/** Several of a few choices (days of the week, parts of the day) as chips: checkboxes drawn as the kit's chips. */
export function ChipChoices<T extends string | number>({
  id,
  label,
  options,
  value,
  onChange,
  message,
}: {
  id: string;
  label: string;
  options: ReadonlyArray<{ value: T; label: string; name?: string }>;
  value: readonly T[];
  onChange(value: T[]): void;
  message?: string | undefined;
}) {
  return (
    <Field id={id} label={label} group="group" message={message}>
      <div className="radios radios--chips">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const checked = value.includes(option.value);
          return (
            <label key={option.value} className="radio" htmlFor={optionId} data-checked={checked ? 'true' : undefined}>
              <input
                id={optionId}
                type="checkbox"
                className="radio-input"
                checked={checked}
                aria-label={option.name}
                onChange={() => onChange(checked ? value.filter((v) => v !== option.value) : [...value, option.value])}
              />
              <span className="radio-body">
                <span className="radio-label">{option.label}</span>
              </span>
            </label>
          );
        })}
      </div>
    </Field>
  );
}
