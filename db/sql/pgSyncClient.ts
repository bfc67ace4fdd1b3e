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
    /** Where the server was (its CONTEXT), e.g. `COPY items, line 3`. */
    readonly where?: string,
    /** The pipelined COPY that failed (see copyPipelined), when it was one. */
    readonly copyId?: number,
  ) {
    super(message);
    this.name = 'PgError';
  }
}

/** What the connection thread answers. */
type Reply = { ok: true; value: unknown } | { ok: false; message: string; code?: string; detail?: string; where?: string; copyId?: number };

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
  /** Where the answers of queryAsync arrive, as events (the caller's thread goes on meanwhile). */
  private readonly asyncPort: MessagePort;
  private readonly pending = new Map<number, { resolve: (result: PgResult) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private closed = false;

  constructor(connectionString: string) {
    const resolve = createRequire(import.meta.url).resolve;
    const driver = resolve('pg');
    const copyStreams = resolve('pg-copy-streams');
    const passwords = resolve('pgpass');
    const { port1, port2 } = new MessageChannel();
    const later = new MessageChannel();
    this.port = port1;
    this.asyncPort = later.port1;
    this.asyncPort.on('message', (message: { id: number; reply: Reply }) => this.settle(message.id, message.reply));
    // Only an answer still awaited keeps the process alive (see queryAsync).
    this.asyncPort.unref();
    this.worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { driver, copyStreams, passwords, connectionString, port: port2, asyncPort: later.port2, signal: this.signal },
      transferList: [port2, later.port2],
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
  copyIn(connection: PgConnection, copy: string, data: string | Uint8Array): number {
    return (this.call({ kind: 'copy', connection, text: copy, data }, transferable(data)) as PgResult).rowCount;
  }

  /**
   * Sends a COPY as copyIn does, without waiting for the server to take it: the calling thread
   * goes on (encoding the next rows, say) while the server writes these. The COPY's failure is
   * the answer of the next call on the connection (whatever that call's own outcome: in the
   * transaction the COPY aborted, a COMMIT merely rolls back), as a PgError with `copyId`, so a
   * write that ends in COMMIT fails when any of its COPYs did. Bytes are handed over, not copied.
   */
  copyPipelined(connection: PgConnection, copy: string, data: string | Uint8Array): number {
    const copyId = this.nextId++;
    if (this.closed) throw new Error('the PostgreSQL connection is closed');
    this.worker.postMessage({ kind: 'copy', connection, text: copy, data, copyId, pipelined: true }, transferable(data));
    return copyId;
  }

  /**
   * Sends a statement without waiting for its answer (a write's BEGIN): its failure, like a
   * pipelined COPY's, is the answer of the next call on the connection.
   */
  queryPipelined(connection: PgConnection, text: string): void {
    if (this.closed) throw new Error('the PostgreSQL connection is closed');
    this.worker.postMessage({ kind: 'query', connection, text, parameters: [], pipelined: true });
  }

  /**
   * Runs one statement without blocking the calling thread: the answer (or the failure of a
   * pipelined COPY before it) settles the promise, and the thread's event loop runs meanwhile.
   */
  queryAsync(connection: PgConnection, text: string): Promise<PgResult> {
    if (this.closed) return Promise.reject(new Error('the PostgreSQL connection is closed'));
    const id = this.nextId++;
    const answered = new Promise<PgResult>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.pending.size === 1) this.asyncPort.ref();
    this.worker.postMessage({ kind: 'query', connection, text, parameters: [], id });
    return answered;
  }

  /** Ends both connections and the thread. */
  close(): void {
    if (this.closed) return;
    try {
      this.call({ kind: 'end' });
    } finally {
      this.closed = true;
      for (const [id] of this.pending) this.settle(id, { ok: false, message: 'the PostgreSQL connection was closed before it answered' });
      this.asyncPort.close();
      void this.worker.terminate();
    }
  }

  private settle(id: number, reply: Reply): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.asyncPort.unref();
    if (reply.ok) waiting.resolve(reply.value as PgResult);
    else waiting.reject(pgError(reply));
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

  private call(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): unknown {
    if (this.closed) throw new Error('the PostgreSQL connection is closed');
    Atomics.store(this.signal, 0, 0);
    this.worker.postMessage(message, transfer);
    if (Atomics.wait(this.signal, 0, 0, CALL_TIMEOUT_MS) === 'timed-out') {
      throw new Error(`PostgreSQL did not answer within ${CALL_TIMEOUT_MS / 1000} s`);
    }
    const reply = this.receive() as Reply | undefined;
    if (!reply) throw new Error('the PostgreSQL thread woke the caller without an answer');
    if (!reply.ok) throw pgError(reply);
    return reply.value;
  }
}

function pgError(reply: Reply & { ok: false }): PgError {
  return new PgError(reply.message, reply.code, reply.detail, reply.where, reply.copyId);
}

