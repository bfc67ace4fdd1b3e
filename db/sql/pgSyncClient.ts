import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** The two connections a workspace keeps: writes (and reads inside them), and reads outside them. */
export type PgConnection = 'writer' | 'reader';

export interface PgResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

/** An error PostgreSQL answered, with its SQLSTATE (e.g. 40001 serialization failure). */
export class PgError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'PgError';
  }
}

/** Looks for an answer that woke the caller but is not receivable yet: up to 100 × 10 ms. */
const RECEIVE_ATTEMPTS = 100;
const RECEIVE_SLEEP_MS = 10;

/** How long one statement may take before the calling thread gives up on it. */
const CALL_TIMEOUT_MS = 120_000;

/**
 * Synchronous PostgreSQL for the services, which are synchronous by design (db/sql/sqlDb.ts):
 * `pg` runs on a thread of its own with two connections, and each call blocks the calling
 * thread (Atomics.wait) until the answer is back. The thread posts the answer on a port before
 * it wakes the caller, who takes it with receiveMessageOnPort — no event loop turn in between,
 * so nothing else of the caller's runs mid-call.
 *
 * Blocking is the price of keeping write functions free of `await` (nothing interleaves inside
 * a transaction). A server answers one request at a time while it waits on the database; a team
 * runs several servers on one database for more (issue 16, "stateless servers").
 */
export class PgSyncClient {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  /** [0]: set by the thread when it has answered; [1]: only slept on (see receive). */
  private readonly signal = new Int32Array(new SharedArrayBuffer(8));
  private closed = false;

  constructor(connectionString: string) {
    const resolve = createRequire(import.meta.url).resolve;
    const driver = resolve('pg');
    const copyStreams = resolve('pg-copy-streams');
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { driver, copyStreams, connectionString, port: port2, signal: this.signal },
      transferList: [port2],
    });
    // The thread must not keep a process alive that is otherwise done.
    this.worker.unref();
    this.call({ kind: 'connect' });
  }

  /** Runs one statement with `$n` parameters on a connection. */
  query(connection: PgConnection, text: string, parameters: readonly unknown[] = []): PgResult {
    return this.call({ kind: 'query', connection, text, parameters }) as PgResult;
  }

  /**
   * Streams `data` — rows in COPY's text format, each ending in a newline — into `copy` (a
   * `COPY table (columns) FROM STDIN` statement) on a connection, inside whatever transaction
   * it has open (a failed COPY fails that transaction, as any statement does). Returns the rows
   * written.
   */
  copyIn(connection: PgConnection, copy: string, data: string): number {
    return (this.call({ kind: 'copy', connection, text: copy, data }) as PgResult).rowCount;
  }

  /** Ends both connections and the thread. */
  close(): void {
    if (this.closed) return;
    try {
      this.call({ kind: 'end' });
    } finally {
      this.closed = true;
      void this.worker.terminate();
    }
  }

  /**
   * The thread's answer. Node has been seen to wake the caller a moment before the answer posted
   * just before the wake-up can be received (babel/babel#14541 met it too; here once, on a loaded
   * machine): so, when the answer is not there yet, look again a few times after a short sleep.
   */
  private receive(): unknown {
    for (let attempt = 0; ; attempt++) {
      const received = receiveMessageOnPort(this.port);
      if (received || attempt >= RECEIVE_ATTEMPTS) return received?.message;
      Atomics.wait(this.signal, 1, 0, RECEIVE_SLEEP_MS);
    }
  }

  private call(message: Record<string, unknown>): unknown {
    if (this.closed) throw new Error('the PostgreSQL connection is closed');
    Atomics.store(this.signal, 0, 0);
    this.worker.postMessage(message);
    if (Atomics.wait(this.signal, 0, 0, CALL_TIMEOUT_MS) === 'timed-out') {
      throw new Error(`PostgreSQL did not answer within ${CALL_TIMEOUT_MS / 1000} s`);
    }
    const reply = this.receive() as { ok: true; value: unknown } | { ok: false; message: string; code?: string; detail?: string } | undefined;
    if (!reply) throw new Error('the PostgreSQL thread woke the caller without an answer');
    if (!reply.ok) throw new PgError(reply.message, reply.code, reply.detail);
    return reply.value;
  }
}

// Plain JavaScript, run as an eval'd worker so the bundled CLI and app need no extra file.
// Type parsers make rows look as they do from SQLite: int8 (count(*), bigint ids) and numeric
// as numbers, refusing rather than rounding an integer beyond 2^53; booleans as 0/1.
const WORKER_CODE = `
const { workerData, parentPort } = require('node:worker_threads');
const pg = require(workerData.driver);
const { finished } = require('node:stream/promises');
let copyFrom = null;
const { port, signal, connectionString } = workerData;
const safeInteger = (text) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error('integer ' + text + ' is beyond 2^53 and would be rounded');
  return n;
};
pg.types.setTypeParser(20, safeInteger);
pg.types.setTypeParser(1700, (text) => Number(text));
pg.types.setTypeParser(16, (text) => (text === 't' ? 1 : 0));
const connections = {};
const answer = (reply) => {
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
};
const fail = (error) => answer({ ok: false, message: String(error && error.message || error), code: error && error.code, detail: error && error.detail });
parentPort.on('message', async (message) => {
  try {
    if (message.kind === 'connect') {
      for (const name of ['writer', 'reader']) {
        const client = new pg.Client({ connectionString, application_name: 'accord ' + name });
        // A dropped connection fails the next call, which says so; it must not crash the thread.
        client.on('error', () => {});
        await client.connect();
        connections[name] = client;
      }
      answer({ ok: true, value: null });
    } else if (message.kind === 'query') {
      const values = message.parameters.map((v) => (v instanceof Uint8Array ? Buffer.from(v) : v));
      const result = await connections[message.connection].query({ text: message.text, values });
      answer({ ok: true, value: { rows: result.rows || [], rowCount: result.rowCount || 0 } });
    } else if (message.kind === 'copy') {
      copyFrom ??= require(workerData.copyStreams).from;
      const stream = connections[message.connection].query(copyFrom(message.text));
      stream.end(message.data);
      await finished(stream);
      answer({ ok: true, value: { rows: [], rowCount: stream.rowCount } });
    } else if (message.kind === 'end') {
      for (const client of Object.values(connections)) await client.end().catch(() => {});
      answer({ ok: true, value: null });
    }
  } catch (error) {
    fail(error);
  }
});
`;
