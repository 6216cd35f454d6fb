import type { ReactNode } from 'react';
import type { DashboardResponse } from '../../../domain/dashboard.ts';
import { formatPence } from '../../../domain/money.ts';
import { figureLength } from '../figure-length.ts';
import { appointments, appointmentsValueWords, refilledWords, takingsSoFar } from './figures.ts';

/**
 * This week at a glance: takings so far (money that moved, as Finances counts it), the value of the
 * week's appointments (a second figure, not takings), deposits held, no-shows, what is not marked yet today, and
 * the tables the waitlist refilled.
 */
export function WeekTiles({ figures }: { figures: DashboardResponse }) {
  const takings = takingsSoFar(figures);
  const refilled = refilledWords(figures);
  const value = appointmentsValueWords(figures);
  const { depositsHeld, noShows, today } = figures;
  return (
    <ul className="dash-tiles" aria-label="This week at a glance">
      <Tile
        label="Takings this week so far"
        value={takings.soFar}
        note={
          <span className="dash-tile__note" data-direction={takings.direction}>
            {takings.note}
          </span>
        }
      />
      <Tile
        label="Value of this week’s appointments"
        value={value.value}
        note={<span className="dash-tile__note">{value.note}</span>}
      />
      <Tile
        label="Deposits held"
        value={formatPence(depositsHeld.pence)}
        note={<span className="dash-tile__note">for {appointments(depositsHeld.appointments)} to come</span>}
      />
      <Tile
        label="No-shows this week"
        value={noShows.thisWeek}
        note={
          <span className="dash-tile__note">
            {noShows.lastWeek} last week · {noShows.last28Days.noShows} of {noShows.last28Days.appointments} in 28 days
          </span>
        }
      />
      <Tile
        label="Not marked yet today"
        value={noShows.unmarkedToday}
        attention={noShows.unmarkedToday > 0}
        note={
          <span className="dash-tile__note">
            {noShows.unmarkedToday ? (
              <a href={`/management/schedule?day=${today}`}>Mark them on the schedule</a>
            ) : (
              'Every past appointment is marked'
            )}
          </span>
        }
      />
      <Tile
        label="Refilled from the waitlist this week"
        value={refilled.value}
        note={<span className="dash-tile__note">{refilled.note}</span>}
      />
    </ul>
  );
}

function Tile({
  label,
  value,
  note,
  attention,
}: {
  label: string;
  value: ReactNode;
  note: ReactNode;
  attention?: boolean;
}) {
  return (
    <li className="dash-tile" data-attention={attention ? 'true' : undefined}>
      <span className="dash-tile__label">{label}</span>
      <strong className="dash-tile__value" data-length={figureLength(String(value))}>
        {value}
      </strong>
      {note}
    </li>
  );
}
