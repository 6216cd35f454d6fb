import type { Loader, LoaderContext } from 'astro/loaders';
import type { ContentClient } from './content-client.ts';

/**
 * Astro content loaders for DatoCMS. Each collection of src/content.config.ts gets its entries either
 * from `content/` (Astro's own file loaders, wrapped by `fromFiles`) or from DatoCMS (`fromDatoCms`),
 * in the same shapes, so pages never know which. Markdown bodies are rendered by Astro's own Markdown
 * pipeline (`renderMarkdown`), as for a file in `content/`: the same text gives the same HTML.
 */

export interface CmsEntry {
  id: string;
  data: Record<string, unknown>;
  /** Markdown, for collections rendered with `render()`. */
  body?: string;
}

/** Astro keeps a collection's entries between builds: entries of the other source must not linger. */
async function useSource(context: LoaderContext, source: 'files' | 'datocms') {
  if (context.meta.get('source') !== source) {
    context.store.clear();
    context.meta.set('source', source);
  }
}

export function fromFiles(loader: Loader): Loader {
  return {
    ...loader,
    async load(context) {
      await useSource(context, 'files');
      await loader.load(context);
    },
  };
}

export function fromDatoCms(name: string, client: ContentClient, fetchEntries: (client: ContentClient) => Promise<CmsEntry[]>): Loader {
  return {
    name: `datocms-${name}`,
    async load(context) {
      const entries = await fetchEntries(client);
      await useSource(context, 'datocms');
      const seen = new Set<string>();
      for (const entry of entries) {
        if (seen.has(entry.id)) throw new Error(`DatoCMS ${name}: two published records are both "${entry.id}"; each needs its own`);
        seen.add(entry.id);
      }
      // Cleared and filled afresh every build: order is content too (showcase, FAQ, partners), and
      // a record unpublished since the last build must leave with its entry.
      context.store.clear();
      for (const entry of entries) {
        const data = await context.parseData({ id: entry.id, data: entry.data });
        const rendered = entry.body === undefined ? undefined : await context.renderMarkdown(entry.body);
        const digest = context.generateDigest({ data: entry.data, body: entry.body ?? '' });
        context.store.set({ id: entry.id, data, digest, ...(entry.body === undefined ? {} : { body: entry.body, rendered }) });
      }
      context.logger.info(`${entries.length} ${name} from DatoCMS`);
    },
  };
}
