import { useEffect, type RefObject, type SyntheticEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { ErasedSchema, type CustomerRecord } from '../../../domain/customer-records.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';

/**
 * "Erase {name}?": what goes, what the accounts keep, and upcoming appointments to cancel first. The
 * owner opens it with `dialog.current.showModal()`.
 */
export function EraseDialog({
  dialog,
  customer: c,
  onErased,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  customer: CustomerRecord;
  onErased(text: string): void;
}) {
  const erasing = useSubmit('We could not erase the record');
  const { clear } = erasing;
  useEffect(() => {
    // Each opening starts without the last attempt's problem.
    const element = dialog.current;
    element?.addEventListener('close', clear);
    return () => element?.removeEventListener('close', clear);
  }, [dialog, clear]);
  const upcoming = c.totals.upcoming;
  const erase = (event: SyntheticEvent) => {
    event.preventDefault();
    void erasing.run(
      () =>
        staffCall(apiRoutes.eraseCustomer, { params: { id: c._id }, body: { confirm: 'erase' }, schema: ErasedSchema }),
      (r) => {
        dialog.current?.close();
        onErased(
          `${c.name ?? 'The customer'} has been erased: ${r.dogs} ${r.dogs === 1 ? 'dog' : 'dogs'} and ${r.messages} messages deleted, ${r.waitlistRequests ? `${r.waitlistRequests} waitlist ${r.waitlistRequests === 1 ? 'request' : 'requests'} withdrawn, ` : ''}${r.visitsKept} bookings kept for the accounts without their name.`,
        );
      },
    );
  };

  return (
    <dialog ref={dialog} className="rec-dialog" aria-labelledby="erase-title" aria-describedby="erase-what">
      <h2 id="erase-title">Erase {c.name ?? 'this customer'}?</h2>
      <div id="erase-what">
        <p>
          This cannot be undone. We delete their name, number, e-mail, notes,{' '}
          {c.dogs.length === 1 ? 'their dog' : `their ${c.dogs.length} dogs`}, the messages we sent them and their
          sign-ins, and withdraw their waitlist requests.
        </p>
        <p>
          <strong>Kept for the accounts:</strong> each booking's date, service, prices, deposit, refunds and what was
          paid in the shop, with no name attached, as HMRC asks us to keep them for six years.
        </p>
        {upcoming ? (
          <p className="mgmt-notice mgmt-notice--reason">
            They have {upcoming} upcoming {upcoming === 1 ? 'appointment' : 'appointments'}: cancel{' '}
            {upcoming === 1 ? 'it' : 'them'} on the <a href="/management/schedule">Schedule</a> first.
          </p>
        ) : null}
      </div>
      <form onSubmit={erase}>
        <FormActions
          submit={erasing}
          label="Yes, erase them"
          busyLabel="Erasing…"
          danger
          disabled={upcoming > 0}
          onCancel={() => dialog.current?.close()}
          cancelLabel="Keep the record"
        />
      </form>
    </dialog>
  );
}
