import { useState } from 'react';
import type { StaffListEntry } from '../../../domain/staff.ts';
import { formatPhone } from '../format.ts';
import { LoadFailed, Outcome } from '../records-ui.tsx';
import { AddStaffForm } from './AddStaffForm.tsx';
import { ConfirmRemove } from './ConfirmRemove.tsx';
import { NewNumberForm } from './NewNumberForm.tsx';
import type { StaffList } from './use-staff-list.ts';

/** Everyone who can sign in to the staff area (`useStaffList`), with add, remove and change of number. */
export function StaffMembers({ staff }: { staff: StaffList }) {
  return (
    <section className="mgmt-card" aria-labelledby="staff-title">
      {staff.proofDialog}
      <h2 id="staff-title">Staff</h2>
      <p>
        Everyone here can sign in to the staff area with their mobile number. Adding, removing or changing a number asks
        you to confirm it is you, and everyone here is told.
      </p>
      <Outcome outcome={staff.said} />
      {staff.failed ? (
        <LoadFailed what="the staff list" error={staff.failed.error} onRetry={staff.failed.retry} />
      ) : null}
      {staff.staff === null ? (
        staff.failed ? null : (
          <p>Loading the staff list…</p>
        )
      ) : (
        <ul className="mgmt-list" aria-label="Staff members">
          {staff.staff.map((member) => (
            <StaffMember key={member._id} member={member} staff={staff} />
          ))}
        </ul>
      )}
      <AddStaffForm staff={staff} />
    </section>
  );
}

function StaffMember({ member, staff }: { member: StaffListEntry; staff: StaffList }) {
  const [renumbering, setRenumbering] = useState(false);
  const who = member.name ?? 'this member';
  return (
    <li>
      <span className="mgmt-who">
        <strong>
          {member.name ?? 'No name'}
          {member.you ? <span className="mgmt-badge">you</span> : null}
        </strong>
        <span className="mgmt-meta">
          {member.phone ? formatPhone(member.phone) : 'no number'} ·{' '}
          {member.passkeys === 1 ? '1 passkey' : `${member.passkeys} passkeys`}
        </span>
      </span>
      {renumbering ? (
        <NewNumberForm member={member} staff={staff} onClose={() => setRenumbering(false)} />
      ) : (
        <button
          type="button"
          className="link-button"
          onClick={() => setRenumbering(true)}
          aria-label={`Change the number of ${who}`}
        >
          Change number
        </button>
      )}
      {member.you ? null : (
        <ConfirmRemove
          label={`Remove ${who} from the staff`}
          question={<>Remove {member.name}?</>}
          yes="Yes, remove"
          keep="Keep"
          onRemove={() => void staff.remove(member)}
        />
      )}
    </li>
  );
}
