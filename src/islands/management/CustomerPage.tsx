import { useRef, useState, type SyntheticEvent } from 'react';
import { staffApi } from '../../client/staff-session.ts';
import { COATS } from '../../domain/booking-schemas.ts';
import {
  CustomerRecordSchema,
  CustomerSavedSchema,
  ErasedSchema,
  MergeCodeSentSchema,
  MergedSchema,
  MessagesPageSchema,
  VisitsPageSchema,
  vaccinationDue,
  type CustomerRecord,
  type DogCard,
  type Message,
  type SameContact,
  type Visit,
} from '../../domain/customer-records.ts';
import { todayIn } from '../../domain/london-time.ts';
import { formatPence } from '../../domain/money.ts';
import { normaliseUkMobile } from '../../domain/phone.ts';
import { formatDate, formatDay, formatKg, formatPhone, formatWhen, SHOP_TIME_ZONE } from './format.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { Card, LoadFailed, Outcome, saveFile, useMorePages, useStaffGet } from './records-ui.tsx';
import { useStaffSession } from './use-staff-session.ts';

/**
 * /management/customer/{_id}: one static shell for every customer (netlify.toml rewrites
 * /management/customer/* here, as /b/* is); the id is read from the address.
 */
export function customerIdFrom(pathname: string): string | null {
  const id = /^\/management\/customer\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!id) return null;
  try {
    const decoded = decodeURIComponent(id);
    return /^[A-Za-z0-9_-]{1,64}$/.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

type Said = { ok: boolean; text: string } | null;

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

function Customer({ id }: { id: string }) {
  const record = useStaffGet(`/management/customers/${encodeURIComponent(id)}`, CustomerRecordSchema);
  const [said, setSaid] = useState<Said>(null);
  const [erased, setErased] = useState<string | null>(null);
  const c = record.data;
  const base = `/management/customers/${encodeURIComponent(id)}`;

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
        <p className="rec-back">
          <a href="/management/customers">← Customers</a>
        </p>
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
      <p className="rec-back">
        <a href="/management/customers">← Customers</a>
      </p>
      <dl className="rec-totals">
        <div>
          <dt>Visits</dt>
          <dd>{c.totals.visits}</dd>
        </div>
        <div>
          <dt>Upcoming</dt>
          <dd>{c.totals.upcoming}</dd>
        </div>
        <div>
          <dt>No-shows</dt>
          <dd>{c.totals.noShows}</dd>
        </div>
        <div>
          <dt>Paid in all</dt>
          <dd>{formatPence(c.totals.paidPence)}</dd>
        </div>
      </dl>
      {gone ? (
        <div className="mgmt-notice mgmt-notice--reason">
          <p>Erased on {formatDay(c.erasedAt!)}. Only the accounts' rows of their visits are kept.</p>
        </div>
      ) : null}
      <Outcome outcome={said} />
      <div className="mgmt-grid">
        <Contact customer={c} base={base} onSaved={saved} onFailed={(text) => setSaid({ ok: false, text })} />
        {c.dogs.map((dog) => (
          <Dog key={dog._id} dog={dog} base={base} onSaved={saved} onFailed={(text) => setSaid({ ok: false, text })} />
        ))}
        {c.sameContact.length && !gone ? (
          <SameContactCard
            self={c}
            others={c.sameContact}
            base={base}
            onMerged={saved}
            onFailed={(text) => setSaid({ ok: false, text })}
          />
        ) : null}
      </div>
      <div className="mgmt-grid rec-wide">
        <Visits first={c.visits} base={base} />
        <Messages first={c.messages} base={base} />
      </div>
      {gone ? null : (
        <Privacy customer={c} base={base} onErased={setErased} onFailed={(text) => setSaid({ ok: false, text })} />
      )}
    </ManagementPage>
  );
}

interface Editing {
  customer: CustomerRecord;
  base: string;
  onSaved(c: CustomerRecord, text: string): void;
  onFailed(text: string): void;
}

