import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';

/** A request refused while its body was read: the HTTP status and a message for the user. */
export class BodyError extends Error {
  constructor(
    readonly status: 408 | 413 | 400,
    message: string,
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

export interface BodyLimits {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** The refusal, given the limit in words: `(limit) => \`an API call's body is limited to ${limit}\``. */
  refusal: (limit: string) => string;
  /** A body that sends nothing for this long is cut off (a slow client holds no socket for ever). */
  idleMs: number;
}

/** The limit as people read it: whole megabytes when it is one, else bytes. */
export function sizeText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}

/**
 * Streams a request body into `sink` (a buffer collector or a file), refusing it with a
 * {@link BodyError} as soon as it is known to be too big — from its Content-Length before a
 * byte is read, else when the bytes pass the limit — or when the client goes quiet for
 * `idleMs`. Memory holds one chunk at a time; nothing beyond the limit reaches `sink`.
 */
export function pipeBody(request: IncomingMessage, sink: Writable, limits: BodyLimits): Promise<number> {
  const tooBig = () => new BodyError(413, `Too large: ${limits.refusal(sizeText(limits.maxBytes))}.`);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    sink.destroy();
    return Promise.reject(tooBig());
  }
  return new Promise((resolve, reject) => {
    let size = 0;
    let settled = false;
    const timer = setTimeout(() => finish(new BodyError(408, `the request body stopped arriving (nothing for ${limits.idleMs / 1000} s)`)), limits.idleMs);
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('aborted', onAborted);
      if (error) {
        sink.destroy();
        reject(error);
      } else sink.end(() => resolve(size));
    };
    const onData = (chunk: Buffer) => {
      timer.refresh();
      size += chunk.length;
      if (size > limits.maxBytes) return finish(tooBig());
      if (!sink.write(chunk)) {
        request.pause();
        sink.once('drain', () => request.resume());
      }
    };
    const onEnd = () => finish(null);
    const onError = (error: Error) => finish(error);
    const onAborted = () => finish(new BodyError(400, 'the client closed the connection before the body was complete'));
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('aborted', onAborted);
    sink.on('error', (error) => finish(error));
  });
}

/**
 * After a refusal answered before the body was read: reads and discards what the client still
 * sends, so that it gets to read the answer rather than a reset connection, but only up to
 * `budget` bytes, `graceMs` of silence or 10 s in all — then closes the connection.
 */
export function discardRest(request: IncomingMessage, budget: number, graceMs: number): void {
  if (request.complete) return;
  let discarded = 0;
  const close = () => {
    clearTimeout(idle);
    clearTimeout(total);
    request.socket.destroy();
  };
  const idle = setTimeout(close, graceMs);
  const total = setTimeout(close, 10_000);
  request.on('data', (chunk: Buffer) => {
    idle.refresh();
    discarded += chunk.length;
    if (discarded > budget) close();
  });
  const done = () => {
    clearTimeout(idle);
    clearTimeout(total);
  };
  request.on('end', done);
  request.on('error', done);
  request.resume();
}

/**
 * Reads a JSON body within `limits`: an empty body is `{}`; anything that does not parse is a
 * 400 naming the parser's complaint, a body over the limit a 413 naming the limit.
 */
export async function readJsonBody(request: IncomingMessage, limits: BodyLimits): Promise<unknown> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeBody(request, sink, limits);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BodyError(400, `the body is not valid JSON (${(error as Error).message})`);
  }
}
