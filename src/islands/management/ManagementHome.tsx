import { useCallback, useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { forgetStaffSignIn, rememberPreviousUser, staffApi } from '../../client/staff-session.ts';
import { MANAGEMENT_LOGIN } from '../../domain/management-guard.ts';
import { formatUkMobile, normaliseUkMobile } from '../../domain/phone.ts';
import {
  AddStaffResponseSchema,
  PasskeyOptionsResponseSchema,
  PasskeyResponseSchema,
  PasskeysResponseSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  StaffSessionResponseSchema,
  type PasskeyView,
  type StaffListEntry,
  type StaffMemberView,
} from '../../domain/staff.ts';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import type { ButtonStatus } from '../forms/status.ts';
import { TextField } from '../forms/TextField.tsx';
import { useValidatedField } from '../forms/use-validated-field.ts';
import { DashboardPanel } from './DashboardPanel.tsx';
import { useFreshProof } from './FreshProof.tsx';
import { deviceLabel } from './device-label.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { useStaffSession } from './use-staff-session.ts';
import './management.css';
import { SHOP_TIME_ZONE } from '../../domain/shop.ts';

/**
 * /management, the dashboard: today and tomorrow at a glance and the week's figures
 * (DashboardPanel, docs/decisions/060); below them who is signed in, this staff member's passkeys,
 * and the staff list with add and remove.
 */
const when = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  });

export default function ManagementHome() {
  const session = useStaffSession();
  const [me, setMe] = useState<StaffMemberView | null>(null);
  const [signingOut, setSigningOut] = useState<ButtonStatus>(0);

  useEffect(() => {
    if (!session) return;
    void staffApi('/management/session', { schema: StaffSessionResponseSchema }).then((result) =>
      setMe(result.data?.staff ?? null),
    );
  }, [session]);

  if (!session) return null;

  const signOut = async () => {
    setSigningOut(1);
    // Revoked on the server; whatever it answers, this device forgets the key.
    await api('/management/sign-out', { method: 'POST', body: {} });
    forgetStaffSignIn();
    location.replace(MANAGEMENT_LOGIN);
  };

  return (
    <ManagementPage title="Dashboard">
      <div className="mgmt-signed-in">
        <p>
          {me ? (
            <>
              Signed in as <strong>{me.name ?? 'staff'}</strong>
              {me.phone ? <> ({formatUkMobile(me.phone)})</> : null}.
            </>
          ) : (
            'Signed in.'
          )}
        </p>
        <InteractiveButton variant="ghost" status={signingOut} statusText="Signing out…" onClick={() => void signOut()}>
          Sign out
        </InteractiveButton>
      </div>
      <DashboardPanel />
      <h2 className="dash-section">Your sign-in and the team</h2>
      <div className="mgmt-grid">
        <Passkeys />
        <StaffList />
      </div>
    </ManagementPage>
  );
}

