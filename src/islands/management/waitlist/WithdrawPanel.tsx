import type { FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import type { StaffWaitlistEntry } from '../../../domain/staff-waitlist.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';

/**
 * "Take off the list", asked twice: for a caller who phoned to say stop. An open offer is declined
 * with it, so the offer job passes the time on (docs/decisions/086).
 */
export function WithdrawPanel({
  request: r,
  onCancel,
  onDone,
}: {
  request: StaffWaitlistEntry;
  onCancel(): void;
  onDone(text: string): void;
}) {
  const submit = useSubmit('The request could not be taken off the list.');
  const withdraw = (e: FormEvent) => {
    e.preventDefault();
    void submit.run(
      () => staffCall(apiRoutes.staffWaitlistWithdraw, { params: { id: r.id }, body: {} }),
      () => onDone(`Took ${r.dog.name} (${r.contactName}) off the waitlist.`),
    );
  };
  return (
    <form className="sched-form" onSubmit={withdraw}>
      <p>
        Take {r.dog.name} off the waitlist? {r.contactName} will not be offered times any more
        {r.openOffer ? ', and the open offer is withdrawn' : ''}.
      </p>
      <FormActions submit={submit} label="Yes, take off the list" busyLabel="Taking off…" danger onCancel={onCancel} />
    </form>
  );
}
