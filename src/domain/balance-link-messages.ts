import site from '../../content/site.json' with { type: 'json' };
import { formatPence } from './money.ts';

/**
 * The owner's message with the payment link for the balance (decision 096): a service message (no
 * marketing consent needed, none in it), the dog's name, what is left and the link. Plain and short.
 */
export interface BalanceLinkMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  bodyText: string;
}

export function balanceLinkMessages(input: {
  ownerName: string;
  email: string | null;
  phone: string | null;
  dogName: string;
  pence: number;
  url: string;
}): BalanceLinkMessage[] {
  const left = formatPence(input.pence);
  const first = input.ownerName.trim().split(/\s+/)[0] || input.ownerName;
  const out: BalanceLinkMessage[] = [];
  if (input.phone) {
    out.push({
      channel: 'sms',
      recipient: input.phone,
      subject: null,
      bodyText: `${site.name}: ${input.dogName}'s groom, ${left} left to pay. Pay on your phone: ${input.url} Questions: ${site.phone.display}`,
    });
  }
  if (input.email) {
    out.push({
      channel: 'email',
      recipient: input.email,
      subject: `${input.dogName}'s groom: ${left} left to pay`,
      bodyText: [
        `Hello ${first},`,
        `Thank you for bringing ${input.dogName} in. ${left} is left to pay for the groom.`,
        `You can pay securely on your phone here (the link works for 24 hours):\n${input.url}`,
        `If anything is not right, message us on WhatsApp or call ${site.phone.display}.`,
        site.name,
      ].join('\n\n'),
    });
  }
  return out;
}
