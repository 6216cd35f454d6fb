import { z } from 'zod/mini';
import { UkMobileSchema } from './booking-request-schemas.ts';
import { freeText, plainText } from './text.ts';

/**
 * POST /management/customers/{id}: a change of a customer's contact details. Apart from
 * customer-records.ts because the number is checked with libphonenumber (about 11 KB gzipped with its
 * metadata), which the customer page loads only when its contact form opens (docs/decisions/054).
 * customer-records.ts exports its type; the function parses it through customer-records-for-server.ts.
 */
export const CustomerChangeSchema = z
  .partial(
    z.strictObject({
      name: plainText(1, 80, { label: 'the name' }),
      /** Empty: no number. A change of number is unproved until its owner proves it again. */
      phone: z.union([z.literal(''), UkMobileSchema]),
      email: z.union([
        z.literal(''),
        z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Please enter a valid e-mail address')),
      ]),
      notes: freeText(2000, { label: 'the notes' }),
      marketingConsent: z.boolean(),
    }),
  )
  .check(z.refine((c) => Object.keys(c).length > 0, 'Nothing to change'));
export type CustomerChange = z.infer<typeof CustomerChangeSchema>;
