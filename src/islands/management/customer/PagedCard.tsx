import type { ReactNode } from 'react';
import { Card, ShowMore, useMorePages } from '../records-ui.tsx';

/**
 * A card holding a list that came with the record's first page and grows by "Show more" from the
 * server's cursor (the customer's bookings, the messages sent to them).
 */
export function PagedCard<T extends { _id: string }>({
  id,
  title,
  noun,
  items,
  nextCursor,
  load,
  children: row,
}: {
  id: string;
  /** The heading, and the list's accessible name: "Bookings" (and "No bookings yet."). */
  title: string;
  /** "bookings": "Show more bookings", "We could not load more bookings: …". */
  noun: string;
  items: T[];
  nextCursor: string | null;
  load: Parameters<typeof useMorePages<T>>[2];
  children(item: T): ReactNode;
}) {
  const { list, cursor, state, more } = useMorePages(items, nextCursor, load);
  return (
    <Card id={id} title={title}>
      {list.length === 0 ? (
        <p>No {title.toLowerCase()} yet.</p>
      ) : (
        <ul className="mgmt-list" aria-label={title}>
          {list.map((item) => (
            <li key={item._id}>{row(item)}</li>
          ))}
        </ul>
      )}
      <ShowMore what={`more ${noun}`} label={`Show more ${noun}`} cursor={cursor} state={state} more={more} />
    </Card>
  );
}
