/**
 * Markdown held in data files (FAQ answers) to HTML at build time. Astro renders Markdown *files*
 * itself; JSON fields need this. The text is our own editorial content, not visitors' input.
 */
import { markdownToHtml } from 'satteri';

export function markdown(source: string): string {
  return markdownToHtml(source).html;
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
