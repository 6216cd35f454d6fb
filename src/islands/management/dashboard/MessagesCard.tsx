import { useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import {
  MessageRetryResponseSchema,
  STOPPED_MESSAGE_DAYS,
  type DashboardResponse,
  type MessageRetryResponse,
  type StoppedMessage,
} from '../../../domain/dashboard.ts';
import { formatUkMobile } from '../../../domain/phone-format.ts';
import { InteractiveButton } from '../../forms/InteractiveButton.tsx';
import type { ButtonStatus } from '../../forms/status.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatMoment } from '../format.ts';

const MESSAGE_KINDS: Record<string, string> = {
  booking_confirmation: 'Booking confirmation',
  booking_reminder: 'Reminder',
  booking_cancelled: 'Cancellation',
  booking_moved: 'New time',
  shop_new_booking: 'New booking notice to the shop',
  phone_code: 'One-time code',
};

/**
 * Messages the outbox stopped trying (docs/decisions/065): each with why, and "Send again" where
 * that makes sense; a code never, as it has expired and the person can ask for a new one.
 */
export function MessagesCard({ messages }: { messages: DashboardResponse['messages'] }) {
  return (
    <section className="mgmt-card dash-messages" aria-labelledby="dash-messages">
      <h2 id="dash-messages">Messages not sent</h2>
      {messages.waiting ? (
        <p className="dash-caption" role="status">
          {messages.waiting} message{messages.waiting === 1 ? ' is' : 's are'} waiting for the text or e-mail provider;
          they are tried again every few minutes, then hourly.
        </p>
      ) : null}
      {messages.stopped.length ? (
        <ul className="dash-messages__list">
          {messages.stopped.map((m) => (
            <StoppedMessageItem key={m.id} message={m} />
          ))}
        </ul>
      ) : (
        <p className="dash-closed">Every message of the last {STOPPED_MESSAGE_DAYS} days went out.</p>
      )}
    </section>
  );
}

function StoppedMessageItem({ message: m }: { message: StoppedMessage }) {
  const what = MESSAGE_KINDS[m.kind] ?? m.kind.replace(/_/g, ' ');
  const to = m.channel === 'sms' ? formatUkMobile(m.recipient) : m.recipient;
  return (
    <li className="dash-messages__item">
      <span>
        <strong>{what}</strong> by {m.channel === 'sms' ? 'text' : 'e-mail'} to {to}
      </span>
      <span className="dash-list__soft">
        Written {formatMoment(m.writtenAt)}.{' '}
        {m.failure === 'expired'
          ? `Expired unsent ${formatMoment(m.stoppedAt)}.`
          : `Stopped ${formatMoment(m.stoppedAt)} after ${m.attempts} tries${m.lastError ? `: ${m.lastError}` : ''}.`}
      </span>
      {m.noRetry ? (
        <span className="dash-messages__note">{m.noRetry}</span>
      ) : (
        <SendAgain id={m.id} target={`${what.toLowerCase()} to ${to}`} />
      )}
    </li>
  );
}

/** One more try of a stopped message, and what became of it: sent, or waiting for another day of tries. */
function SendAgain({ id, target }: { id: string; target: string }) {
  const submit = useSubmit('It could not be sent again. Please try later.');
  const [answer, setAnswer] = useState<MessageRetryResponse['message'] | null>(null);
  const send = () => {
    setAnswer(null);
    void submit.run(
      () => staffCall(apiRoutes.retryMessage, { params: { id }, body: {}, schema: MessageRetryResponseSchema }),
      (data) => setAnswer(data.message),
    );
  };
  const sent = answer?.status === 'sent';
  const word = submit.problem || answer ? 'Try again' : 'Send again';
  // After a failure or "not sent yet" the button stays pressable (contract §4 enables only 0 and 4):
  // what happened is said beside it, and pressing it again is the retry.
  const status: ButtonStatus = submit.busy ? 1 : 0;
  const outcome =
    submit.problem?.text ??
    (answer
      ? sent
        ? 'Sent.'
        : `Not sent yet${answer.lastError ? ` (${answer.lastError})` : ''}: it will be tried again for a day.`
      : null);
  return (
    <span className="dash-messages__action">
      {sent ? null : (
        <InteractiveButton
          variant="ghost"
          status={status}
          statusText="Sending…"
          onClick={send}
          aria-label={`${word}: ${target}`}
        >
          {word}
        </InteractiveButton>
      )}
      {outcome ? (
        <span role="status" className="dash-messages__note">
          {outcome}
        </span>
      ) : null}
    </span>
  );
}
