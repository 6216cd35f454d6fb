import { DashboardPanel } from './DashboardPanel.tsx';
import { Passkeys } from './home/Passkeys.tsx';
import { SignedIn } from './home/SignedIn.tsx';
import { StaffMembers } from './home/StaffMembers.tsx';
import { ManagementPage } from './ManagementPage.tsx';
import { useStaffSession } from './use-staff-session.ts';
import './management.css';

/**
 * /management, the dashboard: today and tomorrow at a glance and the week's figures
 * (DashboardPanel, docs/decisions/060); below them who is signed in, this staff member's passkeys,
 * and the staff list with add and remove.
 */
export default function ManagementHome() {
  const session = useStaffSession();
  if (!session) return null;
  return (
    <ManagementPage title="Dashboard">
      <SignedIn />
      <DashboardPanel />
      <h2 className="dash-section">Your sign-in and the team</h2>
      <div className="mgmt-grid">
        <Passkeys />
        <StaffMembers />
      </div>
    </ManagementPage>
  );
}
