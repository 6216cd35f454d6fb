import { useState, type ReactNode } from 'react';
import { Card } from '../records-ui.tsx';

/**
 * A card of facts with an Edit button that swaps the facts for a form; the form closes itself with
 * `close` (after a save, or Cancel) and mounts afresh from the record each time it opens.
 */
export function EditableCard({
  id,
  title,
  editName,
  locked = false,
  children,
  form,
}: {
  id: string;
  title: string;
  /** The Edit button's accessible name where "Edit" alone would be ambiguous ("Edit Biscuit"). */
  editName?: string;
  /** No Edit button (an erased record). */
  locked?: boolean;
  children: ReactNode;
  form(close: () => void): ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Card
      id={id}
      title={title}
      actions={
        locked || editing ? null : (
          <button
            type="button"
            className="ibutton ibutton--ghost"
            aria-label={editName}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        )
      }
    >
      {editing ? form(() => setEditing(false)) : children}
    </Card>
  );
}
