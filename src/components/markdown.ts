/**
 * Markdown held in data files (FAQ answers) to HTML at build time. Astro renders Markdown *files*
 * itself; JSON fields need this. The text is our own editorial content, not visitors' input.
 * Both go through `siteFactsPlugin`, so `{{phone}}` means the same in a legal page and an answer.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineMdastPlugin, markdownToHtml } from 'satteri';
import {
  FACTS,
  FactPlaceholderError,
  fillKnownFacts,
  mentionsFacts,
  unfilledMessage,
  unfilledPlaceholders,
} from './fact-placeholders.ts';

/**
 * Astro keeps rendered Markdown files between builds and renders one again only when the file or
 * the Astro config changes, so a new phone number in site.json alone would leave the old one on the
 * legal pages. The plugin's name is part of the config: naming it after the facts it fills in makes
 * any change of a fact a change of the config, and Astro renders every file again.
 */
const FACTS_DIGEST = createHash('sha256').update(JSON.stringify(FACTS)).digest('hex').slice(0, 12);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Fills `{{placeholders}}` with the business's facts (fact-placeholders.ts) after parsing: in text
 * and link addresses as plain values (escaped on output like any text), in raw HTML escaped first.
 * An unknown one is left as written and refused on output (`markdown` below, and the build's last
 * step in astro.config.mjs). Astro's own Markdown pipeline runs it too.
 */
export const siteFactsPlugin = defineMdastPlugin({
  name: `site-facts-${FACTS_DIGEST}`,
  text(node, ctx) {
    if (mentionsFacts(node.value)) ctx.setProperty(node, 'value', fillKnownFacts(node.value));
  },
  link(node, ctx) {
    if (mentionsFacts(node.url)) ctx.setProperty(node, 'url', fillKnownFacts(node.url));
    if (node.title && mentionsFacts(node.title)) ctx.setProperty(node, 'title', fillKnownFacts(node.title));
  },
  html(node, ctx) {
    if (mentionsFacts(node.value)) ctx.setProperty(node, 'value', fillKnownFacts(node.value, FACTS, escapeHtml));
  },
});

/** Markdown from a data file to HTML; throws if a placeholder is left unfilled. */
export function markdown(source: string): string {
  const html = markdownToHtml(source, { mdastPlugins: [siteFactsPlugin] }).html;
  const leftovers = unfilledPlaceholders(html);
  if (leftovers.length)
    throw new FactPlaceholderError(unfilledMessage(`The Markdown ${JSON.stringify(source.slice(0, 80))}`, leftovers));
  return html;
}

/** Markdown to plain text, for meta descriptions and JSON-LD answers. */
export function plainText(source: string): string {
  return markdown(source)
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/**
 * The build's last step (astro.config.mjs): refuses a site whose pages still show a placeholder,
 * whichever way it got there (a typo in a Markdown file, a link reference, a cached render).
 */
export async function assertPagesHaveNoPlaceholders(outDir: URL | string): Promise<void> {
  const root = typeof outDir === 'string' ? outDir : fileURLToPath(outDir);
  const problems: string[] = [];
  for (const file of (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.html')).sort()) {
    const leftovers = unfilledPlaceholders(await readFile(path.join(root, file), 'utf8'));
    if (leftovers.length) problems.push(unfilledMessage(file, leftovers));
  }
  if (problems.length)
    throw new FactPlaceholderError(`Built pages with unfilled placeholders:\n- ${problems.join('\n- ')}`);
}
