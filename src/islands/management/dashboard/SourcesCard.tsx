import { conversionPercent, type DashboardResponse } from '../../../domain/dashboard.ts';
import { shortDate } from '../format.ts';
import { FiguresTable } from './FiguresTable.tsx';

const CHANNEL_NAMES = {
  'google ads': 'Google Ads',
  'facebook ads': 'Facebook Ads',
  direct: 'Direct',
  other: 'Other',
} as const;

/** Where bookings came from: visits, online bookings and conversion by channel, and the rest in words. */
export function SourcesCard({ sources }: { sources: DashboardResponse['sources'] }) {
  return (
    <section className="mgmt-card dash-sources" aria-labelledby="dash-sources">
      <h2 id="dash-sources">Where bookings came from</h2>
      <p className="dash-caption">
        Visits to the site and the online bookings made in them, since {shortDate(sources.since.slice(0, 10))}.
      </p>
      <FiguresTable
        caption="Visits, bookings and conversion by channel"
        head={['Channel', 'Visits', 'Bookings', 'Conversion']}
        rows={sources.channels.map((c) => ({
          key: c.channel,
          cells: [
            CHANNEL_NAMES[c.channel],
            c.visits,
            c.bookings,
            <Conversion key="c" percent={conversionPercent(c.visits, c.bookings)} />,
          ],
        }))}
      />
      <p className="dash-caption">
        Also {sources.byPhone} taken on the phone, and {sources.unattributed} online without a recorded visit
        (statistics declined).
      </p>
    </section>
  );
}

function Conversion({ percent }: { percent: number | null }) {
  return (
    <>
      <span className="dash-meter" aria-hidden="true">
        <span style={{ width: `${Math.min(100, (percent ?? 0) * 5)}%` }} />
      </span>
      {percent === null ? '–' : `${percent}%`}
    </>
  );
}
