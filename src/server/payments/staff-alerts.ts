import { paymentAlertWords, type PaymentAlert } from '../../domain/payment-alerts.ts';
import type { Tx } from '../db.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { loadBookingSettings } from '../settings.ts';
import { siteUrl as configuredSiteUrl } from '../site-url.ts';
import { isStaffSql } from '../privileges.ts';

/** The customer's page in the staff area (their bookings and messages), or null when the address is unknown. */
export function staffCustomerLink(customerId: string, siteUrl?: string): string | null {
  let base = siteUrl;
  if (!base) {
    try {
      base = configuredSiteUrl();
    } catch {
      return null;
    }
  }
  return `${base.replace(/\/+$/, '')}/management/customer/${encodeURIComponent(customerId)}`;
}

/**
 * Tells every member of staff about a payment that needs a person (a chargeback, a failed refund):
 * a text to their mobile and an e-mail when they have an address, written to the outbox in the
 * caller's transaction. One message per member and `key`, however often Stripe repeats itself.
 */
export async function tellStaff(tx: Tx, alert: PaymentAlert, key: string, bookingId: string | null): Promise<number> {
  const { timeZone } = await loadBookingSettings(tx);
  const words = paymentAlertWords(alert, timeZone);
  const { rows: staff } = await tx.query<{ id: string; phone: string | null; email: string | null }>(
    `SELECT id, phone, email FROM customers WHERE ${isStaffSql()} ORDER BY id`,
  );
  let sent = 0;
  for (const member of staff) {
    const common = { kind: `staff_${alert.kind}`, bodyText: words.text, bookingId };
    if (member.phone) {
      const id = await enqueueMessage(tx, {
        ...common,
        channel: 'sms',
        recipient: member.phone,
        dedupeKey: `${key}:${member.id}:sms`,
      });
      if (id) sent++;
    }
    if (member.email) {
      const id = await enqueueMessage(tx, {
        ...common,
        channel: 'email',
        recipient: member.email,
        subject: words.subject,
        dedupeKey: `${key}:${member.id}:email`,
      });
      if (id) sent++;
    }
  }
  return sent;
}
