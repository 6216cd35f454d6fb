import type { Message } from '../../../domain/customer-records.ts';
import { formatPhone, formatWhen } from '../format.ts';

const MESSAGE_KINDS: Record<string, string> = {
  booking_confirmation: 'Booking confirmed',
  booking_cancelled: 'Booking cancelled',
  booking_moved: 'Booking moved',
  booking_reminder: 'Reminder',
  phone_code: 'Phone code',
  shop_new_booking: 'New booking (to the shop)',
};

/** One text or e-mail sent: its kind, when and to whom, its start, and whether it went. */
export function MessageRow({ message: m }: { message: Message }) {
  const text = m.channel === 'sms';
  return (
    <>
      <span className="mgmt-who">
        <strong>
          {MESSAGE_KINDS[m.kind] ?? m.kind.replace(/_/g, ' ')} · {text ? 'text' : 'e-mail'}
        </strong>
        <span className="mgmt-meta">
          {formatWhen(m.createdAt)} to {text ? formatPhone(m.recipient) : m.recipient}
        </span>
        <span className="rec-preview">
          {m.subject ? `${m.subject}: ` : ''}
          {m.preview}
        </span>
      </span>
      <span className={`rec-pill rec-pill--${m.failedAt ? 'no_show' : m.sentAt ? 'completed' : 'pending_payment'}`}>
        {m.failedAt ? 'Failed' : m.sentAt ? 'Sent' : 'Waiting'}
      </span>
    </>
  );
}
