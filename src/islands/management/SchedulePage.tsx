import { ComingNext, ManagementPage } from './ManagementPage.tsx';
import { useStaffSession } from './use-staff-session.ts';

/** /management/schedule: a guarded, empty page for the next issue to fill. */
export default function SchedulePage() {
  const session = useStaffSession();
  if (!session) return null;
  return (
    <ManagementPage title="Schedule">
      <ComingNext>The day's appointments, with moving and cancelling, come here next.</ComingNext>
    </ManagementPage>
  );
}
