import { useState, type ReactNode } from 'react';
import type { ApiResult } from '../../../client/api.ts';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import {
  AddStaffResponseSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  type StaffListEntry,
} from '../../../domain/staff.ts';
import { useFreshProof } from '../FreshProof.tsx';
import { useStaffRoute } from '../records-ui.tsx';
import type { Said } from './use-passkeys.ts';

type Member = { member: StaffListEntry };

export interface StaffList {
  staff: StaffListEntry[] | null;
  failed: { error: string; retry(): void } | null;
  said: Said | null;
  /** The "Confirm it is you" dialog, while a change waits for it (docs/decisions/070). */
  proofDialog: ReactNode;
  add(member: { name: string; phone: string }): Promise<ApiResult<Member>>;
  changeNumber(member: StaffListEntry, phone: string): Promise<ApiResult<Member>>;
  remove(member: StaffListEntry): Promise<void>;
  /** A change went through: say so and show the list as it is now. */
  changed(text: string): void;
  quiet(): void;
}

/** The staff list and its three changes, each sent with a fresh proof when the server asks for one. */
export function useStaffList(): StaffList {
  const list = useStaffRoute(apiRoutes.staffList, { schema: StaffListResponseSchema });
  const [said, setSaid] = useState<Said | null>(null);
  const { withFreshProof, proofDialog } = useFreshProof();

  const changed = (text: string) => {
    setSaid({ ok: true, text });
    list.reload();
  };
  const remove = async (member: StaffListEntry) => {
    const removed = await withFreshProof(() => staffCall(apiRoutes.removeStaff, { params: { id: member._id } }));
    setSaid(
      removed.error
        ? { ok: false, text: removed.error }
        : { ok: true, text: `${member.name ?? 'They'} can no longer sign in.` },
    );
    list.reload();
  };

  return {
    staff: list.data?.staff ?? null,
    failed: list.error ? { error: list.error, retry: list.reload } : null,
    said,
    proofDialog,
    add: (member) =>
      withFreshProof(() => staffCall(apiRoutes.addStaff, { body: member, schema: AddStaffResponseSchema })),
    changeNumber: (member, phone) =>
      withFreshProof(() =>
        staffCall(apiRoutes.changeStaffPhone, {
          params: { id: member._id },
          body: { phone },
          schema: StaffMemberResponseSchema,
        }),
      ),
    remove,
    changed,
    quiet: () => setSaid(null),
  };
}
