/** The texted code the server asked for before this number may book again (decision 050). */
export interface PhoneCheck {
  phone: string;
  /** The code request the server answered; null while sending or after a code expired. */
  requestId: string | null;
  code: string;
  sending: boolean;
  error: string | null;
}
