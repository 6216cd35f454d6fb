import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AnswerSchema as ZodType } from '../../client/api.ts';
import { staffApi } from '../../client/staff-session.ts';
import '../forms/forms.css';

/**
 * What the staff-records screens (Finances, Customers, Breeds, Settings) share: loading a staff
 * answer with its error and a retry, a failure shown with that retry, and saving an answer as a file.
 */

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
  /** Replaces the data with what a change answered, without asking again. */
  set(data: T): void;
}

/**
 * A list that came with its first page and grows a page at a time from the server's cursor ("Show
 * more"). `load` answers the next page, or the error to show.
 */
export function useMorePages<T>(
  items: T[],
  nextCursor: string | null,
  load: (cursor: string) => Promise<{ items: T[]; nextCursor: string | null } | { error: string }>,
) {
  const [list, setList] = useState(items);
  const [cursor, setCursor] = useState(nextCursor);
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  useEffect(() => {
    setList(items);
    setCursor(nextCursor);
  }, [items, nextCursor]);
  const more = async () => {
    if (!cursor) return;
    setState({ loading: true, error: null });
    const page = await load(cursor);
    if ('error' in page) return setState({ loading: false, error: page.error });
    setList((l) => [...l, ...page.items]);
    setCursor(page.nextCursor);
    setState({ loading: false, error: null });
  };
  return { list, cursor, state, more };
}

/** GET `path` (null: nothing yet) with `schema`; a newer path or a reload wins over an older answer. */
export function useStaffGet<T>(path: string | null, schema: ZodType<T>): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: path !== null,
  });
  const [round, setRound] = useState(0);
  const schemaRef = useRef(schema);
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    void staffApi(path, { schema: schemaRef.current, signal: controller.signal }).then((r) => {
      if (controller.signal.aborted) return;
      setState((s) =>
        r.data !== null
          ? { data: r.data, error: null, loading: false }
          : { data: s.data, error: r.error ?? 'Something went wrong', loading: false },
      );
    });
    return () => controller.abort();
  }, [path, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ data, error: null, loading: false }), []);
  return { ...state, reload, set };
}

/** A failure said plainly, with the one thing to do about it. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: string; onRetry(): void }) {
  return (
    <div className="mgmt-notice mgmt-notice--error rec-failed" role="alert">
      <p>
        We could not load {what}: {error}
      </p>
      <button type="button" className="ibutton ibutton--ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A short result of a change ("Saved."), or why it failed; announced to screen readers. */
export function Outcome({ outcome }: { outcome: { ok: boolean; text: string } | null }) {
  return (
    <div role="status" aria-live="polite" className="rec-outcome">
      {outcome ? (
        <p className={`mgmt-notice ${outcome.ok ? 'mgmt-notice--ok' : 'mgmt-notice--error'}`}>{outcome.text}</p>
      ) : null}
    </div>
  );
}

/** Saves `content` as a file the way a download link would. */
export function saveFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A labelled group of fields in a card, for the edit forms. */
export function Card({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="mgmt-card rec-card" aria-labelledby={id}>
      <div className="rec-card-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
