import { describe, expect, it } from 'vitest';
import { MODULE_PRELOAD_SLOT } from '../../src/client/guard-head.ts';
import { entryScripts, staticClosure, withModulePreloads } from './staff-preload.ts';

const modules: Record<string, string> = {
  '/_astro/Page.1.js': 'import{a}from"./api.2.js";import{r}from"./react.3.js";const c=()=>import("./charts.4.js");',
  '/_astro/api.2.js': 'import{s}from"./store.5.js";export const a=1;',
  '/_astro/react.3.js': 'export const r=1;',
  '/_astro/charts.4.js': 'import{u}from"./uplot.6.js";',
  '/_astro/store.5.js': 'import{a}from"./api.2.js";export const s=1;',
  '/_astro/client.7.js': 'import{r}from"./react.3.js";',
  '/_astro/Guard.8.js': 'import"./api.2.js";',
};
const read = (url: string) => modules[url] ?? null;
const page = `<html><head><script>${MODULE_PRELOAD_SLOT}.forEach(f)</script></head><body>
<astro-island component-url="/_astro/Page.1.js" renderer-url="/_astro/client.7.js"></astro-island>
<script type="module" src="/_astro/Guard.8.js"></script></body></html>`;

describe('staff page modulepreloads', () => {
  it('finds the islands, their renderer and the module scripts', () => {
    expect(entryScripts(page)).toEqual(['/_astro/Page.1.js', '/_astro/client.7.js', '/_astro/Guard.8.js']);
  });

  it('follows static imports (cycles once), not dynamic ones', () => {
    expect(staticClosure(['/_astro/Page.1.js'], read)).toEqual([
      '/_astro/Page.1.js',
      '/_astro/api.2.js',
      '/_astro/store.5.js',
      '/_astro/react.3.js',
    ]);
  });

  it("fills the guard's head script with the list; a page without it is left alone", () => {
    const filled = withModulePreloads(page, read);
    expect(filled).toContain(
      '<script>["/_astro/Page.1.js","/_astro/api.2.js","/_astro/store.5.js","/_astro/react.3.js","/_astro/client.7.js","/_astro/Guard.8.js"].forEach(f)</script>',
    );
    const login = page.replace(MODULE_PRELOAD_SLOT, '[]');
    expect(withModulePreloads(login, read)).toBe(login);
  });
});
