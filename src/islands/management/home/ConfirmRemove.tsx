import { useState, type ReactNode } from 'react';

/** A "Remove" link that asks once more in place before it removes anything. */
export function ConfirmRemove({
  label,
  question,
  yes,
  keep,
  onRemove,
}: {
  /** The accessible name of the first button, naming what goes ("Remove passkey Chrome on Mac"). */
  label: string;
  question?: ReactNode;
  yes: string;
  keep: string;
  onRemove(): void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="link-button mgmt-danger" onClick={() => setAsking(true)} aria-label={label}>
        Remove
      </button>
    );
  return (
    <span className="mgmt-confirm">
      {question ? <p>{question}</p> : null}
      <button
        type="button"
        className="link-button mgmt-danger"
        onClick={() => {
          setAsking(false);
          onRemove();
        }}
      >
        {yes}
      </button>
      <button type="button" className="link-button" onClick={() => setAsking(false)}>
        {keep}
      </button>
    </span>
  );
}
