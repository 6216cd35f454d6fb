import type { Socket } from 'node:net';
import type { NetlifyDB } from '@netlify/database-dev';
import { fromNodeSocket } from 'pg-gateway/node';

/**
 * The embedded database with one transaction at a time.
 *
 * `NetlifyDB` serves every wire-protocol connection from ONE PGlite session, so two pool clients'
 * transactions interleave: a ROLLBACK on one connection undoes the other's uncommitted work, and a
 * COMMIT commits it (measured here). Production Postgres gives each connection its own session.
 * `serialiseTransactions` makes the emulation honest: a connection that sends a message takes a lock and keeps
 * it until the server reports the session idle again (ReadyForQuery 'I'), so each transaction runs
 * alone, as on a real server with serialised writers. A connection that drops mid-transaction has
 * its transaction rolled back before the next one runs.
 *
 * The session can never be kept by a connection that has gone: one that leaves while it waits for
 * the session gets it only to give it back (its queued statement never runs), and one that sits in
 * an open transaction for longer than `idleInTransactionMs` is ended, as Postgres does with
 * `idle_in_transaction_session_timeout`, so an abandoned transaction cannot stop the site.
 */
export function serialiseTransactions(database: NetlifyDB, options: { idleInTransactionMs?: number } = {}): NetlifyDB {
  // Longer than any function may run (30 s): a transaction idle for longer has been abandoned.
  const idleInTransactionMs = options.idleInTransactionMs ?? 60_000;
  const internals = database as unknown as {
    db?: EmbeddedSession;
    connections: Set<Socket>;
    logger: (...m: unknown[]) => void;
    handleConnection: (socket: Socket) => void;
  };
  let holder: object | null = null;
  let waiters: Array<() => void> = [];
  const acquire = async (owner: object) => {
    while (holder !== null && holder !== owner) await new Promise<void>((resolve) => waiters.push(resolve));
    holder = owner;
  };
  const release = (owner: object) => {
    if (holder !== owner) return;
    holder = null;
    // Wake everyone; the first to run takes the lock, the rest wait again.
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };

  internals.handleConnection = (socket: Socket) => {
    const session = internals.db;
    if (!session) return;
    const owner = {};
    let closed = false;
    let idleTimer: NodeJS.Timeout | undefined;
    let leaving: Promise<void> | undefined;
    // Rolls back whatever this connection left open, then hands the session on. Harmless when the
    // session is idle; runs once however many ways the connection leaves.
    const leave = () =>
      (leaving ??= session
        .exec('ROLLBACK')
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => release(owner)));
    internals.connections.add(socket);
    socket.on('close', () => {
      closed = true;
      clearTimeout(idleTimer);
      internals.connections.delete(socket);
      if (holder === owner) void leave();
    });
    fromNodeSocket(socket, {
      serverVersion: '16.3 (NetlifyDB/pglite)',
      auth: { method: 'trust' },
      onMessage: async (data, { isAuthenticated }) => {
        // Terminate ('X') is the gateway's to answer: it closes the socket, and 'close' cleans up.
        if (!isAuthenticated || data[0] === 0x58) return undefined;
        clearTimeout(idleTimer);
        await acquire(owner);
        if (closed) {
          // It left while it waited: its statement must not run, nor keep the session.
          await leave();
          return undefined;
        }
        let response: Uint8Array;
        try {
          response = await session.execProtocolRaw(data);
        } catch (error) {
          release(owner);
          throw error;
        }
        const status = lastReadyForQueryStatus(response);
        if (status === 'I') release(owner);
        else if (status === 'T' || status === 'E')
          idleTimer = setTimeout(() => socket.destroy(), idleInTransactionMs).unref();
        return response;
      },
    }).catch((error: unknown) => {
      if (error instanceof Error && error.message.includes('ECONNRESET')) return;
      internals.logger('Unexpected connection error:', error);
    });
  };
  return database;
}

interface EmbeddedSession {
  exec(sql: string): Promise<unknown>;
  execProtocolRaw(message: Uint8Array): Promise<Uint8Array>;
}

/** The transaction status of the last ReadyForQuery ('Z') message in a backend response, if any. */
export function lastReadyForQueryStatus(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let status: string | null = null;
  let offset = 0;
  while (offset + 5 <= bytes.byteLength) {
    const type = bytes[offset]!;
    const length = view.getUint32(offset + 1);
    if (type === 0x5a && length === 5 && offset + 6 <= bytes.byteLength)
      status = String.fromCharCode(bytes[offset + 5]!);
    offset += 1 + length;
  }
  return status;
}
