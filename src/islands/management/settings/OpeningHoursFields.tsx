import { WEEKDAYS, type Weekday } from '../../../domain/booking-settings.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { DAY_NAMES, type DayHours, type RulesForm } from './rules-form.ts';

/** A week of opening hours: each day open or closed, and its times in quarter hours. */
export function OpeningHoursFields({
  hours,
  onChange,
  bankHolidays,
  onBankHolidays,
}: {
  hours: RulesForm['hours'];
  onChange(day: Weekday, change: Partial<DayHours>): void;
  bankHolidays: boolean;
  onBankHolidays(closed: boolean): void;
}) {
  return (
    <fieldset className="rec-fieldset">
      <legend>Opening hours</legend>
      {WEEKDAYS.map((d) => (
        <div className="rec-hours" key={d}>
          <Checkbox
            id={`hours-${d}`}
            required={false}
            checked={hours[d].open}
            onChange={(open) => onChange(d, { open })}
          >
            {DAY_NAMES[d]}
          </Checkbox>
          {hours[d].open ? (
            <>
              <Time
                id={`hours-${d}-opens`}
                label={`${DAY_NAMES[d]} opens`}
                value={hours[d].opens}
                onChange={(opens) => onChange(d, { opens })}
              />
              <span aria-hidden="true">to</span>
              <Time
                id={`hours-${d}-closes`}
                label={`${DAY_NAMES[d]} closes`}
                value={hours[d].closes}
                onChange={(closes) => onChange(d, { closes })}
              />
            </>
          ) : (
            <span className="mgmt-meta">Closed</span>
          )}
        </div>
      ))}
      <Checkbox id="bank-holidays" required={false} checked={bankHolidays} onChange={onBankHolidays}>
        Closed on bank holidays
      </Checkbox>
    </fieldset>
  );
}

function Time({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(v: string): void }) {
  return (
    <TextField
      id={id}
      type="time"
      step={900}
      label={<span className="visually-hidden">{label}</span>}
      value={value}
      onChange={onChange}
    />
  );
}
