import { useEffect, useId, useState } from 'react';
import { staffCall } from '../../client/staff-session.ts';
import * as apiRoutes from '../../domain/staff-api-routes.ts';
import { CustomerListResponseSchema, type CustomerListItem } from '../../domain/customer-records.ts';
import { formatPhone, formatWhen } from './format.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { LoadFailed, pageFrom, ShowMore, useMorePages, useStaffRoute } from './records-ui.tsx';
import { useStaffSession } from './use-staff-session.ts';

/** How long typing must pause before the list asks again: one request per word, not per letter. */
const SEARCH_PAUSE_MS = 250;
const NONE: CustomerListItem[] = [];

/** /management/customers: find a customer as you type, with their last and next visit. */
export default function CustomersPage() {
  const session = useStaffSession();
  if (!session) return null;
  return <Customers />;
}

function Customers() {
  const [typed, setTyped] = useState(() => new URLSearchParams(location.search).get('q') ?? '');
  const [q, setQ] = useState(typed);
  const hintId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    // The address keeps the search, so Back from a customer comes back to the same list.
    const url = new URL(location.href);
    if (q) url.searchParams.set('q', q);
    else url.searchParams.delete('q');
    history.replaceState(history.state, '', url);
  }, [q]);

  const first = useStaffRoute(apiRoutes.customers, {
    query: { q: q || undefined },
    schema: CustomerListResponseSchema,
  });
  const {
    list: customers,
    cursor: nextCursor,
    state,
    more: showMore,
  } = useMorePages(first.data?.customers ?? NONE, first.data?.nextCursor ?? null, async (cursor) => {
    const answer = await staffCall(apiRoutes.customers, {
      query: { q: q || undefined, cursor },
      schema: CustomerListResponseSchema,
    });
    return pageFrom(answer, 'customers');
  });

  return (
    <ManagementPage title="Customers" lead="Find someone by their name, number, e-mail or their dog's name.">
      <div role="search" className="rec-search">
        <label htmlFor="customer-search" className="field-label">
          Search customers
        </label>
        <input
          id="customer-search"
          className="input rec-search-input"
          type="search"
          value={typed}
          autoComplete="off"
          spellCheck={false}
          placeholder="Sam, 07700 900461, sam@… or Biscuit"
          aria-describedby={hintId}
          onChange={(e) => setTyped(e.target.value)}
        />
        <p id={hintId} className="field-hint" aria-live="polite">
          {first.loading ? 'Searching…' : first.data ? listSummary(customers.length, nextCursor !== null, q) : ''}
        </p>
      </div>
      {first.error ? <LoadFailed what="the customers" error={first.error} onRetry={first.reload} /> : null}
      {first.data && customers.length === 0 ? (
        <div className="mgmt-placeholder">
          <p>
            {q
              ? `Nobody matches “${q}”. Try part of a name, the last digits of a number, or the dog's name.`
              : 'No customers yet.'}
          </p>
        </div>
      ) : null}
      {customers.length > 0 ? (
        <ul className="rec-customers" aria-label="Customers">
          {customers.map((c) => (
            <CustomerRow key={c._id} customer={c} />
          ))}
        </ul>
      ) : null}
      <ShowMore
        what="more customers"
        label="Show more"
        className="rec-more"
        cursor={nextCursor}
        state={state}
        more={showMore}
      />
    </ManagementPage>
  );
}

function listSummary(count: number, hasMore: boolean, q: string): string {
  const people = `${count}${hasMore ? '+' : ''} ${count === 1 && !hasMore ? 'customer' : 'customers'}`;
  return q ? `${people} matching “${q}”` : people;
}

function CustomerRow({ customer: c }: { customer: CustomerListItem }) {
  return (
    <li>
      <a className="rec-customer" href={`/management/customer/${encodeURIComponent(c._id)}`}>
        <span className="rec-customer-who">
          <strong>{c.name ?? 'No name given'}</strong>
          <span className="mgmt-meta">
            {[formatPhone(c.phone), c.email].filter(Boolean).join(' · ') || 'No contact details'}
          </span>
          {c.dogs.length ? (
            <span className="rec-dogs">
              <span className="rec-label">{c.dogs.length === 1 ? 'Dog' : 'Dogs'}</span>{' '}
              {c.dogs.map((d) => d.name).join(', ')}
            </span>
          ) : null}
        </span>
        <span className="rec-customer-visits">
          <span>
            <span className="rec-label">Last visit</span> {c.lastVisit ? formatWhen(c.lastVisit) : '—'}
          </span>
          <span>
            <span className="rec-label">Next</span> {c.nextVisit ? formatWhen(c.nextVisit) : '—'}
          </span>
        </span>
      </a>
    </li>
  );
}
