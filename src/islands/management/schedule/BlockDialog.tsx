import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ApiResult } from '../../../client/api.ts';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { addDays, zonedDateTimeToInstant } from '../../../domain/london-time.ts';
import {
  BlockConflictsSchema,
  BlockResponseSchema,
  ScheduleResponseSchema,
  type ScheduleDay,
} from '../../../domain/schedule.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatClock, SHOP_TIME_ZONE, shortDate } from '../format.ts';
import { blockDefaults } from '../schedule-layout.ts';
import { StaffDialog } from '../StaffDialog.tsx';

const TIME_FIELDS = [
  { end: 'from', label: 'From' },
  { end: 'to', label: 'To' },
] as const;

/** A refusal for bookings in the way says which, so staff know what to move first. */
function withConflicts<T>(result: ApiResult<T>): ApiResult<T> {
  if (result.error === null) return result;
  const conflicts = BlockConflictsSchema.safeParse((result.body as { conflicts?: unknown } | null)?.conflicts);
  if (!conflicts.success || !conflicts.data.length) return result;
  const times = conflicts.data.map((c) => `${formatClock(c.start)}–${formatClock(c.end)}`).join(', ');
  return {
    ...result,
    error: `${result.error || 'The time could not be blocked.'} In the way: ${times}. Move or cancel them first, or block around them.`,
  };
}

/** Time blocked off (a closure, a holiday, a break): nobody can book it, online or on the phone. */
export function BlockDialog({
  date: initialDate,
  days,
  onClose,
  onBlocked,
}: {
  date: string;
  /** The days the schedule has loaded, with their hours. */
  days: ScheduleDay[];
  onClose: () => void;
  onBlocked: (text: string) => Promise<void>;
}) {
  const id = useId();
  const submit = useSubmit('The time could not be blocked.');
  const [date, setDate] = useState(initialDate);
  const [wholeDay, setWholeDay] = useState(false);
  const [hours, setHours] = useState(() => blockDefaults(days.find((d) => d.date === initialDate)));
  const [typed, setTyped] = useState(false);
  const [reason, setReason] = useState('');
  const { from, to } = hours;
  const typeTime = (end: keyof typeof hours, value: string) => {
    setTyped(true);
    setHours({ ...hours, [end]: value });
  };

  // Another date: its own hours (the schedule's, or asked for), until a time has been typed.
  useEffect(() => {
    if (typed || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    const known = days.find((d) => d.date === date);
    if (known) return setHours(blockDefaults(known));
    let live = true;
    void staffCall(apiRoutes.schedule, { query: { from: date, days: 1 }, schema: ScheduleResponseSchema }).then(
      (result) => {
        if (live && result.data) setHours(blockDefaults(result.data.days[0]));
      },
    );
    return () => {
      live = false;
    };
  }, [date, days, typed]);

  const block = (e: FormEvent) => {
    e.preventDefault();
    const start = zonedDateTimeToInstant(date, wholeDay ? '00:00' : from, SHOP_TIME_ZONE);
    const end = wholeDay
      ? zonedDateTimeToInstant(addDays(date, 1), '00:00', SHOP_TIME_ZONE)
      : zonedDateTimeToInstant(date, to, SHOP_TIME_ZONE);
    if (end <= start) return submit.fail('The end must be after the start.');
    void submit.run(
      async () =>
        withConflicts(
          await staffCall(apiRoutes.addBlock, {
            body: { start: start.toISOString(), end: end.toISOString(), reason: reason.trim() },
            schema: BlockResponseSchema,
          }),
        ),
      () =>
        void onBlocked(
          `${shortDate(date)} ${wholeDay ? 'all day' : `${from}–${to}`} is blocked: online booking no longer offers it.`,
        ),
    );
  };

  return (
    <StaffDialog title="Block time" onClose={onClose}>
      <form className="sched-form" onSubmit={block}>
        <p className="field-hint">
          For a closure, a holiday or a break: nobody can book this time online or on the phone.
        </p>
        <TextField id={`${id}-date`} label="Date" type="date" value={date} onChange={setDate} />
        <Checkbox id={`${id}-whole`} checked={wholeDay} onChange={setWholeDay} required={false}>
          The whole day
        </Checkbox>
        {!wholeDay ? (
          <div className="sched-fields sched-fields--two">
            {TIME_FIELDS.map(({ end, label }) => (
              <TextField
                key={end}
                id={`${id}-${end}`}
                label={label}
                type="time"
                step={300}
                value={hours[end]}
                onChange={(value) => typeTime(end, value)}
              />
            ))}
          </div>
        ) : null}
        <TextField id={`${id}-reason`} label="Reason" optional maxLength={200} value={reason} onChange={setReason} />
        <FormActions
          submit={submit}
          label="Block this time"
          busyLabel="Blocking…"
          onCancel={onClose}
          cancelLabel="Close"
        />
      </form>
    </StaffDialog>
  );
}
