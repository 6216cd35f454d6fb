import type { AnswerSchema } from '../../../client/api.ts';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { type ApiRoute } from '../../../domain/api-route.ts';
import { MessagesPageSchema, VisitsPageSchema, type CustomerRecord } from '../../../domain/customer-records.ts';
import { pageFrom } from '../records-ui.tsx';
import { MessageRow } from './MessageRow.tsx';
import { PagedCard } from './PagedCard.tsx';
import { VisitRow } from './VisitRow.tsx';

/** The record's history: its bookings and the messages sent to it, latest first, a page at a time. */
export function History({ customer: c }: { customer: CustomerRecord }) {
  return (
    <div className="mgmt-grid rec-wide">
      <PagedCard {...BOOKINGS} items={c.visits.visits} nextCursor={c.visits.nextCursor} load={nextVisits(c._id)}>
        {(v) => <VisitRow visit={v} />}
      </PagedCard>
      <PagedCard
        {...MESSAGES}
        items={c.messages.messages}
        nextCursor={c.messages.nextCursor}
        load={nextMessages(c._id)}
      >
        {(m) => <MessageRow message={m} />}
      </PagedCard>
    </div>
  );
}

const BOOKINGS = { id: 'visits-title', title: 'Bookings', noun: 'bookings' };
const MESSAGES = { id: 'messages-title', title: 'Messages sent', noun: 'messages' };

/** The next page of one of a customer's lists, from the server's cursor. */
function pagesOf<K extends string, T>(
  route: ApiRoute<`/management/customers/:id/${string}`, undefined>,
  schema: AnswerSchema<Record<K, T[]> & { nextCursor: string | null }>,
  key: K,
) {
  return (customerId: string) => async (cursor: string) =>
    pageFrom(await staffCall(route, { params: { id: customerId }, query: { cursor }, schema }), key);
}

const nextVisits = pagesOf(apiRoutes.customerVisits, VisitsPageSchema, 'visits');
const nextMessages = pagesOf(apiRoutes.customerMessages, MessagesPageSchema, 'messages');
