import type { DashboardResponse } from '../../../domain/dashboard.ts';
import { formatClock } from '../format.ts';

/**
 * The day's budget of texts the shop did not choose to send (decision 069), shown only from 80 %:
 * a script asking for codes, or a busy day, before customers start being told to call.
 */
export function TextBudgetWarning({ budget }: { budget: DashboardResponse['textBudget'] }) {
  return (
    <section className="mgmt-card dash-text-budget" aria-labelledby="dash-text-budget" data-spent={budget.spent}>
      <h2 id="dash-text-budget">{budget.spent ? 'No more code texts today' : 'Code texts nearly used up'}</h2>
      <p>
        <strong>
          {budget.used} of {budget.budget}
        </strong>{' '}
        texts for codes and first confirmations to unproven numbers are used today.{' '}
        {budget.spent
          ? 'Customers who ask for a code are told to call the shop, staff sign in with a passkey, and new bookings are confirmed by e-mail.'
          : 'When they are all used, customers who ask for a code are told to call the shop and staff sign in with a passkey.'}{' '}
        The count starts again at {formatClock(budget.resetsAt)}.
      </p>
    </section>
  );
}
