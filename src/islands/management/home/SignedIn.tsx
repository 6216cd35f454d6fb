import { useState } from 'react';
import { callApi } from '../../../client/api.ts';
import { forgetStaffSignIn } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { MANAGEMENT_LOGIN } from '../../../domain/management-guard.ts';
import type { StaffMemberView } from '../../../domain/staff.ts';
import { InteractiveButton } from '../../forms/InteractiveButton.tsx';
import { formatPhone } from '../format.ts';

/** Who is signed in on this device (`useSignedIn`), and the way out. */
export function SignedIn({ me }: { me: StaffMemberView | null }) {
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    // Revoked on the server; whatever it answers (a key it no longer takes included), this device
    // forgets the key: so the plain client, not staffCall, whose 401 would go to the login page first.
    await callApi(apiRoutes.staffSignOut, {});
    forgetStaffSignIn();
    location.replace(MANAGEMENT_LOGIN);
  };

  return (
    <div className="mgmt-signed-in">
      <p>
        {me ? (
          <>
            Signed in as <strong>{me.name ?? 'staff'}</strong>
            {me.phone ? <> ({formatPhone(me.phone)})</> : null}.
          </>
        ) : (
          'Signed in.'
        )}
      </p>
      <InteractiveButton
        variant="ghost"
        status={signingOut ? 1 : 0}
        statusText="Signing out…"
        onClick={() => void signOut()}
      >
        Sign out
      </InteractiveButton>
    </div>
  );
}
