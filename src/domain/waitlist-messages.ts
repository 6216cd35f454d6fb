import site from '../../content/site.json' with { type: 'json' };

/**
 * The waitlist's first message (docs/decisions/084): it confirms the request, says how offers are
 * made and carries the request's link, which is also how to stop it, so a number or address typed by
 * mistake learns at once how to end what it did not ask for.
 */

export function waitlistLink(siteUrl: string, requestId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/w/${encodeURIComponent(requestId)}`;
}

export interface WaitlistMessageFacts {
  requestId: string;
  ownerName: string;
  dogName: string;
  serviceTitle: string;
  /** A party's visits in words (visitsInWords), instead of "{dog}'s {service}". */
  what?: string | undefined;
  /** whatSuitsInWords: "any weekday morning from Mon 30 Nov to Fri 11 Dec". */
  suits: string;
  phone: string;
  email: string | null;
  notify: { text: boolean; email: boolean };
  updated: boolean;
}

export interface WaitlistMessage {
  kind: 'waitlist_joined';
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function waitlistJoinedMessages(facts: WaitlistMessageFacts, siteUrl: string): WaitlistMessage[] {
  const link = waitlistLink(siteUrl, facts.requestId);
  const what = facts.what ?? `${facts.dogName}'s ${facts.serviceTitle}`;
  const out: WaitlistMessage[] = [];
  if (facts.notify.text)
    out.push({
      kind: 'waitlist_joined',
      channel: 'sms',
      recipient: facts.phone,
      subject: null,
      bodyText: `${site.name}: ${facts.updated ? 'we have updated' : "you're on"} our waitlist for ${what}, ${facts.suits}. We'll text you when a time frees. To see or withdraw it: ${link}`,
      bodyHtml: null,
    });
  if (facts.notify.email && facts.email) {
    const first = facts.ownerName.split(/\s+/)[0] || facts.ownerName;
    const paragraphs = [
      `Hello ${first},`,
      facts.updated
        ? `We have updated your place on our waitlist for ${what}. It keeps its place in the queue.`
        : `You're on our waitlist for ${what}.`,
      `What suits: ${facts.suits}.`,
      'When a time like that frees up, we offer it to the people waiting in the order they asked: first asked, first offered. We will e-mail you a link to book it in one tap.',
      `To see your request, or withdraw it, go to:\n${link}`,
      'If you did not ask for this, withdraw it at that link and we will not write again.',
      `${site.name}`,
    ];
    const html = paragraphs
      .map(
        (p) =>
          `<p>${escapeHtml(p)
            .replace(/\n/g, '<br>')
            .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`,
      )
      .join('\n');
    out.push({
      kind: 'waitlist_joined',
      channel: 'email',
      recipient: facts.email,
      subject: facts.updated ? `Waitlist updated: ${what}` : `You're on our waitlist: ${what}`,
      bodyText: `${paragraphs.join('\n\n')}\n`,
      bodyHtml:
        `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(site.name)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;color:#1d2430;line-height:1.5;max-width:36rem">\n${html}\n</body></html>\n`,
    });
  }
  return out;
}
