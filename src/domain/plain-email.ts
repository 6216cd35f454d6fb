import site from '../../content/site.json' with { type: 'json' };

/**
 * The shop's short e-mails that are a few paragraphs and a link or two (the "due for a groom" nudge,
 * the review request): the same words as text and as HTML, each link a real link in the HTML and its
 * bare address in the text, signed with the shop's name and phone.
 */
export interface Paragraph {
  text: string;
  link?: { label: string; url: string };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function firstName(name: string | null): string | null {
  return name?.trim().split(/\s+/)[0] || null;
}

export function plainEmail(
  subject: string,
  paragraphs: readonly Paragraph[],
): { subject: string; bodyText: string; bodyHtml: string } {
  const signed = [...paragraphs, { text: `${site.name}\n${site.phone.display}` }];
  const bodyText = `${signed.map((p) => (p.link ? `${p.text}\n${p.link.url}` : p.text)).join('\n\n')}\n`;
  const html = signed
    .map((p) => {
      const text = escapeHtml(p.text).replace(/\n/g, '<br>');
      return p.link
        ? `<p>${text}<br><a href="${escapeHtml(p.link.url)}">${escapeHtml(p.link.label)}</a></p>`
        : `<p>${text}</p>`;
    })
    .join('\n');
  const bodyHtml =
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(site.name)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;color:#1d2430;line-height:1.5;max-width:36rem">\n${html}\n</body></html>\n`;
  return { subject, bodyText, bodyHtml };
}
