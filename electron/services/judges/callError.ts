/** What went wrong with one request, as the retry policy sees it. */
export type CallErrorKind =
  | 'rate-limited' // 429
  | 'server' // 5xx (and 408, 409)
  | 'timeout' // no complete answer within the per-call timeout
  | 'unreachable' // no connection to a server: refused, unknown host (DNS), no route, TLS handshake failed; the request was not delivered
  | 'connection' // reset, closed mid-body, or another failure after connecting: the request may have been delivered
  | 'bad-body' // a 2xx whose body is not a chat completion
  | 'rejected' // another 4xx: the request itself is wrong; retrying cannot help
  | 'unauthorized'; // 401, 403, 404: the key, the base URL or the model is wrong; the run stops

/** A failed request, with what the retry policy needs. */
export class CallError extends Error {
  override name = 'CallError';
  constructor(
    message: string,
    readonly kind: CallErrorKind,
    readonly status: number | null = null,
    /** The server's Retry-After, in milliseconds, when it sent one. */
    readonly retryAfterMs: number | null = null,
    /** What went wrong without the retry policy's note ("gave up after 5 attempts"): the last attempt's error. */
    readonly reason: string = message,
  ) {
    super(message);
  }

  /** Whether another attempt may succeed. */
  get retryable(): boolean {
    return this.kind !== 'rejected' && this.kind !== 'unauthorized';
  }

  /** Whether every other call of the run would fail the same way, so the run should stop. */
  get stopsRun(): boolean {
    return this.kind === 'unauthorized';
  }

  /**
   * Whether the request may have reached a server (and been charged): false only when no
   * connection was made (`unreachable`). A timeout or a reset after connecting counts as sent:
   * the server may have received, and billed, the request.
   */
  get reachedServer(): boolean {
    return this.kind !== 'unreachable';
  }
}
