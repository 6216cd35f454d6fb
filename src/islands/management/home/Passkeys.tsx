import { InteractiveButton } from '../../forms/InteractiveButton.tsx';
import { formatDay } from '../format.ts';
import { LoadFailed, Outcome } from '../records-ui.tsx';
import { ConfirmRemove } from './ConfirmRemove.tsx';
import type { PasskeyList } from './use-passkeys.ts';

/** The signed-in member's passkeys (`usePasskeys`): when each was added and last used, and one more on this device. */
export function Passkeys({ list }: { list: PasskeyList }) {
  const { passkeys, failed, supported, adding, said, add, remove } = list;
  return (
    <section className="mgmt-card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>Sign in on this device with your fingerprint, face or screen lock instead of a code.</p>
      <Outcome outcome={said} />
      {failed ? <LoadFailed what="your passkeys" error={failed.error} onRetry={failed.retry} /> : null}
      {passkeys === null ? (
        failed ? null : (
          <p>Loading your passkeys…</p>
        )
      ) : passkeys.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <ul className="mgmt-list" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p._id}>
              <span className="mgmt-who">
                <strong>{p.name}</strong>
                <span className="mgmt-meta">
                  Added {formatDay(p.createdAt)}
                  {p.lastUsedAt ? `, last used ${formatDay(p.lastUsedAt)}` : ', not used yet'}
                  {p.synced ? ' · synced' : ''}
                </span>
              </span>
              <ConfirmRemove
                label={`Remove passkey ${p.name}`}
                yes="Yes, remove it"
                keep="Keep it"
                onRemove={() => void remove(p)}
              />
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <InteractiveButton variant="brand" status={adding ? 1 : 0} statusText="Waiting for your device…" onClick={add}>
          Add a passkey on this device
        </InteractiveButton>
      ) : (
        <p>This browser cannot make passkeys.</p>
      )}
    </section>
  );
}
