import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrationNames } from '../../scripts/lib/database.ts';
import { PROJECT_ROOT } from '../../scripts/lib/site-server.ts';

/**
 * Landed migrations are never edited (docs/decisions/058-gates.md): a database that applied a
 * migration will never apply it again, so an edit reaches only new databases and the two drift
 * apart. Each migration must equal the version that first landed in git; a change is a new migration.
 */
const git = (...args: string[]) => execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' });

describe('migrations', async () => {
  const names = await migrationNames();
  const relative = (name: string) => path.relative(PROJECT_ROOT, path.join(MIGRATIONS_DIR, `${name}.sql`));

  it.each(names)('%s is as it first landed', (name) => {
    const file = relative(name);
    const first = git('log', '--diff-filter=A', '--format=%H', '--', file).trim().split('\n').filter(Boolean).at(-1);
    // Not committed yet: nothing has landed to compare with.
    if (!first) return;
    expect(
      readFileSync(path.join(PROJECT_ROOT, file), 'utf8'),
      `${file} was changed after it landed in ${first.slice(0, 8)}; add a new migration instead`,
    ).toBe(git('show', `${first}:${file}`));
  });

  it('are named with a timestamp and a name, and no two share a timestamp', () => {
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
    const stamps = names.map((n) => n.slice(0, 14));
    expect(new Set(stamps).size).toBe(stamps.length);
  });
});
