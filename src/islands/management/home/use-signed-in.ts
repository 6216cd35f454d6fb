import { useEffect, useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { StaffSessionResponseSchema, type StaffMemberView } from '../../../domain/staff.ts';

/** Who is signed in on this device (null when the server did not say), and whether it has answered yet. */
export function useSignedIn(): { me: StaffMemberView | null; answered: boolean } {
  const [state, setState] = useState<{ me: StaffMemberView | null; answered: boolean }>({
    me: null,
    answered: false,
  });
  useEffect(() => {
    void staffCall(apiRoutes.staffSession, { schema: StaffSessionResponseSchema }).then((result) =>
      setState({ me: result.data?.staff ?? null, answered: true }),
    );
  }, []);
  return state;
}