function Contact({ customer: c, base, onSaved }: Editing) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ name: '', phone: '', email: '', notes: '', marketingConsent: false });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const gone = c.erasedAt !== null;

  const open = () => {
    setForm({
      name: c.name ?? '',
      phone: c.phone ? formatPhone(c.phone) : '',
      email: c.email ?? '',
      notes: c.notes,
      marketingConsent: c.marketingConsent,
    });
    setProblem(null);
    setEditing(true);
  };
  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const phone = form.phone.trim() ? normaliseUkMobile(form.phone) : '';
    if (phone === null) return setProblem('Please enter a UK mobile number, like 07700 900461, or leave it empty');
    if (!form.name.trim()) return setProblem('Please enter their name');
    setBusy(true);
    const r = await staffApi(base, {
      method: 'POST',
      body: { ...form, name: form.name.trim(), email: form.email.trim(), phone },
      schema: CustomerSavedSchema,
    });
    setBusy(false);
    if (!r.data) return setProblem(r.error ?? 'We could not save that');
    setEditing(false);
    onSaved(r.data.customer, 'Contact details saved.');
  };

  return (
    <Card
      id="contact-title"
      title="Contact details"
      actions={
        gone || editing ? null : (
          <button type="button" className="ibutton ibutton--ghost" onClick={open}>
            Edit
          </button>
        )
      }
    >
      {editing ? (
        <form className="rec-form" onSubmit={(e) => void save(e)} noValidate>
          <label className="rec-field">
            <span>Name</span>
            <input
              className="input"
              value={form.name}
              maxLength={80}
              autoComplete="off"
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          </label>
          <label className="rec-field">
            <span>Mobile</span>
            <input
              className="input"
              type="tel"
              value={form.phone}
              autoComplete="off"
              onChange={(e) => setForm({ ...form, phone: e.target.value })}
            />
          </label>
          <label className="rec-field">
            <span>E-mail</span>
            <input
              className="input"
              type="email"
              value={form.email}
              autoComplete="off"
              onChange={(e) => setForm({ ...form, email: e.target.value })}
            />
          </label>
          <label className="rec-field">
            <span>Notes for the team</span>
            <textarea
              className="input"
              rows={4}
              maxLength={2000}
              value={form.notes}
              onChange={(e) => setForm({ ...form, notes: e.target.value })}
            />
          </label>
          <label className="rec-check">
            <input
              type="checkbox"
              checked={form.marketingConsent}
              onChange={(e) => setForm({ ...form, marketingConsent: e.target.checked })}
            />{' '}
            Happy to receive offers
          </label>
          {problem ? (
            <p className="field-message" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="rec-buttons">
            <button type="submit" className="ibutton ibutton--brand" disabled={busy}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="ibutton ibutton--ghost" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
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
            <dd>{c.marketingConsent ? 'Yes, by consent' : 'No'}</dd>
          </div>
          <div>
            <dt>Customer since</dt>
            <dd>{formatDay(c.createdAt)}</dd>
          </div>
          <div className="rec-notes">
            <dt>Notes</dt>
            <dd>{c.notes || 'No notes yet.'}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

function Dog({
  dog,
  base,
  onSaved,
}: {
  dog: DogCard;
  base: string;
  onSaved(c: CustomerRecord, text: string): void;
  onFailed(text: string): void;
}) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({
    weight: '',
    coat: '',
    temperament: '',
    nervous: false,
    vetName: '',
    vetPhone: '',
    vaccinations: [] as { name: string; expiresOn: string }[],
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const today = todayIn(SHOP_TIME_ZONE, new Date());
  const titleId = `dog-${dog._id}`;

  const open = () => {
    setForm({
      weight: dog.weightKg === null ? '' : String(dog.weightKg),
      coat: dog.coat ?? '',
      temperament: dog.temperament,
      nervous: dog.nervous,
      vetName: dog.vetName ?? '',
      vetPhone: dog.vetPhone ?? '',
      vaccinations: dog.vaccinations.map((v) => ({ ...v })),
    });
    setProblem(null);
    setEditing(true);
  };
  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const weightKg = form.weight.trim() ? Number(form.weight.replace(',', '.')) : undefined;
    if (weightKg !== undefined && !(weightKg >= 0.5 && weightKg <= 100))
      return setProblem('Please give the weight in kilograms, between 0.5 and 100');
    const vaccinations = form.vaccinations.filter((v) => v.name.trim() || v.expiresOn);
    if (vaccinations.some((v) => !v.name.trim() || !v.expiresOn))
      return setProblem('Each vaccination needs a name and the day it runs out');
    const body = {
      ...(weightKg !== undefined && weightKg !== dog.weightKg ? { weightKg: Math.round(weightKg * 10) / 10 } : {}),
      ...(form.coat ? { coat: form.coat } : {}),
      temperament: form.temperament,
      nervous: form.nervous,
      vetName: form.vetName.trim(),
      vetPhone: form.vetPhone.trim(),
      vaccinations: vaccinations.map((v) => ({ name: v.name.trim(), expiresOn: v.expiresOn })),
    };
    setBusy(true);
    const r = await staffApi(`${base}/dogs/${encodeURIComponent(dog._id)}`, {
      method: 'POST',
      body,
      schema: CustomerSavedSchema,
    });
    setBusy(false);
    if (!r.data) return setProblem(r.error ?? 'We could not save that');
    setEditing(false);
    onSaved(r.data.customer, `${dog.name}'s card saved.`);
  };
  const setVaccination = (i: number, change: Partial<{ name: string; expiresOn: string }>) =>
    setForm({ ...form, vaccinations: form.vaccinations.map((v, j) => (j === i ? { ...v, ...change } : v)) });

  return (
    <Card
      id={titleId}
      title={`${dog.name}${dog.nervous ? ' · nervous' : ''}`}
      actions={
        editing ? null : (
          <button type="button" className="ibutton ibutton--ghost" aria-label={`Edit ${dog.name}`} onClick={open}>
            Edit
          </button>
        )
      }
    >
      {editing ? (
        <form className="rec-form" onSubmit={(e) => void save(e)} noValidate>
          <div className="rec-pair">
            <label className="rec-field">
              <span>Weight today (kg)</span>
              <input
                className="input"
                inputMode="decimal"
                value={form.weight}
                onChange={(e) => setForm({ ...form, weight: e.target.value })}
              />
            </label>
            <label className="rec-field">
              <span>Coat</span>
              <select className="input" value={form.coat} onChange={(e) => setForm({ ...form, coat: e.target.value })}>
                <option value="">Not known</option>
                {COATS.map((coat) => (
                  <option key={coat} value={coat}>
                    {coat}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <label className="rec-field">
            <span>Temperament</span>
            <textarea
              className="input"
              rows={3}
              maxLength={500}
              value={form.temperament}
              onChange={(e) => setForm({ ...form, temperament: e.target.value })}
            />
          </label>
          <label className="rec-check">
            <input
              type="checkbox"
              checked={form.nervous}
              onChange={(e) => setForm({ ...form, nervous: e.target.checked })}
            />{' '}
            Nervous: give them time
          </label>
          <div className="rec-pair">
            <label className="rec-field">
              <span>Vet</span>
              <input
                className="input"
                maxLength={120}
                value={form.vetName}
                onChange={(e) => setForm({ ...form, vetName: e.target.value })}
              />
            </label>
            <label className="rec-field">
              <span>Vet's number</span>
              <input
                className="input"
                type="tel"
                maxLength={40}
                value={form.vetPhone}
                onChange={(e) => setForm({ ...form, vetPhone: e.target.value })}
              />
            </label>
          </div>
          <fieldset className="rec-fieldset">
            <legend>Vaccinations</legend>
            {form.vaccinations.map((v, i) => (
              <div className="rec-pair rec-vaccination" key={i}>
                <label className="rec-field">
                  <span>Vaccination {i + 1}</span>
                  <input
                    className="input"
                    maxLength={60}
                    value={v.name}
                    onChange={(e) => setVaccination(i, { name: e.target.value })}
                  />
                </label>
                <label className="rec-field">
                  <span>Runs out on</span>
                  <input
                    className="input"
                    type="date"
                    value={v.expiresOn}
                    onChange={(e) => setVaccination(i, { expiresOn: e.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className="mgmt-link-button mgmt-danger"
                  onClick={() => setForm({ ...form, vaccinations: form.vaccinations.filter((_, j) => j !== i) })}
                >
                  Remove vaccination {i + 1}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="mgmt-link-button"
              onClick={() => setForm({ ...form, vaccinations: [...form.vaccinations, { name: '', expiresOn: '' }] })}
            >
              Add a vaccination
            </button>
          </fieldset>
          {problem ? (
            <p className="field-message" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="rec-buttons">
            <button type="submit" className="ibutton ibutton--brand" disabled={busy}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="ibutton ibutton--ghost" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <dl className="rec-facts">
          <div>
            <dt>Breed</dt>
            <dd>{dog.breed?.name ?? '—'}</dd>
          </div>
          <div>
            <dt>Coat</dt>
            <dd className="rec-cap">{dog.coat ?? '—'}</dd>
          </div>
          <div>
            <dt>Weight</dt>
            <dd>
              {dog.weightKg === null ? '—' : formatKg(dog.weightKg)}
              {dog.weights.length > 1 ? (
                <span className="mgmt-meta">
                  {' '}
                  (before:{' '}
                  {dog.weights
                    .slice(0, -1)
                    .slice(-4)
                    .reverse()
                    .map((w) => `${formatKg(w.kg)} on ${formatDay(w.at)}`)
                    .join(', ')}
                  )
                </span>
              ) : null}
            </dd>
          </div>
          <div className="rec-notes">
            <dt>Temperament</dt>
            <dd>{dog.temperament || '—'}</dd>
          </div>
          {dog.ownerNotes ? (
            <div className="rec-notes">
              <dt>Owner says</dt>
              <dd>{dog.ownerNotes}</dd>
            </div>
          ) : null}
          <div>
            <dt>Vet</dt>
            <dd>{[dog.vetName, dog.vetPhone].filter(Boolean).join(', ') || '—'}</dd>
          </div>
          <div>
            <dt>Vaccinations</dt>
            <dd>
              {dog.vaccinations.length === 0 ? (
                'None on record'
              ) : (
                <ul className="rec-plain">
                  {dog.vaccinations.map((v) => {
                    const due = vaccinationDue(v.expiresOn, today);
                    return (
                      <li key={`${v.name}${v.expiresOn}`}>
                        {v.name}:{' '}
                        {due === 'expired' ? (
                          <strong className="mgmt-danger">ran out {formatDate(v.expiresOn)}</strong>
                        ) : (
                          `until ${formatDate(v.expiresOn)}`
                        )}
                        {due === 'soon' ? <span className="mgmt-badge">soon</span> : null}
                      </li>
                    );
                  })}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

const STATUS_WORDS: Record<Visit['status'], string> = {
  confirmed: 'Booked',
  pending_payment: 'Awaiting payment',
  cancelled: 'Cancelled',
  expired: 'Not completed',
};
const ATTENDANCE_WORDS = { arrived: 'Arrived', completed: 'Done', no_show: 'No-show' } as const;

function Visits({ first, base }: { first: { visits: Visit[]; nextCursor: string | null }; base: string }) {
  const {
    list: visits,
    cursor,
    state,
    more,
  } = useMorePages(first.visits, first.nextCursor, async (after) => {
    const r = await staffApi(`${base}/visits?cursor=${encodeURIComponent(after)}`, { schema: VisitsPageSchema });
    return r.data
      ? { items: r.data.visits, nextCursor: r.data.nextCursor }
      : { error: r.error ?? 'Something went wrong' };
  });
  return (
    <Card id="visits-title" title="Bookings">
      {visits.length === 0 ? (
        <p>No bookings yet.</p>
      ) : (
        <ul className="mgmt-list" aria-label="Bookings">
          {visits.map((v) => (
            <li key={v._id}>
              <span className="mgmt-who">
                <strong>{formatWhen(v.start)}</strong>
                <span className="mgmt-meta">
                  {v.service}
                  {v.dogName ? ` for ${v.dogName}` : ''} · {formatPence(v.pricePence)}
                  {v.promotionPence ? ` (offer −${formatPence(v.promotionPence)})` : ''}
                </span>
                {v.depositPaidPence ? (
                  <span className="mgmt-meta">
                    Deposit {formatPence(v.depositPaidPence)}
                    {v.depositRefundedPence ? `, refunded ${formatPence(v.depositRefundedPence)}` : ''}
                  </span>
                ) : null}
                {v.balancePaidPence ? (
                  <span className="mgmt-meta">
                    Paid in the shop {formatPence(v.balancePaidPence)} by {v.balanceMethod}
                  </span>
                ) : null}
                {v.staffNote ? <span className="mgmt-meta">Note: {v.staffNote}</span> : null}
              </span>
              <span className={`rec-pill rec-pill--${v.attendance ?? v.status}`}>
                {v.attendance ? ATTENDANCE_WORDS[v.attendance] : STATUS_WORDS[v.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
      {state.error ? <LoadFailed what="more bookings" error={state.error} onRetry={() => void more()} /> : null}
      {cursor ? (
        <button type="button" className="ibutton ibutton--ghost" disabled={state.loading} onClick={() => void more()}>
          {state.loading ? 'Loading…' : 'Show more bookings'}
        </button>
      ) : null}
    </Card>
  );
}

const MESSAGE_KINDS: Record<string, string> = {
  booking_confirmation: 'Booking confirmed',
  booking_cancelled: 'Booking cancelled',
  booking_moved: 'Booking moved',
  booking_reminder: 'Reminder',
  phone_code: 'Phone code',
  shop_new_booking: 'New booking (to the shop)',
};

function Messages({ first, base }: { first: { messages: Message[]; nextCursor: string | null }; base: string }) {
  const {
    list: messages,
    cursor,
    state,
    more,
  } = useMorePages(first.messages, first.nextCursor, async (after) => {
    const r = await staffApi(`${base}/messages?cursor=${encodeURIComponent(after)}`, { schema: MessagesPageSchema });
    return r.data
      ? { items: r.data.messages, nextCursor: r.data.nextCursor }
      : { error: r.error ?? 'Something went wrong' };
  });
  return (
    <Card id="messages-title" title="Messages sent">
      {messages.length === 0 ? (
        <p>No messages sent yet.</p>
      ) : (
        <ul className="mgmt-list" aria-label="Messages sent">
          {messages.map((m) => (
            <li key={m._id}>
              <span className="mgmt-who">
                <strong>
                  {MESSAGE_KINDS[m.kind] ?? m.kind.replace(/_/g, ' ')} · {m.channel === 'sms' ? 'text' : 'e-mail'}
                </strong>
                <span className="mgmt-meta">
                  {formatWhen(m.createdAt)} to {m.channel === 'sms' ? formatPhone(m.recipient) : m.recipient}
                </span>
                <span className="rec-preview">
                  {m.subject ? `${m.subject}: ` : ''}
                  {m.preview}
                </span>
              </span>
              <span
                className={`rec-pill rec-pill--${m.failedAt ? 'no_show' : m.sentAt ? 'completed' : 'pending_payment'}`}
              >
                {m.failedAt ? 'Failed' : m.sentAt ? 'Sent' : 'Waiting'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {state.error ? <LoadFailed what="more messages" error={state.error} onRetry={() => void more()} /> : null}
      {cursor ? (
        <button type="button" className="ibutton ibutton--ghost" disabled={state.loading} onClick={() => void more()}>
          {state.loading ? 'Loading…' : 'Show more messages'}
        </button>
      ) : null}
    </Card>
  );
}

type Proof = { from: string; phone: string | null; requestId: string | null; code: string; error: string | null };

function SameContactCard({
  self,
  others,
  base,
  onMerged,
  onFailed,
}: {
  self: CustomerRecord;
  others: SameContact[];
  base: string;
  onMerged(c: CustomerRecord, text: string): void;
  onFailed(text: string): void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A proved and an unproved record merge only with a code from the proved number (decision 068).
  const [proof, setProof] = useState<Proof | null>(null);
  const provedNumber = (o: SameContact) => (self.verified ? self.phone : o.phone);
  const close = () => {
    setConfirming(null);
    setProof(null);
  };
  const start = (o: SameContact) => {
    close();
    if (o.verified === self.verified) setConfirming(o._id);
    else setProof({ from: o._id, phone: provedNumber(o), requestId: null, code: '', error: null });
  };
  const merge = async (from: string, phoneProof?: { requestId: string; code: string }) => {
    setBusy(true);
    const r = await staffApi(`${base}/merge`, {
      method: 'POST',
      body: phoneProof ? { from, phoneProof } : { from },
      schema: MergedSchema,
    });
    setBusy(false);
    if (r.code === 'needs_proof') {
      setConfirming(null);
      const phone = (r.body as { phone?: string | null } | null)?.phone ?? null;
      return setProof({ from, phone, requestId: null, code: '', error: phoneProof ? r.error : null });
    }
    if (!r.data && phoneProof && proof) return setProof({ ...proof, error: r.error ?? 'That code did not work' });
    close();
    if (!r.data) return onFailed(r.error ?? 'We could not merge those records');
    const signedOut = r.data.devicesSignedOut;
    onMerged(
      r.data.customer,
      `Merged: ${r.data.visitsMoved} bookings and ${r.data.dogsMerged} dogs moved onto this record` +
        (signedOut ? `; ${signedOut} ${signedOut === 1 ? 'device' : 'devices'} signed out.` : '.'),
    );
  };
  const sendCode = async (p: Proof) => {
    setBusy(true);
    const r = await staffApi(`${base}/merge/code`, {
      method: 'POST',
      body: { from: p.from },
      schema: MergeCodeSentSchema,
    });
    setBusy(false);
    if (!r.data) return setProof({ ...p, error: r.error ?? 'We could not send the code' });
    setProof({ ...p, phone: r.data.phone, requestId: r.data.requestId, code: '', error: null });
  };
  return (
    <Card id="same-title" title="The same person?">
      <p>
        These records share this number or e-mail address. Merging moves their dogs, bookings and messages here, removes
        the other record and signs its devices out.
      </p>
      <ul className="mgmt-list" aria-label="Records with the same contact details">
        {others.map((o) => (
          <li key={o._id}>
            <span className="mgmt-who">
              <a href={`/management/customer/${encodeURIComponent(o._id)}`}>
                <strong>{o.name ?? 'No name given'}</strong>
              </a>
              <span className="mgmt-meta">
                {[formatPhone(o.phone), o.email].filter(Boolean).join(' · ')} · {o.visits}{' '}
                {o.visits === 1 ? 'booking' : 'bookings'}
                {o.dogs.length ? ` · ${o.dogs.join(', ')}` : ''} · {o.verified ? 'number proved' : 'number not proved'}
              </span>
            </span>
            {proof?.from === o._id ? (
              <ProveToMerge
                proof={proof}
                busy={busy}
                onChange={setProof}
                onSend={() => void sendCode(proof)}
                onMerge={() => void merge(o._id, { requestId: proof.requestId!, code: proof.code })}
                onCancel={close}
              />
            ) : confirming === o._id ? (
              <span className="mgmt-confirm">
                <span className="mgmt-meta">
                  {self.verified
                    ? 'Their devices will be signed out.'
                    : 'Neither number was proved, so every device of both records will be signed out.'}
                </span>
                <button
                  type="button"
                  className="ibutton ibutton--brand"
                  disabled={busy}
                  onClick={() => void merge(o._id)}
                >
                  Yes, merge into this record
                </button>
                <button type="button" className="ibutton ibutton--ghost" onClick={close}>
                  Keep both
                </button>
              </span>
            ) : (
              <button
                type="button"
                className="ibutton ibutton--ghost"
                aria-label={`Merge ${o.name ?? 'that record'} into this record`}
                onClick={() => start(o)}
              >
                Merge…
              </button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Why a proved and an unproved record need a code, and the two steps: text it, type what the customer reads. */
function ProveToMerge({
  proof,
  busy,
  onChange,
  onSend,
  onMerge,
  onCancel,
}: {
  proof: Proof;
  busy: boolean;
  onChange(p: Proof): void;
  onSend(): void;
  onMerge(): void;
  onCancel(): void;
}) {
  const number = proof.phone ? formatPhone(proof.phone) : 'the proved number';
  return (
    <div className="rec-form" role="group" aria-label="Prove the number to merge">
      <p>
        Only one of these records has proved its number, and anyone can book with somebody else&apos;s number: merging
        them could show one person&apos;s details to the other. If the customer is with you or on the phone, text a code
        to {number} and type the code they read to you. Otherwise keep both records.
      </p>
      {proof.requestId ? (
        <label className="rec-field">
          <span>Code the customer reads to you</span>
          <input
            className="input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={proof.code}
            onChange={(e) => onChange({ ...proof, code: e.target.value.replace(/\D/g, ''), error: null })}
          />
        </label>
      ) : null}
      {proof.error ? <p role="alert">{proof.error}</p> : null}
      <span className="mgmt-confirm">
        {proof.requestId ? (
          <button
            type="button"
            className="ibutton ibutton--brand"
            disabled={busy || proof.code.length !== 6}
            onClick={onMerge}
          >
            Merge with this code
          </button>
        ) : null}
        <button
          type="button"
          className={proof.requestId ? 'ibutton ibutton--ghost' : 'ibutton ibutton--brand'}
          disabled={busy}
          onClick={onSend}
        >
          {proof.requestId ? 'Text a new code' : `Text a code to ${number}`}
        </button>
        <button type="button" className="ibutton ibutton--ghost" onClick={onCancel}>
          Keep both
        </button>
      </span>
    </div>
  );
}

function Privacy({
  customer: c,
  base,
  onErased,
  onFailed,
}: {
  customer: CustomerRecord;
  base: string;
  onErased(text: string): void;
  onFailed(text: string): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [exporting, setExporting] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const exportRecord = async () => {
    setExporting(true);
    const r = await staffApi<unknown>(`${base}/export`);
    setExporting(false);
    if (r.data === null) return onFailed(`We could not export the record: ${r.error ?? 'something went wrong'}`);
    saveFile(`customer-${c._id}.json`, JSON.stringify(r.data, null, 2), 'application/json');
  };
  const erase = async () => {
    setErasing(true);
    setProblem(null);
    const r = await staffApi(`${base}/erase`, { method: 'POST', body: { confirm: 'erase' }, schema: ErasedSchema });
    setErasing(false);
    if (!r.data) return setProblem(r.error ?? 'We could not erase the record');
    dialog.current?.close();
    onErased(
      `${c.name ?? 'The customer'} has been erased: ${r.data.dogs} ${r.data.dogs === 1 ? 'dog' : 'dogs'} and ${r.data.messages} messages deleted, ${r.data.visitsKept} bookings kept for the accounts without their name.`,
    );
  };

  return (
    <section className="mgmt-card rec-privacy" aria-labelledby="privacy-title">
      <h2 id="privacy-title">Their data (UK GDPR)</h2>
      <p>
        When someone asks for what we hold about them, export it and send them the file. When they ask to be forgotten,
        erase the record.
      </p>
      <div className="rec-buttons">
        <button
          type="button"
          className="ibutton ibutton--ghost"
          disabled={exporting}
          onClick={() => void exportRecord()}
        >
          {exporting ? 'Exporting…' : 'Export their data'}
        </button>
        <button
          type="button"
          className="ibutton rec-danger-button"
          onClick={() => {
            setProblem(null);
            dialog.current?.showModal();
          }}
        >
          Erase this customer…
        </button>
      </div>
      <dialog ref={dialog} className="rec-dialog" aria-labelledby="erase-title" aria-describedby="erase-what">
        <h2 id="erase-title">Erase {c.name ?? 'this customer'}?</h2>
        <div id="erase-what">
          <p>
            This cannot be undone. We delete their name, number, e-mail, notes,{' '}
            {c.dogs.length === 1 ? 'their dog' : `their ${c.dogs.length} dogs`}, the messages we sent them and their
            sign-ins.
          </p>
          <p>
            <strong>Kept for the accounts:</strong> each booking's date, service, prices, deposit, refunds and what was
            paid in the shop, with no name attached, as HMRC asks us to keep them for six years.
          </p>
          {c.totals.upcoming ? (
            <p className="mgmt-notice mgmt-notice--reason">
              They have {c.totals.upcoming} upcoming {c.totals.upcoming === 1 ? 'appointment' : 'appointments'}: cancel{' '}
              {c.totals.upcoming === 1 ? 'it' : 'them'} on the <a href="/management/schedule">Schedule</a> first.
            </p>
          ) : null}
        </div>
        {problem ? (
          <p className="field-message" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="rec-buttons">
          <button
            type="button"
            className="ibutton rec-danger-button"
            disabled={erasing || c.totals.upcoming > 0}
            onClick={() => void erase()}
          >
            {erasing ? 'Erasing…' : 'Yes, erase them'}
          </button>
          <button type="button" className="ibutton ibutton--ghost" onClick={() => dialog.current?.close()}>
            Keep the record
          </button>
        </div>
      </dialog>
    </section>
  );
}
