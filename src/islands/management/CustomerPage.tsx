import { useState } from 'react';
import * as apiRoutes from '../../domain/staff-api-routes.ts';
import { CustomerRecordSchema, type CustomerRecord } from '../../domain/customer-records.ts';
import { ContactCard } from './customer/ContactCard.tsx';
import { customerIdFrom } from './customer/customer-id.ts';
import { DogPanel } from './customer/DogPanel.tsx';
import { History } from './customer/History.tsx';
import { MergeCard } from './customer/MergeCard.tsx';
import { PrivacyCard } from './customer/PrivacyCard.tsx';
import { RecordTotals } from './customer/RecordTotals.tsx';
import { StrikesCard } from './customer/StrikesCard.tsx';
import { ManagementPage } from './ManagementPage.tsx';
import { LoadFailed, Outcome, useStaffRoute } from './records-ui.tsx';
import { useStaffSession } from './use-staff-session.ts';

/** /management/customer/{_id}: one customer's record, read from the address (customer/customer-id.ts). */
export default function CustomerPage() {
  const session = useStaffSession();
  if (!session) return null;
  const id = customerIdFrom(location.pathname);
  if (!id) {
    return (
      <ManagementPage title="Customer">
        <div className="mgmt-placeholder">
          <p>
            No customer is named in this address. <a href="/management/customers">Find a customer</a>.
          </p>
        </div>
      </ManagementPage>
    );
  }
  return <Customer id={id} />;
}

const BACK = (
  <p className="rec-back">
    <a href="/management/customers">← Customers</a>
  </p>
);

function Customer({ id }: { id: string }) {
  const record = useStaffRoute(apiRoutes.customer, { params: { id }, schema: CustomerRecordSchema });
  const [said, setSaid] = useState<{ ok: true; text: string } | null>(null);
  const [erased, setErased] = useState<string | null>(null);
  const c = record.data;
  const saved = (customer: CustomerRecord, text: string) => {
    record.set(customer);
    setSaid({ ok: true, text });
  };

  if (erased) {
    return (
      <ManagementPage title="Customer erased">
        <div className="mgmt-notice mgmt-notice--ok" role="status">
          <p>{erased}</p>
        </div>
        <p>
          <a href="/management/customers">Back to customers</a>
        </p>
      </ManagementPage>
    );
  }
  if (!c) {
    return (
      <ManagementPage title="Customer">
        {BACK}
        {record.error ? (
          <LoadFailed what="this customer" error={record.error} onRetry={record.reload} />
        ) : (
          <p role="status">Loading the customer…</p>
        )}
      </ManagementPage>
    );
  }
  const gone = c.erasedAt !== null;
  return (
    <ManagementPage title={c.name ?? (gone ? 'Erased customer' : 'No name given')}>
      {BACK}
      <RecordTotals customer={c} />
      <Outcome outcome={said} />
      <div className="mgmt-grid">
        <ContactCard customer={c} onSaved={saved} />
        {c.dogs.map((dog) => (
          <DogPanel key={dog._id} customerId={c._id} dog={dog} onSaved={saved} />
        ))}
        {gone ? null : <StrikesCard customerId={c._id} />}
        {c.sameContact.length && !gone ? <MergeCard self={c} others={c.sameContact} onMerged={saved} /> : null}
      </div>
      <History customer={c} />
      {gone ? null : <PrivacyCard customer={c} onErased={setErased} />}
    </ManagementPage>
  );
}
