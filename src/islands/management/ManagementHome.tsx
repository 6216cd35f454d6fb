import { DashboardPanel } from './DashboardPanel.tsx';
import { useDashboard } from './dashboard/use-dashboard.ts';
import { Passkeys } from './home/Passkeys.tsx';
import { SignedIn } from './home/SignedIn.tsx';
import { StaffMembers } from './home/StaffMembers.tsx';
import { usePasskeys } from './home/use-passkeys.ts';
import { useSignedIn } from './home/use-signed-in.ts';
import { useStaffList } from './home/use-staff-list.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { usePartsInOrder } from './use-parts-in-order.ts';
import { useStaffSession } from './use-staff-session.ts';
import './management.css';

/**
 * /management, the dashboard: who is signed in, today and tomorrow at a glance and the week's
 * figures (DashboardPanel, docs/decisions/060); below them this staff member's passkeys, and the
 * staff list with add and remove.
 */
export default function ManagementHome() {
  const session = useStaffSession();
  if (!session) return null;
  return <Home />;
}

/**
 * Everything is asked for at once and shown top to bottom (`usePartsInOrder`): the top once who is
 * signed in and the dashboard have answered, the team once the passkeys and the staff list have
 * too. A part that answers first never appears above one still loading, so nothing moves.
 */
function Home() {
  const signedIn = useSignedIn();
  const dashboard = useDashboard();
  const passkeys = usePasskeys();
  const staff = useStaffList();
  const shown = usePartsInOrder([
    signedIn.answered && Boolean((dashboard.figures && dashboard.days) || dashboard.error),
    Boolean(passkeys.passkeys || passkeys.failed) && Boolean(staff.staff || staff.failed),
  ]);
  return (
    <ManagementPage title="Dashboard">
      {shown >= 1 ? (
        <>
          <SignedIn me={signedIn.me} />
          <DashboardPanel dashboard={dashboard} />
        </>
      ) : null}
      {shown >= 2 ? (
        <>
          <h2 className="dash-section">Your sign-in and the team</h2>
          <div className="mgmt-grid">
            <Passkeys list={passkeys} />
            <StaffMembers staff={staff} />
          </div>
        </>
      ) : (
        // Keyed by what it waits for: a new line where the next part will be, not this one moved down.
        <p key={shown} role="status" className="sched-loading">
          {shown === 0 ? 'Loading today and the week’s figures…' : 'Loading your passkeys and the staff list…'}
        </p>
      )}
    </ManagementPage>
  );
}
