import type { CustomerRecord } from '../../../domain/customer-records.ts';

/** A panel's change answered with the whole record, and the words to say it with ("Biscuit's card saved."). */
export type Saved = (customer: CustomerRecord, text: string) => void;
