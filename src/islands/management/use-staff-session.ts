import { useSyncExternalStore } from 'react';
import { staffSession, type StaffSession } from '../../client/staff-session.ts';

/**
 * The signed-in staff member, or null until the management guard has let the visitor in. Every
 * management page island starts with it and renders (and asks the API for) nothing while it is null
 * (docs/decisions/056-the-management-shell.md).
 */
export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(
    (changed) => staffSession.listen(changed),
    () => staffSession.get(),
    () => null,
  );
}
