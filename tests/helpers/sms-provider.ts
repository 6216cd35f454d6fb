import http from 'node:http';

/**
 * A local HTTP server that answers like a generic SMS provider's JSON API, and can fail on demand.
 * `GET` on the same address lists what it was sent (`?to=+44…` for one number's texts): the phone's
 * inbox, for end-to-end tests that read a text as the person would.
 */
export async function startSmsProvider(options: { port?: number } = {}) {
  const requests: Array<{ headers: http.IncomingHttpHeaders; body: { to: string; text: string; reference: string } }> =
    [];
  /** Texts it answered with a failure (not delivered), so a test can count every try. */
  const rejected: Array<{ to: string; text: string; reference: string }> = [];
  let failures = 0;
  let failureStatus = 503;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      const to = new URL(req.url ?? '/', 'http://localhost').searchParams.get('to');
      const texts = requests.map((r) => r.body).filter((body) => to === null || body.to === to);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(texts));
      return;
    }
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      data += c;
    });
    req.on('end', () => {
      if (failures > 0) {
        failures--;
        rejected.push(JSON.parse(data));
        res
          .writeHead(failureStatus, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'temporarily unavailable' }));
        return;
      }
      requests.push({ headers: req.headers, body: JSON.parse(data) });
      res
        .writeHead(202, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `sms_${requests.length}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    requests,
    rejected,
    failNext(n: number, status = 503) {
      failures = n;
      failureStatus = status;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
