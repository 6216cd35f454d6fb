import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { ContentClient } from './content-client.ts';

/**
 * Astro content loaders for DatoCMS. Each collection of src/content.config.ts gets its entries either
 * from `content/` (Astro's own file loaders, wrapped by `fromFiles`) or from DatoCMS (`fromDatoCms`),
 * in the same shapes, so pages never know which. Astro keeps a collection sorted by id, so where order
 * is content (showcase, questions, partners) each entry carries its place as `order`. Markdown bodies are rendered by Astro's own Markdown
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

/**
 * A JSON array of `{ id, … }` objects in content/, each entry with its place in the file as `order`
 * (Astro's own `file()` loader keeps no order). Reloads when the file changes under `npm run dev`.
 */
export function jsonArrayFile(file: string): Loader {
  const absolute = path.resolve(file);
  async function load(context: LoaderContext) {
    const items = JSON.parse(await readFile(absolute, 'utf8')) as Array<{ id?: unknown }>;
    if (!Array.isArray(items)) throw new Error(`${file} must hold an array`);
    context.store.clear();
    for (const [order, { id, ...rest }] of items.entries()) {
      if (typeof id !== 'string' || !id) throw new Error(`${file}: entry ${order + 1} has no id`);
      const data = await context.parseData({ id, data: { ...rest, order }, filePath: file });
      context.store.set({ id, data, digest: context.generateDigest({ ...rest, order }), filePath: file });
    }
  }
  return {
    name: 'json-array-file',
    async load(context) {
      await useSource(context, 'files');
      await load(context);
      context.watcher?.add(absolute);
      context.watcher?.on('change', (changed) => {
        if (path.resolve(changed) === absolute)
          void load(context).catch((error: unknown) => context.logger.error(String(error)));
      });
    },
  };
}

export function fromDatoCms(
  name: string,
  client: ContentClient,
  fetchEntries: (client: ContentClient) => Promise<CmsEntry[]>,
): Loader {
  return {
    name: `datocms-${name}`,
    async load(context) {
      const entries = await fetchEntries(client);
      await useSource(context, 'datocms');
      const seen = new Set<string>();
      for (const entry of entries) {
        if (seen.has(entry.id))
          throw new Error(`DatoCMS ${name}: two published records are both "${entry.id}"; each needs its own`);
        seen.add(entry.id);
      }
      // Cleared and filled afresh every build: order is content too (showcase, FAQ, partners), and
      // a record unpublished since the last build must leave with its entry.
      context.store.clear();
      for (const [order, entry] of entries.entries()) {
        // DatoCMS's order (position, for sortable models); collections that do not use it drop it.
        const data = await context.parseData({ id: entry.id, data: { ...entry.data, order } });
        const rendered = entry.body === undefined ? undefined : await context.renderMarkdown(entry.body);
        const digest = context.generateDigest({ data: entry.data, body: entry.body ?? '' });
        context.store.set({
          id: entry.id,
          data,
          digest,
          ...(entry.body === undefined ? {} : { body: entry.body, rendered }),
        });
      }
      context.logger.info(`${entries.length} ${name} from DatoCMS`);
    },
  };
}
