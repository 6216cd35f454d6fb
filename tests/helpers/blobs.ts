import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll } from 'vitest';

/**
 * Netlify Blobs for a test file: the package's own local server in a temporary folder, and the
 * context Netlify gives a function (`NETLIFY_BLOBS_CONTEXT`) pointing at it, as NetlifyDev's runtime
 * sets it for `npm start`. Returns how many requests of each kind the store has answered.
 */
export function useTestBlobs(): { requests: { type: string; url: string }[] } {
  const requests: { type: string; url: string }[] = [];
  let server: BlobsServer | undefined;
  let directory: string | undefined;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'blobs-'));
    const token = 'test-blobs-token';
    server = new BlobsServer({ directory, token, onRequest: (r) => requests.push(r), logger: () => undefined });
    const { port } = await server.start();
    const context = {
      edgeURL: `http://localhost:${port}`,
      uncachedEdgeURL: `http://localhost:${port}`,
      siteID: 'test-site',
      token,
      deployID: '0',
      primaryRegion: 'us-east-2',
    };
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
  });
  afterAll(async () => {
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });
  return { requests };
}
