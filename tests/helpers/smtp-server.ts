import net from 'node:net';

/**
 * A tiny SMTP server (RFC 5321, no TLS, no auth) that keeps what it receives, for tests of the real
 * mail client. `failNext(n, code)` answers the next n messages' DATA with a temporary failure,
 * the way a provider under load does.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  /** Messages it answered with a failure (not delivered), so a test can count every try. */
  const rejected: ReceivedMail[] = [];
  let failures = 0;
  let failureReply = '451 4.3.0 Try again later';
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], raw: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          if (failures > 0) {
            failures--;
            rejected.push({ ...mail, raw });
            reply(failureReply);
          } else {
            received.push({ ...mail, raw });
            reply('250 2.0.0 OK queued');
          }
          mail = { from: '', to: [], raw: '' };
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-localhost');
          reply('250-8BITMIME');
          reply('250 SMTPUTF8');
        } else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], raw: '' };
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 5.5.2 Command not recognised');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejected,
    failNext(n: number, replyLine = '451 4.3.0 Try again later') {
      failures = n;
      failureReply = replyLine;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The decoded text of the MIME part whose headers match `header` (base64 or 7bit/quoted-printable). */
export function mimePart(raw: string, header: RegExp): string | null {
  const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!header.test(head)) continue;
    let body = part.slice(split + 4).replace(/\r\n--[^\r\n]+--\r\n?$/, '');
    if (/content-transfer-encoding:\s*base64/i.test(head))
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      body = body.replace(/=\r\n/g, '');
      return Buffer.from(
        body.replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    }
    return body;
  }
  return null;
}
