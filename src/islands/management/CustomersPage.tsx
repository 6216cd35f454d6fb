import { ComingNext, ManagementPage } from './ManagementPage.tsx';
import { useStaffSession } from './use-staff-session.ts';

/** /management/customers: a guarded, empty page for the next issue to fill. */
export default function CustomersPage() {
  const session = useStaffSession();
  if (!session) return null;
  return (
    <ManagementPage title="Customers">
      <ComingNext>Looking up a customer and their dogs comes here next.</ComingNext>
    </ManagementPage>
  );
}
