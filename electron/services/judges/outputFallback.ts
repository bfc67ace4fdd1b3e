import type { OutputFallback } from '../../api/contract';
import { isJsonSchemaRefusal, jsonObjectFallback } from '../../core/judges/jsonObjectFallback';
import type { ChatRequest } from '../../core/judges/request';
import type { CallError } from './callError';
import { nodeRequestHash } from './nodeRequestHash';

/** A request as sent, with its hash (the cache key and the call's `request_hash`). */
export interface SentRequest {
  request: ChatRequest;
  hash: string;
  /** Whether it is the `json_object` fallback (its answers are checked against the schema). */
  fallback: boolean;
}

/**
 * The forms a request can be sent in: the judge's own, and — when the judge asks for
 * `json_schema` (`fallbackAvailable`) — its `json_object` fallback; `fallbackFirst` puts the
 * fallback first. A run or a preview looks both up in the cache.
 */
export function requestForms(request: ChatRequest, hash: string, fallbackAvailable: boolean, fallbackFirst = false): SentRequest[] {
  const own: SentRequest = { request, hash, fallback: false };
  if (!fallbackAvailable) return [own];
  const rewritten = jsonObjectFallback(request);
  const fallback: SentRequest = { request: rewritten, hash: nodeRequestHash(rewritten), fallback: true };
  return fallbackFirst ? [fallback, own] : [own, fallback];
}

/**
 * Whether a run asks for `json_schema` or has fallen back to `json_object` (DESIGN.md §6: a
 * structured-output request "with a fallback"). Shared by the run's workers: the first refusal
 * switches the whole run, so later items go straight to `json_object` — one fallback per run,
 * not one per item (calls already in flight at that moment are each refused once too). The
 * switch is remembered in the run's settings through `remember`, so the run's page can say it
 * and a resume starts in `json_object` mode.
 */
export class OutputFallbackState {
  private current: OutputFallback | null;

  /**
   * @param available whether the judge asks for `json_schema` (only then is there a fallback)
   * @param remembered the fallback of an earlier attempt at this run (a resume), or null
   * @param remember called once, on the switch
   */
  constructor(
    readonly available: boolean,
    remembered: OutputFallback | null,
    private readonly remember: (fallback: OutputFallback) => void,
  ) {
    this.current = available ? remembered : null;
  }

  /** Whether the run now asks for `json_object`. */
  get active(): boolean {
    return this.current !== null;
  }

  /** The fallback as recorded, or null. */
  get note(): OutputFallback | null {
    return this.current;
  }

  /** Switches the run to `json_object` (once; later calls change nothing). */
  fallBack(cause: OutputFallback['cause'], reason: string): void {
    if (!this.available || this.current) return;
    this.current = { from: 'json_schema', to: 'json_object', cause, reason, at: new Date().toISOString() };
    this.remember(this.current);
  }

  /** Whether a call's error is the endpoint refusing `json_schema` (so the call is asked again in `json_object` mode). */
  refused(request: SentRequest, error: CallError): boolean {
    return this.available && !request.fallback && isJsonSchemaRefusal(error.status, error.message);
  }

  /** The forms one piece's request can be sent in, the run's current mode first (see {@link requestForms}). */
  forms(request: ChatRequest, hash: string): SentRequest[] {
    return requestForms(request, hash, this.available, this.active);
  }

  /** The form to send now: the fallback once the run has fallen back (perhaps since `forms` was called). */
  preferred(forms: SentRequest[]): SentRequest {
    return (this.active && forms.find((f) => f.fallback)) || forms[0];
  }
}
