import type { CustomerRecord } from '../../../domain/customer-records.ts';
import { sameYear, writtenDay } from '../../../domain/written-dates.ts';
import { formatPhone, SHOP_TIME_ZONE } from '../format.ts';

/** The contact details as typed in the form. */
export interface ContactForm {
  name: string;
  phone: string;
  email: string;
  notes: string;
  marketingConsent: boolean;
}

/** The form opened on a record: the number written as people read it. */
export function contactFormOf(c: CustomerRecord): ContactForm {
  return {
    name: c.name ?? '',
    phone: c.phone ? formatPhone(c.phone) : '',
    email: c.email ?? '',
    notes: c.notes,
    marketingConsent: c.marketingConsent,
  };
}

/**
 * What the record says of offers and nudges: a consent outranks an older opt-out (a later booking
 * with the box ticked is a fresh consent, decision 090); an opt-out says when.
 */
export function offersLine(
  c: Pick<CustomerRecord, 'marketingConsent' | 'marketingOptedOutAt'>,
  now = new Date(),
): string {
  if (c.marketingConsent) return 'Yes, by consent';
  if (!c.marketingOptedOutAt) return 'No';
  const year = !sameYear(c.marketingOptedOutAt, now, SHOP_TIME_ZONE);
  return `Opted out of offers on ${writtenDay(c.marketingOptedOutAt, SHOP_TIME_ZONE, { month: 'short', year })}`;
}

/** When the one review request went (decision 095), or null when none has. */
export function reviewRequestLine(c: Pick<CustomerRecord, 'reviewRequest'>, now = new Date()): string | null {
  if (!c.reviewRequest) return null;
  const year = !sameYear(c.reviewRequest.at, now, SHOP_TIME_ZONE);
  const by = c.reviewRequest.channel === 'email' ? 'e-mail' : 'text';
  return `Sent by ${by} on ${writtenDay(c.reviewRequest.at, SHOP_TIME_ZONE, { month: 'short', year })}`;
}

/**
 * The UK mobile check (libphonenumber and its +44 metadata, about 11 KB gzipped) comes with the
 * contact form, not with the page (docs/decisions/054): the form fetches it when it opens.
 */
export const loadPhoneCheck = () => import('../../../domain/phone.ts');

/** What Save sends (an empty number: no number), or the first thing to put right. */
export async function checkContact(form: ContactForm): Promise<{ body: ContactForm } | { problem: string }> {
  const check = form.phone.trim() ? await loadPhoneCheck().catch(() => null) : undefined;
  // The check could not be fetched (a dropped connection): nor could the record be saved.
  if (check === null) return { problem: 'We could not save that' };
  const phone = check ? check.normaliseUkMobile(form.phone) : '';
  if (phone === null) return { problem: 'Please enter a UK mobile number, like 07700 900461, or leave it empty' };
  if (!form.name.trim()) return { problem: 'Please enter their name' };
  return { body: { ...form, name: form.name.trim(), email: form.email.trim(), phone } };
}
