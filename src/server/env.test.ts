import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const root = new URL('../../', import.meta.url);
const exampleVars = readFileSync(new URL('.env.example', root), 'utf8')
  .split('\n')
  .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
  .filter((name): name is string => Boolean(name));
const readme = readFileSync(new URL('README.md', root), 'utf8');
const table = readme.slice(readme.indexOf('config-table:start'), readme.indexOf('config-table:end'));
const tableVars = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);

describe('configuration', () => {
  it('documents every variable of .env.example in the README table, in the same order', () => {
    expect(tableVars).toEqual(exampleVars);
  });

  it('lists in .env.example every variable the server reads', () => {
    const source = readFileSync(new URL('src/server/env.ts', root), 'utf8');
    const schemaVars = [...source.matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(schemaVars.length).toBeGreaterThan(5);
    for (const name of schemaVars) expect(exampleVars).toContain(name);
  });

  it('accepts an empty environment (nothing configured still works)', () => {
    expect(parseEnv({})).toMatchObject({ DEMO_STAFF_PHONE: '+447700900000' });
    // No default address: one that is wrong would put wrong links in messages (src/server/site-url.ts).
    expect(parseEnv({}).URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ STRIPE_SECRET_KEY: '' }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'pk_live_oops' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ URL: 'not a url' }, 'URL'],
  ])('names the bad variable in %o', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(name);
  });
});
