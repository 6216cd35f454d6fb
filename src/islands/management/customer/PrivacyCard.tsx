import { useRef, type SyntheticEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import type { CustomerRecord } from '../../../domain/customer-records.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { saveFile } from '../records-ui.tsx';
import { EraseDialog } from './EraseDialog.tsx';

/** Their data under UK GDPR: the export to send them, and erasing the record when they ask to be forgotten. */
export function PrivacyCard({ customer: c, onErased }: { customer: CustomerRecord; onErased(text: string): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const exporting = useSubmit('something went wrong');
  const exportRecord = (event: SyntheticEvent) => {
    event.preventDefault();
    void exporting.run(
      async () => {
        const answer = await staffCall(apiRoutes.customerExport, { params: { id: c._id } });
        return answer.error === null
          ? answer
          : { ...answer, error: `We could not export the record: ${answer.error || 'something went wrong'}` };
      },
      (data) => saveFile(`customer-${c._id}.json`, JSON.stringify(data, null, 2), 'application/json'),
    );
  };

  return (
    <section className="mgmt-card rec-privacy" aria-labelledby="privacy-title">
      <h2 id="privacy-title">Their data (UK GDPR)</h2>
      <p>
        When someone asks for what we hold about them, export it and send them the file. When they ask to be forgotten,
        erase the record.
      </p>
      <form onSubmit={exportRecord}>
        <FormActions submit={exporting} label="Export their data" busyLabel="Exporting…">
          <button type="button" className="ibutton rec-danger-button" onClick={() => dialog.current?.showModal()}>
            Erase this customer…
          </button>
        </FormActions>
      </form>
      <EraseDialog dialog={dialog} customer={c} onErased={onErased} />
    </section>
  );
}
