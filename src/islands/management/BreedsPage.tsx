import { ComingNext, ManagementPage } from './ManagementPage.tsx';
import { useStaffSession } from './use-staff-session.ts';

/** /management/cms/breeds: a guarded, empty page for the next issue to fill. */
export default function BreedsPage() {
  const session = useStaffSession();
  if (!session) return null;
  return (
    <ManagementPage title="Breeds">
      <ComingNext>Editing the breeds the booking form offers comes here next.</ComingNext>
    </ManagementPage>
  );
}
