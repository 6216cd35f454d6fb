import * as apiRoutes from '../../domain/staff-api-routes.ts';
import { StaffExtrasResponseSchema } from '../../domain/extras-catalogue.ts';
import { ShopSettingsSchema } from '../../domain/shop-settings.ts';
import { formatWhen } from './format.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { LoadFailed, Outcome, useStaffRoute } from './records-ui.tsx';
import { signedInOnly, useOutcome } from './records-page.tsx';
import { ChangesPanel } from './settings/ChangesPanel.tsx';
import { CheckInPanel } from './settings/CheckInPanel.tsx';
import { ClosuresPanel } from './settings/ClosuresPanel.tsx';
import { ExtrasPanel } from './settings/ExtrasPanel.tsx';
import { NoShowPanel } from './settings/NoShowPanel.tsx';
import { RulesPanel } from './settings/RulesPanel.tsx';
import { ServicesPanel } from './settings/ServicesPanel.tsx';
import { WaitlistPanel } from './settings/WaitlistPanel.tsx';
import './settings/settings.css';

/** /management/settings: services and prices, extras, the booking rules, closed days, the waitlist; every change audited by the server. */
export default signedInOnly(Settings);

function Settings() {
  const shop = useStaffRoute(apiRoutes.settings, { schema: ShopSettingsSchema });
  // Loaded beside the settings and shown with them, so no panel moves when the extras arrive.
  const extras = useStaffRoute(apiRoutes.staffExtras, { schema: StaffExtrasResponseSchema });
  const outcome = useOutcome(shop.reload);
  const s = shop.data;
  if (!s || (extras.loading && !extras.data)) {
    return (
      <ManagementPage title="Settings">
        {shop.error ? (
          <LoadFailed what="the settings" error={shop.error} onRetry={shop.reload} />
        ) : (
          <p role="status">Loading the settings…</p>
        )}
      </ManagementPage>
    );
  }
  const last = s.changes[0];
  return (
    <ManagementPage
      title="Settings"
      lead={
        <>
          Changes show on the website straight away.{' '}
          {last ? (
            <>
              Last changed by <strong>{last.who ?? 'a former staff member'}</strong> on {formatWhen(last.at)}.
            </>
          ) : null}{' '}
          The staff list is on the <a href="/management">Dashboard</a>.
        </>
      }
    >
      <Outcome outcome={outcome.said} />
      <ServicesPanel services={s.services} limits={s.settings.sizeLimitsKg} onDone={outcome.onDone} />
      <ExtrasPanel extras={extras} services={s.services} onDone={outcome.onDone} />
      <div className="mgmt-grid rec-wide">
        <RulesPanel shop={s} onDone={outcome.onDone} />
        <div className="rec-stack">
          <ClosuresPanel shop={s} onDone={outcome.onDone} onFailed={outcome.onFailed} />
          <NoShowPanel shop={s} onDone={outcome.onDone} />
          <WaitlistPanel shop={s} onDone={outcome.onDone} />
          <CheckInPanel shop={s} onDone={outcome.onDone} />
          <ChangesPanel changes={s.changes} />
        </div>
      </div>
    </ManagementPage>
  );
}
