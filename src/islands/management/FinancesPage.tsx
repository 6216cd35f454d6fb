import { ComingNext, ManagementPage } from './ManagementPage.tsx';
import { useStaffSession } from './use-staff-session.ts';

/** /management/finances: a guarded, empty page for the next issue to fill. */
export default function FinancesPage() {
  const session = useStaffSession();
  if (!session) return null;
  return (
    <ManagementPage title="Finances">
      <ComingNext>Takings, deposits and refunds come here next.</ComingNext>
    </ManagementPage>
  );
}
