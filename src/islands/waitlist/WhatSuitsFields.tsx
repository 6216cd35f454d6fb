import { TextField } from '../forms/TextField.tsx';
import { ChipChoices } from './ChipChoices.tsx';
import type { WaitlistAnswers } from './join-request.ts';

/** What suits, as the owner's join form and the staff's caller form ask it. */
export type WhatSuitsAnswers = Pick<WaitlistAnswers, 'from' | 'to' | 'weekdays' | 'parts'>;

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What suits a waitlist request: the days from and to, the days of the week and the parts of the day. */
export function WhatSuitsFields({
  form,
  set,
  issues,
  lookingAt,
  lastDay,
}: {
  form: WhatSuitsAnswers;
  set(change: Partial<WhatSuitsAnswers>): void;
  issues: Record<string, string>;
  lookingAt: string;
  /** The last bookable day, when the calendar has shown it. */
  lastDay: string | undefined;
}) {
  return (
    <>
      <div className="waitlist-dates">
        <TextField
          id="wl-from"
          label="From"
          type="date"
          value={form.from}
          min={lookingAt}
          max={lastDay}
          onChange={(from) => set({ from })}
          message={issues.from}
        />
        <TextField
          id="wl-to"
          label="To"
          type="date"
          value={form.to}
          min={form.from}
          max={lastDay}
          onChange={(to) => set({ to })}
          message={issues.to}
        />
      </div>
      <ChipChoices
        id="wl-days"
        label="Days of the week"
        options={DAYS.map((label, i) => ({ value: i + 1, label, name: DAY_NAMES[i] }))}
        value={form.weekdays}
        onChange={(weekdays) => set({ weekdays })}
        message={issues.weekdays}
      />
      <ChipChoices
        id="wl-parts"
        label="Time of day"
        options={[
          { value: 'morning', label: 'Morning' },
          { value: 'afternoon', label: 'Afternoon' },
        ]}
        value={form.parts}
        onChange={(parts) => set({ parts })}
        message={issues.parts}
      />
    </>
  );
}
