/**
 * Runs in a child process beside no `node_modules` of ours: imports each function bundle that
 * Netlify's build made, unpacked (its `___netlify-entry-point.mjs`, the file Netlify's runtime loads) and
 * calls its Lambda handler the way Netlify's runtime does, with the smallest stand-in for the
 * `awslambda` streaming global. A file missing from a bundle fails the import or the call.
 *
 * Input (stdin): JSON `{ bundles: string, calls: { name, method, url, headers?, body? }[] }`.
 * Output (stdout, last line): JSON `{ name, status, body }[]`.
 */
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

interface Call {
  name: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  route?: string;
}

class ResponseStream extends Writable {
  meta: { statusCode?: number } = {};
  chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void) {
    this.chunks.push(Buffer.from(chunk));
    done();
  }
}

(globalThis as Record<string, unknown>).awslambda = {
  streamifyResponse: (handler: unknown) => handler,
  HttpResponseStream: {
    from: (stream: ResponseStream, meta: { statusCode?: number }) => Object.assign(stream, { meta }),
  },
};

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const { bundles, calls } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { bundles: string; calls: Call[] };

const results = [];
for (const call of calls) {
  try {
    const entry = pathToFileURL(path.join(bundles, call.name, '___netlify-entry-point.mjs')).href;
    const { handler } = (await import(entry)) as {
      handler: (event: unknown, stream: ResponseStream, context: unknown) => Promise<void>;
    };
    const stream = new ResponseStream();
    const finished = new Promise((resolve) => stream.on('finish', resolve));
    await handler(
      {
        rawUrl: call.url,
        httpMethod: call.method,
        headers: { 'x-nf-client-connection-ip': '203.0.113.7', ...call.headers },
        body: call.body ?? null,
        isBase64Encoded: false,
        route: call.route,
        flags: {},
      },
      stream,
      { awsRequestId: `bundle-check-${call.name}`, getRemainingTimeInMillis: () => 30_000, clientContext: {} },
    );
    await finished;
    results.push({
      name: call.name,
      status: stream.meta.statusCode ?? 0,
      body: Buffer.concat(stream.chunks).toString('utf8').slice(0, 300),
    });
  } catch (error) {
    results.push({
      name: call.name,
      status: 0,
      body: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
}
process.stdout.write(`\n${JSON.stringify(results)}\n`);
process.exit(0);
