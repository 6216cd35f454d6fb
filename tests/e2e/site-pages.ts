/**
 * The public pages of the spec and the heading each must show, read from content/ so a new post or
 * legal page is covered without editing the tests. Shared by the site-*.spec.ts files and the
 * Lighthouse benchmark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

function frontmatter(file: string): Record<string, string> {
  const text = readFileSync(file, 'utf8');
  const block = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const m = /^(\w+):\s*(.*)$/.exec(line);
    if (m) fields[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  }
  return fields;
}

function entries(dir: string) {
  const full = path.join(ROOT, 'content', dir);
  return readdirSync(full)
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ id: f.replace(/\.md$/, ''), data: frontmatter(path.join(full, f)) }));
}

export interface PublicPage {
  path: string;
  heading: string;
}

export function publicPages(): PublicPage[] {
  const about = frontmatter(path.join(ROOT, 'content/pages/about.md'));
  const posts = entries('blog').filter((p) => p.data.draft !== 'true');
  return [
    { path: '/', heading: 'Trusted and Professional Dog Grooming in Leyton' },
    { path: '/leyton', heading: 'Trusted and Professional Dog Grooming in Leyton' },
    { path: '/about', heading: about.title ?? 'About us' },
    { path: '/prices', heading: 'Our Prices & Services' },
    { path: '/contact', heading: 'Contact us' },
    { path: '/frequently-asked-questions', heading: 'Questions & Answers' },
    { path: '/blog', heading: 'Tips and news from the grooming table' },
    ...posts.map((p) => ({ path: `/blog/post/${p.id}`, heading: p.data.title! })),
    ...entries('legal').map((l) => ({ path: `/legal/${l.id}`, heading: l.data.title! })),
  ];
}

/** The legal pages the spec names; all must exist. */
export const SPEC_LEGAL_PATHS = [
  '/legal/terms-and-conditions',
  '/legal/refunds-and-cancellations',
  '/legal/self-disclosure-policy',
];
