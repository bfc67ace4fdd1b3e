import type { CallOutcome } from './callWithRetries';

/**
 * Tells a run when its endpoint cannot be reached, so that it stops instead of spending every
 * call's retries on a server that is not there (a wrong port, a server not started, an unknown
 * host, a TLS failure).
 *
 * The rule: the endpoint is down when a call has used all its attempts without one reaching a
 * server (each failed to connect), and no request of the run reached a server since that call's
 * first attempt. The bound is one call's retry budget — `--attempts` tries (5 by default), over
 * its backoff (about 4 to 8 s with the default delays) — rather than a count of failures across
 * calls: calls in flight at once fail together within milliseconds, so a count across them would
 * stop a run on a blip (a server restarting) that a call's own retries ride out, while a server
 * that stays unreachable for a whole call's retries would fail every other call the same way.
 * Any request that reaches a server (an answer, an HTTP error, a timeout after connecting) shows
 * the endpoint is there: calls then fail one by one as usual.
 */
export class EndpointWatch {
  /** Attempts that reached a server so far, across the run. */
  private reached = 0;

  /** Notes how an attempt ended (CallOptions.onAttemptEnd). */
  attemptEnded(reachedServer: boolean): void {
    if (reachedServer) this.reached++;
  }

  /** A mark to take before a call's first attempt, for {@link isDown}. */
  mark(): number {
    return this.reached;
  }

  /** Whether a call that began at `mark` and ended with `outcome` shows the endpoint cannot be reached. */
  isDown(mark: number, outcome: CallOutcome): boolean {
    return outcome.kind === 'failed' && outcome.error.kind === 'unreachable' && outcome.sent === 0 && this.reached === mark;
  }
}
