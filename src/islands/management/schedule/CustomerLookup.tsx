import { useId, type Dispatch } from 'react';
import type { LookupCustomer } from '../../../domain/schedule.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { formatPhone, shortDate } from '../format.ts';
import { ErrorNotice } from '../StaffDialog.tsx';
import { dayOf } from './common.ts';
import { NewCustomerFields } from './NewCustomerFields.tsx';
import type { PhoneBookingAction, PhoneBookingState } from './phone-booking.ts';
import { useCustomerLookup } from './use-customer-lookup.ts';

/** "1. The caller": found by the lookup, or taken down as a new customer. */
export function CustomerLookup({
  state,
  dispatch,
}: {
  state: Pick<PhoneBookingState, 'customer' | 'caller'>;
  dispatch: Dispatch<PhoneBookingAction>;
}) {
  const id = useId();
  const { customer, caller } = state;
  if (customer && customer !== 'new') return <ChosenCustomer customer={customer} dispatch={dispatch} />;
  return (
    <>
      <Lookup dispatch={dispatch} />
      <Checkbox
        id={`${id}-new`}
        checked={customer === 'new'}
        onChange={(on) => dispatch({ type: 'newCustomer', on })}
        required={false}
      >
        New customer
      </Checkbox>
      {customer === 'new' ? (
        <NewCustomerFields caller={caller} onChange={(patch) => dispatch({ type: 'caller', patch })} />
      ) : null}
    </>
  );
}

function ChosenCustomer({ customer, dispatch }: { customer: LookupCustomer; dispatch: Dispatch<PhoneBookingAction> }) {
  return (
    <div className="sched-chosen">
      <p>
        <strong>{customer.name}</strong>
        {customer.phone ? ` · ${formatPhone(customer.phone)}` : ''}
        {customer.lastVisit ? ` · last visit ${shortDate(dayOf(customer.lastVisit))}` : ''}
      </p>
      <button type="button" className="link-button" onClick={() => dispatch({ type: 'someoneElse' })}>
        Choose someone else
      </button>
    </div>
  );
}

function Lookup({ dispatch }: { dispatch: Dispatch<PhoneBookingAction> }) {
  const id = useId();
  const { q, search, found, error } = useCustomerLookup();
  return (
    <>
      <TextField id={`${id}-q`} label="Find by number, name or dog" autoComplete="off" value={q} onChange={search} />
      {error ? <ErrorNotice message={error} /> : null}
      {found && q.trim().length >= 2 ? (
        found.length ? (
          <ul className="sched-found" aria-label="Customers found">
            {found.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="sched-found__pick"
                  onClick={() => dispatch({ type: 'found', customer: c })}
                >
                  <strong>{c.name}</strong>
                  <span>
                    {[c.phone ? formatPhone(c.phone) : null, c.dogs.map((d) => d.name).join(', ') || 'no dogs yet']
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field-hint" role="status">
            Nobody found. Take their details as a new customer.
          </p>
        )
      ) : null}
    </>
  );
}