/** Bytes of their own are moved to the connection thread rather than copied (text is cloned). */
function transferable(data: string | Uint8Array): ArrayBuffer[] {
  return typeof data !== 'string' && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer ? [data.buffer] : [];
}

// Plain JavaScript, run as an eval'd worker so the bundled CLI and app need no extra file.
// Type parsers make rows look as they do from SQLite: int8 (count(*), bigint ids) and numeric
// as numbers, refusing rather than rounding an integer beyond 2^53; booleans as 0/1.
const WORKER_CODE = `
const { workerData, parentPort } = require('node:worker_threads');
const pg = require(workerData.driver);
const { finished } = require('node:stream/promises');
let copyFrom = null;
const { port, asyncPort, signal, connectionString } = workerData;
const safeInteger = (text) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error('integer ' + text + ' is beyond 2^53 and would be rounded');
  return n;
};
pg.types.setTypeParser(20, safeInteger);
pg.types.setTypeParser(1700, (text) => Number(text));
pg.types.setTypeParser(16, (text) => (text === 't' ? 1 : 0));
const connections = {};
// The first failure of a pipelined statement (a COPY, a BEGIN) on each connection, until a later call answers with it.
const failures = {};
const failure = (error, copyId) => ({ ok: false, message: String(error && error.message || error), code: error && error.code, detail: error && error.detail, where: error && error.where, copyId });
const answer = (message, reply) => {
  const failed = message.connection && failures[message.connection];
  if (failed) {
    delete failures[message.connection];
    reply = failed;
  }
  if (message.id !== undefined) return asyncPort.postMessage({ id: message.id, reply });
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
};
const bytes = (data) => (typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
// Each connection's statements run one after another in the order they were posted, pipelined
// ones included: each is queued here before the handler's first await (pg itself no longer
// wants a query given while another runs).
// After a pipelined statement failed, nothing more runs on its connection until that failure
// has been answered, but a ROLLBACK: no COPY into an aborted transaction, and no statement runs
// on its own should a pipelined BEGIN have failed.
const isRollback = (text) => typeof text === 'string' && text.trimStart().toUpperCase().startsWith('ROLLBACK');
const tails = {};
const FAILED = Symbol('skipped after a failure');
const inTurn = (name, start, text) => {
  const run = (tails[name] || Promise.resolve()).then(() => (failures[name] && !isRollback(text) ? FAILED : start()));
  tails[name] = run.catch(() => {});
  return run;
};
// Recorded before the connection's next statement takes its turn.
const failedPipelined = (message) => (error) => {
  failures[message.connection] ??= failure(error, message.copyId);
};
const copyIn = (message) => {
  copyFrom ??= require(workerData.copyStreams).from;
  const stream = connections[message.connection].query(copyFrom(message.text));
  stream.end(bytes(message.data));
  return finished(stream).then(() => stream.rowCount);
};
parentPort.on('message', async (message) => {
  try {
    if (message.kind === 'connect') {
      for (const name of ['writer', 'reader']) {
        const client = new pg.Client({ connectionString, application_name: 'accord ' + name });
        // As pgConnection.ts's pgClient (this thread runs plain JavaScript): with no password from
        // the URL or PGPASSWORD, ~/.pgpass is looked up here, so that pg does not warn it will stop.
        if (client.password === null) client.password = (params) => new Promise((found) => require(workerData.passwords)(params, found));
        // A dropped connection fails the next call, which says so; it must not crash the thread.
        client.on('error', () => {});
        await client.connect();
        connections[name] = client;
      }
      answer(message, { ok: true, value: null });
    } else if (message.kind === 'query' && message.pipelined) {
      await inTurn(message.connection, () => connections[message.connection].query(message.text).catch(failedPipelined(message)), message.text);
    } else if (message.kind === 'query') {
      const values = message.parameters.map((v) => (v instanceof Uint8Array ? Buffer.from(v) : v));
      const result = await inTurn(message.connection, () => connections[message.connection].query({ text: message.text, values }), message.text);
      if (result === FAILED) return answer(message, failures[message.connection]);
      answer(message, { ok: true, value: { rows: result.rows || [], rowCount: result.rowCount || 0 } });
    } else if (message.kind === 'copy' && message.pipelined) {
      await inTurn(message.connection, () => copyIn(message).catch(failedPipelined(message)));
    } else if (message.kind === 'copy') {
      const rowCount = await inTurn(message.connection, () => copyIn(message));
      if (rowCount === FAILED) return answer(message, failures[message.connection]);
      answer(message, { ok: true, value: { rows: [], rowCount } });
    } else if (message.kind === 'end') {
      for (const client of Object.values(connections)) await client.end().catch(() => {});
      answer(message, { ok: true, value: null });
    }
  } catch (error) {
    answer(message, failure(error));
  }
});
`;
