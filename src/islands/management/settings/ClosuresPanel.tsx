import { type SyntheticEvent } from 'react';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { addDays, todayIn } from '../../../domain/london-time.ts';
import { ClosuresSavedSchema, type ShopSettings } from '../../../domain/shop-settings.ts';
import { staffCall } from '../../../client/staff-session.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatDate, SHOP_TIME_ZONE } from '../format.ts';
import { Card } from '../records-ui.tsx';
import type { Acting } from '../records-page.tsx';
import { useFields } from '../use-fields.ts';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** What closing a day says, with the customers already booked that day to call. */
export function closedDayText(date: string, bookingsThatDay: number): string {
  if (!bookingsThatDay) return `Closed on ${formatDate(date)}.`;
  return `Closed on ${formatDate(date)}. ${bookingsThatDay} ${plural(bookingsThatDay, 'appointment is', 'appointments are')} booked that day: please call ${plural(bookingsThatDay, 'that customer', 'those customers')}.`;
}

/** The days the shop closes ahead: open one again, or close another. */
export function ClosuresPanel({ shop, onDone, onFailed }: { shop: ShopSettings } & Acting) {
  const today = todayIn(SHOP_TIME_ZONE, new Date());
  const { values: f, field, replace } = useFields({ date: '', reason: '' });
  const submit = useSubmit('We could not close that day');
  const add = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!f.date) return submit.fail('Please choose the day to close');
    const reason = f.reason.trim();
    void submit.run(
      () =>
        staffCall(apiRoutes.addClosure, {
          body: { date: f.date, ...(reason ? { reason } : {}) },
          schema: ClosuresSavedSchema,
        }),
      (saved) => {
        replace({ date: '', reason: '' });
        onDone(closedDayText(f.date, saved.bookingsThatDay));
      },
    );
  };
  const openAgain = async (date: string) => {
    const r = await staffCall(apiRoutes.removeClosure, { params: { date }, schema: ClosuresSavedSchema });
    if (r.data) onDone(`Open again on ${formatDate(date)}.`);
    else onFailed(r.error ?? 'We could not open that day again');
  };
  return (
    <Card id="closures-title" title="Closed days">
      {shop.closures.length === 0 ? (
        <p>No days closed ahead.</p>
      ) : (
        <ul className="mgmt-list" aria-label="Closed days">
          {shop.closures.map((c) => (
            <li key={c.date}>
              <span className="mgmt-who">
                <strong>{formatDate(c.date)}</strong>
                {c.reason ? <span className="mgmt-meta">{c.reason}</span> : null}
              </span>
              <button
                type="button"
                className="link-button"
                aria-label={`Open again on ${formatDate(c.date)}`}
                onClick={() => void openAgain(c.date)}
              >
                Open again
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="rec-form" onSubmit={add} noValidate aria-label="Close a day">
        <div className="rec-pair">
          <TextField
            id="closure-date"
            label="Day to close"
            type="date"
            min={today}
            max={addDays(today, 730)}
            {...field('date')}
          />
          <TextField id="closure-reason" label="Reason" optional maxLength={200} {...field('reason')} />
        </div>
        <FormActions submit={submit} label="Close this day" busyLabel="Closing…" />
      </form>
    </Card>
  );
}
