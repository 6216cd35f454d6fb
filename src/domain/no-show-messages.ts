import site from '../../content/site.json' with { type: 'json' };
import { formatPence } from './money.ts';
import { writtenWhen } from './written-dates.ts';

/**
 * The owner's message when their bank wants them to approve the no-show fee themselves (SCA): what
 * was missed, what is asked, and the payment page. Calm and plain; no threat, a way to talk to us.
 */
export interface FeeLinkMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  bodyText: string;
}

export function feeLinkMessages(input: {
  ownerName: string;
  email: string | null;
  phone: string | null;
  dogName: string;
  start: Date;
  timeZone: string;
  pence: number;
  url: string;
}): FeeLinkMessage[] {
  const when = writtenWhen(input.start, input.timeZone, { weekday: 'long', month: 'long' });
  const fee = formatPence(input.pence);
  const first = input.ownerName.trim().split(/\s+/)[0] ?? input.ownerName;
  const out: FeeLinkMessage[] = [];
  if (input.email) {
    out.push({
      channel: 'email',
      recipient: input.email,
      subject: `${input.dogName}'s missed appointment: ${fee}`,
      bodyText: [
        `Hello ${first},`,
        `We missed ${input.dogName} at their appointment on ${when}. As our booking terms said, the missed-appointment fee is ${fee}.`,
        `Your bank asked for you to approve the payment yourself, so nothing has been taken. You can pay securely here:\n${input.url}`,
        `If something went wrong on the day, tell us: message us on WhatsApp or call ${site.phone.display}, and we'll look at it together.`,
        `${site.name}`,
      ].join('\n\n'),
    });
  }
  if (input.phone) {
    out.push({
      channel: 'sms',
      recipient: input.phone,
      subject: null,
      bodyText: `${site.name}: we missed ${input.dogName} on ${when}. The missed-appointment fee is ${fee}; your bank asks you to approve it: ${input.url} Questions: ${site.phone.display}`,
    });
  }
  return out;
}
