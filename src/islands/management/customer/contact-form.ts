import type { CustomerRecord } from '../../../domain/customer-records.ts';
import { normaliseUkMobile } from '../../../domain/phone.ts';
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

/** What Save sends (an empty number: no number), or the first thing to put right. */
export function checkContact(form: ContactForm): { body: ContactForm } | { problem: string } {
  const phone = form.phone.trim() ? normaliseUkMobile(form.phone) : '';
  if (phone === null) return { problem: 'Please enter a UK mobile number, like 07700 900461, or leave it empty' };
  if (!form.name.trim()) return { problem: 'Please enter their name' };
  return { body: { ...form, name: form.name.trim(), email: form.email.trim(), phone } };
}
