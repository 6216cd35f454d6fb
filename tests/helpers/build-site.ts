import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Builds the site with `astro build` into `outDir`, with its own cache (Astro keeps the content
 * collections between builds in its cache), in a child process with exactly `env`. The project's
 * own dist/ and cache are left alone.
 */
export async function buildSite(root: string, work: string, name: string, env: NodeJS.ProcessEnv): Promise<string> {
  const outDir = path.join(work, `dist-${name}`);
  const config = path.join(work, `astro.config.${name}.mjs`);
  await writeFile(
    config,
    [
      `import base from ${JSON.stringify(pathToFileURL(path.join(root, 'astro.config.mjs')).href)};`,
      `export default { ...base, outDir: ${JSON.stringify(outDir)}, cacheDir: ${JSON.stringify(path.join(work, `cache-${name}`))} };`,
    ].join('\n'),
  );
  const child = spawn(
    path.join(root, 'node_modules/.bin/astro'),
    ['build', '--silent', '--root', root, '--config', path.relative(root, config)],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`astro build (${name}) failed with ${code}:\n${output.slice(-4000)}`);
  return outDir;
}
