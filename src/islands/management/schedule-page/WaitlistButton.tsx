import { shortDate } from '../format.ts';

/**
 * "Waitlist (3)": how many wait on a day, opening its waitlist. `withDate` names the day for a
 * screen reader where several days' buttons sit side by side (the week); the visible words stay in
 * the name.
 */
export function WaitlistButton({
  date,
  count,
  withDate,
  onOpen,
}: {
  date: string;
  count: number;
  withDate?: boolean;
  onOpen(date: string): void;
}) {
  const label = `Waitlist (${count})`;
  return (
    <button
      type="button"
      className="sched-button sched-button--ghost sched-waitlist"
      aria-label={withDate ? `${label} for ${shortDate(date)}` : undefined}
      onClick={() => onOpen(date)}
    >
      {label}
    </button>
  );
}
