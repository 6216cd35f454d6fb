import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import site from '../../content/site.json';
import { RETENTION_PERIODS } from '../domain/retention.ts';
import {
  factPlaceholders,
  FactPlaceholderError,
  fillFacts,
  fillKnownFacts,
  unfilledPlaceholders,
} from './fact-placeholders.ts';
import { assertPagesHaveNoPlaceholders, markdown, plainText } from './markdown.ts';

describe('fillFacts', () => {
  it.each([
    ['Phone: {{phone}}', `Phone: ${site.phone.display}`],
    ['{{ address }}, United Kingdom.', '712 High Road, Leyton, London E10 6JP, United Kingdom.'],
    ['company number {{company-number}}', `company number ${site.companyNumber}`],
    ['{{hours}}.', 'Monday to Saturday, 9:00am – 18:00; closed on Sunday.'],
    ['about {{whatsapp-reply-minutes}} minutes', `about ${site.whatsapp.replyMinutes} minutes`],
    ['{{statistics-kept-for}}', `${site.retention.visitStatisticsMonths} months`],
    ['{{visit-photos-kept-for}}', `${site.retention.visitPhotosMonths} months`],
    ['no placeholder at all', 'no placeholder at all'],
    ['a single { brace } is text', 'a single { brace } is text'],
  ])('%j → %j', (text, filled) => {
    expect(fillFacts(text)).toBe(filled);
  });

  it.each([
    ['{{phnoe}}', /Unknown placeholder \{\{phnoe\}\}.*Known: \{\{address\}\}/],
    ['{{constructor}}', /Unknown placeholder \{\{constructor\}\}/],
    ['{{}}', /Unknown placeholder \{\{\}\}/],
    ['{{phone}', /not a placeholder/],
    ['phone}}', /not a placeholder/],
    ['{{ {{phone}} }}', /not a placeholder/],
  ])('refuses %j', (text, message) => {
    expect(() => fillFacts(text)).toThrow(FactPlaceholderError);
    expect(() => fillFacts(text)).toThrow(message);
  });

  it('follows site.json: other facts, other words', () => {
    const other = {
      ...site,
      phone: { display: '020 7946 0000', e164: '+442079460000' },
      openingHours: site.openingHours.map((d) => (d.day === 'Saturday' ? { ...d, opens: null, closes: null } : d)),
      retention: { ...site.retention, visitStatisticsMonths: 1, sentMessagesMonths: 6 },
    };
    const facts = factPlaceholders(other);
    expect(fillFacts('{{phone}} {{hours}} {{statistics-kept-for}}', facts)).toBe(
      '020 7946 0000 Monday to Friday, 9:00am – 18:00; closed on Saturday and Sunday 1 month',
    );
  });

  it('refuses a retention period that would delete everything', () => {
    expect(() => factPlaceholders({ ...site, retention: { ...site.retention, visitStatisticsMonths: 0 } })).toThrow();
  });
});

describe('fillKnownFacts', () => {
  it('fills what it knows and leaves the rest as written', () => {
    expect(fillKnownFacts('{{phone}} {{fax}} {{phone} }}')).toBe(`${site.phone.display} {{fax}} {{phone} }}`);
  });
});

describe('unfilledPlaceholders', () => {
  it.each([
    ['<p>Call {{fax}} today</p>', ['<p>Call {{fax}} today</p>']],
    ['<p>a stray }} here</p>', ['<p>a stray }} here</p>']],
    ['<a href="mailto:%7B%7Bemail%7D%7D">mail</a>', ['<a href="mailto:%7B%7Bemail%7D%7D">mail</a>']],
    ['<p>all filled in</p>', []],
    // Braces in code are code.
    ['<style>@media (width > 1px){.a{color:red}}</style><script>if(a){{b()}}</script><p>ok</p>', []],
  ])('%j → %j', (html, leftovers) => {
    expect(unfilledPlaceholders(html)).toEqual(leftovers);
  });
});

describe('Markdown with placeholders', () => {
  it('fills text and link addresses after parsing, escaped as text', () => {
    expect(markdown('- E-mail: [{{email}}](mailto:{{email}})\n- **{{phone}}**')).toBe(
      `<ul>\n<li>E-mail: <a href="mailto:${site.email}">${site.email}</a></li>\n<li><strong>${site.phone.display}</strong></li>\n</ul>\n`,
    );
    expect(plainText('{{directions}}')).toBe(site.address.directions);
  });

  it('fills text between inline HTML tags and inside an HTML attribute', () => {
    expect(markdown('<span title="{{phone}}">{{phone}}</span>')).toBe(
      `<p><span title="${site.phone.display}">${site.phone.display}</span></p>\n`,
    );
  });

  it.each([
    ['an unknown name', 'Call {{fax}}.'],
    ['a stray brace', 'Call {{phone} now.'],
    ['a placeholder in code, which is never filled', '`{{phone}}`'],
    ['a reference definition, resolved before any plugin', '[mail][m]\n\n[m]: mailto:{{email}}'],
  ])('refuses %s', (_case, source) => {
    expect(() => markdown(source)).toThrow(FactPlaceholderError);
  });
});

describe("the build's last step", () => {
  it('refuses built pages with a placeholder left, naming the page', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'placeholders-'));
    try {
      await mkdir(path.join(dir, 'legal/terms'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), '<p>All filled in</p><script>if(a){{b()}}</script>');
      await assertPagesHaveNoPlaceholders(dir);
      await writeFile(path.join(dir, 'legal/terms/index.html'), '<p>company number {{company-numbr}}</p>');
      await expect(assertPagesHaveNoPlaceholders(dir)).rejects.toThrow(
        /legal\/terms\/index\.html .*\{\{company-numbr\}\}/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the privacy notice', () => {
  it('states the retention periods by reference, as the retention job deletes by them', async () => {
    const notice = await readFile(path.resolve(import.meta.dirname, '../../content/legal/privacy.md'), 'utf8');
    const keeping = notice.slice(notice.indexOf('## How long we keep it'), notice.indexOf('## Your rights'));
    expect(keeping).toContain('Visit statistics: for **{{statistics-kept-for}}**');
    expect(keeping).toContain('**{{sent-messages-kept-for}}** after they are sent');
    expect(keeping).toContain('**{{visit-photos-kept-for}}** after the visit');
    expect(markdown(keeping)).toContain(
      `Visit statistics: for <strong>${RETENTION_PERIODS.visitStatisticsMonths} months</strong>`,
    );
    expect(markdown(keeping)).toContain(
      `<strong>${RETENTION_PERIODS.sentMessagesMonths} months</strong> after they are sent`,
    );
    expect(markdown(keeping)).toContain(
      `<strong>${RETENTION_PERIODS.visitPhotosMonths} months</strong> after the visit, after which we delete them`,
    );
  });
});