function Passkeys() {
  const [passkeys, setPasskeys] = useState<PasskeyView[] | null>(null);
  const [supported, setSupported] = useState(false);
  const [adding, setAdding] = useState<ButtonStatus>(0);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const load = useCallback(
    () =>
      staffApi('/management/passkeys', { schema: PasskeysResponseSchema }).then(
        (r) => r.data && setPasskeys(r.data.passkeys),
      ),
    [],
  );
  useEffect(() => {
    void load();
    void import('@simplewebauthn/browser').then(({ browserSupportsWebAuthn }) =>
      setSupported(browserSupportsWebAuthn()),
    );
  }, [load]);

  const add = async () => {
    setAdding(1);
    setMessage(null);
    const options = await staffApi('/management/passkeys/options', {
      method: 'POST',
      body: {},
      schema: PasskeyOptionsResponseSchema,
    });
    if (!options.data) {
      setAdding(0);
      setMessage({ ok: false, text: options.error ?? 'We could not start adding a passkey. Please try again.' });
      return;
    }
    const { startRegistration } = await import('@simplewebauthn/browser');
    let response: unknown;
    try {
      response = await startRegistration({ optionsJSON: options.data.options as never });
    } catch {
      setAdding(0);
      setMessage({ ok: false, text: 'Adding the passkey was cancelled, or this device already has one for you.' });
      return;
    }
    const added = await staffApi('/management/passkeys', {
      method: 'POST',
      body: { challengeId: options.data.challengeId, response, name: deviceLabel(navigator.userAgent) },
      schema: PasskeyResponseSchema,
    });
    if (!added.data) {
      setAdding(0);
      setMessage({ ok: false, text: added.error ?? 'We could not add that passkey. Please try again.' });
      return;
    }
    // The login page on this device offers the passkey first from now on.
    rememberPreviousUser({ passkey: true });
    setAdding(0);
    setMessage({ ok: true, text: 'Passkey added. Next time, sign in on this device with it: no code needed.' });
    void load();
  };

  const remove = async (id: string) => {
    setConfirming(null);
    const removed = await staffApi(`/management/passkeys/${encodeURIComponent(id)}/remove`, {
      method: 'POST',
      body: {},
    });
    setMessage(removed.error ? { ok: false, text: removed.error } : { ok: true, text: 'Passkey removed.' });
    void load();
  };

  return (
    <section className="mgmt-card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>Sign in on this device with your fingerprint, face or screen lock instead of a code.</p>
      {message ? (
        <div className={`mgmt-notice ${message.ok ? 'mgmt-notice--ok' : 'mgmt-notice--error'}`} role="status">
          <p>{message.text}</p>
        </div>
      ) : null}
      {passkeys === null ? (
        <p>Loading your passkeys…</p>
      ) : passkeys.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <ul className="mgmt-list" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p._id}>
              <span className="mgmt-who">
                <strong>{p.name}</strong>
                <span className="mgmt-meta">
                  Added {when(p.createdAt)}
                  {p.lastUsedAt ? `, last used ${when(p.lastUsedAt)}` : ', not used yet'}
                  {p.synced ? ' · synced' : ''}
                </span>
              </span>
              {confirming === p._id ? (
                <span className="mgmt-confirm">
                  <button type="button" className="mgmt-link-button mgmt-danger" onClick={() => void remove(p._id)}>
                    Yes, remove it
                  </button>
                  <button type="button" className="mgmt-link-button" onClick={() => setConfirming(null)}>
                    Keep it
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="mgmt-link-button mgmt-danger"
                  onClick={() => setConfirming(p._id)}
                  aria-label={`Remove passkey ${p.name}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <InteractiveButton
          variant="brand"
          status={adding}
          statusText="Waiting for your device…"
          onClick={() => void add()}
        >
          Add a passkey on this device
        </InteractiveButton>
      ) : (
        <p>This browser cannot make passkeys.</p>
      )}
    </section>
  );
}

const validateName = (value: string) =>
  value.trim().length >= 1 && value.trim().length <= 80
    ? { ok: true as const }
    : { ok: false as const, message: 'Please enter their name' };
const validatePhone = (value: string) =>
  normaliseUkMobile(value)
    ? { ok: true as const }
    : { ok: false as const, message: 'Please enter a UK mobile number, like 07700 900461' };

function StaffList() {
  const [staff, setStaff] = useState<StaffListEntry[] | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [adding, setAdding] = useState<ButtonStatus>(0);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [renumbering, setRenumbering] = useState<string | null>(null);
  const [newNumber, setNewNumber] = useState('');
  const { withFreshProof, proofDialog } = useFreshProof();
  const nameField = useValidatedField(name, validateName);
  const phoneField = useValidatedField(phone, validatePhone);

  const load = useCallback(
    () =>
      staffApi('/management/staff', { schema: StaffListResponseSchema }).then((r) => r.data && setStaff(r.data.staff)),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const add = async () => {
    nameField.touch();
    phoneField.touch();
    if (!validateName(name).ok || !validatePhone(phone).ok) return;
    setAdding(1);
    setMessage(null);
    const added = await withFreshProof(() =>
      staffApi('/management/staff', {
        method: 'POST',
        body: { name: name.trim(), phone },
        schema: AddStaffResponseSchema,
      }),
    );
    setAdding(0);
    if (!added.data) {
      setMessage({ ok: false, text: added.error ?? 'We could not add them. Please try again.' });
      return;
    }
    setMessage({
      ok: true,
      text: `${added.data.member.name} can now sign in with ${formatUkMobile(added.data.member.phone ?? '')}.`,
    });
    // Cleared for the next member, without shouting that the empty fields are missing.
    setName('');
    setPhone('');
    nameField.reset('');
    phoneField.reset('');
    void load();
  };

  const remove = async (member: StaffListEntry) => {
    setConfirming(null);
    const removed = await withFreshProof(() =>
      staffApi(`/management/staff/${encodeURIComponent(member._id)}/remove`, { method: 'POST', body: {} }),
    );
    setMessage(
      removed.error
        ? { ok: false, text: removed.error }
        : { ok: true, text: `${member.name ?? 'They'} can no longer sign in.` },
    );
    void load();
  };

  const changeNumber = async (member: StaffListEntry) => {
    if (!validatePhone(newNumber).ok) {
      setMessage({ ok: false, text: 'Please enter a UK mobile number, like 07700 900461' });
      return;
    }
    const changed = await withFreshProof(() =>
      staffApi(`/management/staff/${encodeURIComponent(member._id)}/phone`, {
        method: 'POST',
        body: { phone: newNumber },
        schema: StaffMemberResponseSchema,
      }),
    );
    if (!changed.data) {
      setMessage({ ok: false, text: changed.error ?? 'We could not change the number. Please try again.' });
      return;
    }
    setRenumbering(null);
    setNewNumber('');
    setMessage({
      ok: true,
      text: `${member.name ?? 'They'} now sign${member.you ? '' : 's'} in with ${formatUkMobile(changed.data.member.phone ?? '')}.`,
    });
    void load();
  };

  return (
    <section className="mgmt-card" aria-labelledby="staff-title">
      {proofDialog}
      <h2 id="staff-title">Staff</h2>
      <p>
        Everyone here can sign in to the staff area with their mobile number. Adding, removing or changing a number asks
        you to confirm it is you, and everyone here is told.
      </p>
      {message ? (
        <div className={`mgmt-notice ${message.ok ? 'mgmt-notice--ok' : 'mgmt-notice--error'}`} role="status">
          <p>{message.text}</p>
        </div>
      ) : null}
      {staff === null ? (
        <p>Loading the staff list…</p>
      ) : (
        <ul className="mgmt-list" aria-label="Staff members">
          {staff.map((member) => (
            <li key={member._id}>
              <span className="mgmt-who">
                <strong>
                  {member.name ?? 'No name'}
                  {member.you ? <span className="mgmt-badge">you</span> : null}
                </strong>
                <span className="mgmt-meta">
                  {member.phone ? formatUkMobile(member.phone) : 'no number'} ·{' '}
                  {member.passkeys === 1 ? '1 passkey' : `${member.passkeys} passkeys`}
                </span>
              </span>
              {renumbering === member._id ? (
                <form
                  className="mgmt-confirm"
                  noValidate
                  aria-label={`New number for ${member.name ?? 'this member'}`}
                  onSubmit={(event) => {
                    event.preventDefault();
                    void changeNumber(member);
                  }}
                >
                  <label htmlFor={`renumber-${member._id}`}>New UK mobile</label>
                  <input
                    id={`renumber-${member._id}`}
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    maxLength={20}
                    value={newNumber}
                    onChange={(event) => setNewNumber(event.target.value)}
                  />
                  <button type="submit" className="mgmt-link-button">
                    Save number
                  </button>
                  <button type="button" className="mgmt-link-button" onClick={() => setRenumbering(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <button
                  type="button"
                  className="mgmt-link-button"
                  onClick={() => {
                    setRenumbering(member._id);
                    setNewNumber('');
                  }}
                  aria-label={`Change the number of ${member.name ?? 'this member'}`}
                >
                  Change number
                </button>
              )}
              {member.you ? null : confirming === member._id ? (
                <span className="mgmt-confirm">
                  <p>Remove {member.name}?</p>
                  <button type="button" className="mgmt-link-button mgmt-danger" onClick={() => void remove(member)}>
                    Yes, remove
                  </button>
                  <button type="button" className="mgmt-link-button" onClick={() => setConfirming(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="mgmt-link-button mgmt-danger"
                  onClick={() => setConfirming(member._id)}
                  aria-label={`Remove ${member.name ?? 'this member'} from the staff`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="mgmt-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
        aria-label="Add a member of staff"
      >
        <h3>Add a member of staff</h3>
        <TextField
          id="new-staff-name"
          label="Name"
          value={name}
          onChange={setName}
          status={nameField.status}
          message={nameField.message}
          onBlur={nameField.touch}
          autoComplete="off"
          maxLength={80}
        />
        <TextField
          id="new-staff-phone"
          label="UK mobile"
          type="tel"
          value={phone}
          onChange={setPhone}
          status={phoneField.status}
          message={phoneField.message}
          onBlur={phoneField.touch}
          autoComplete="off"
          inputMode="tel"
          maxLength={20}
        />
        <InteractiveButton type="submit" variant="brand" status={adding} statusText="Adding…">
          Add to staff
        </InteractiveButton>
      </form>
    </section>
  );
}
