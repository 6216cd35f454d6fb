import { useEffect } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { CustomerSavedSchema, type CustomerRecord } from '../../../domain/customer-records.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextArea, TextField } from '../../forms/TextField.tsx';
import { formatDay, formatPhone } from '../format.ts';
import { checkContact, contactFormOf, loadPhoneCheck, offersLine, reviewRequestLine } from './contact-form.ts';
import { EditableCard } from './EditableCard.tsx';
import type { Saved } from './saved.ts';
import { useRecordForm } from './use-record-form.ts';

/** The record's contact details, offers consent and the team's notes; editable unless erased. */
export function ContactCard({ customer: c, onSaved }: { customer: CustomerRecord; onSaved: Saved }) {
  return (
    <EditableCard
      id="contact-title"
      title="Contact details"
      locked={c.erasedAt !== null}
      form={(close) => (
        <ContactEditor
          customer={c}
          onCancel={close}
          onSaved={(saved) => {
            close();
            onSaved(saved, 'Contact details saved.');
          }}
        />
      )}
    >
      <dl className="rec-facts">
        <div>
          <dt>Mobile</dt>
          <dd>
            {c.phone ? (
              <>
                <a href={`tel:${c.phone}`}>{formatPhone(c.phone)}</a>
                {c.verified ? <span className="mgmt-badge">proved</span> : null}
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : '—'}</dd>
        </div>
        <div>
          <dt>Offers</dt>
          <dd>{offersLine(c)}</dd>
        </div>
        {reviewRequestLine(c) && (
          <div>
            <dt>Review request</dt>
            <dd>{reviewRequestLine(c)}</dd>
          </div>
        )}
        <div>
          <dt>Customer since</dt>
          <dd>{formatDay(c.createdAt)}</dd>
        </div>
        <div className="rec-notes">
          <dt>Notes</dt>
          <dd>{c.notes || 'No notes yet.'}</dd>
        </div>
      </dl>
    </EditableCard>
  );
}

function ContactEditor({
  customer: c,
  onSaved,
  onCancel,
}: {
  customer: CustomerRecord;
  onSaved(c: CustomerRecord): void;
  onCancel(): void;
}) {
  const { text, box, submit, save } = useRecordForm({
    initial: () => contactFormOf(c),
    check: checkContact,
    send: (body) => staffCall(apiRoutes.saveCustomer, { params: { id: c._id }, body, schema: CustomerSavedSchema }),
    onSaved,
  });
  // The number's check comes with the form (docs/decisions/054), so Save never waits for it.
  useEffect(() => void loadPhoneCheck().catch(() => undefined), []);
  return (
    <form className="rec-form" onSubmit={save} noValidate>
      <TextField label="Name" maxLength={80} autoComplete="off" {...text('name')} />
      <TextField label="Mobile" type="tel" optional autoComplete="off" {...text('phone')} />
      <TextField label="E-mail" type="email" optional autoComplete="off" {...text('email')} />
      <TextArea label="Notes for the team" optional maxLength={2000} {...text('notes')} />
      <Checkbox {...box('marketingConsent')}>Happy to receive offers</Checkbox>
      <FormActions submit={submit} label="Save" busyLabel="Saving…" onCancel={onCancel} />
    </form>
  );
}
