import type { CustomerRecord } from '../../../domain/customer-records.ts';
import { formatPhone } from '../format.ts';

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
