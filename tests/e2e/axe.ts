import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core run in the page as it is, the way its own docs show (`axe.run`): injected once per
 * document and asked for violations only. `@axe-core/playwright`'s default mode opens a second page
 * to merge per-frame results for cross-origin iframes, which this site has none of; on these
 * machines that doubled the time of every scan. Same rules, same engine, same findings.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeViolation {
  id: string;
  nodes: { target: string[] }[];
}

/** Each violation as `rule: selector, selector`; an empty list means axe found nothing. */
export async function axeViolations(
  page: Page,
  options: { tags?: string[]; include?: string[] } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      const axe = (
        window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
        }
      ).axe;
      const context = include.length ? { include: include.map((selector) => [selector]) } : document;
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) }));
    },
    { tags: options.tags ?? WCAG_22_AA, include: options.include ?? [] },
  );
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
