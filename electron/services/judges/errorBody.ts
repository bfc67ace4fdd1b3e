/** Longest server message kept in an error (a gateway may answer with a whole HTML page). */
const MAX_MESSAGE = 500;

/**
 * An error body as the `openai` SDK can read it. The SDK takes the message from
 * `{"error": {"message": …}}` only; OpenAI-compatible servers also answer
 * `{"object": "error", "message": …}` (vLLM's older builds) or `{"detail": …}` (FastAPI
 * gateways), which the SDK reports as "400 status code (no body)" — hiding, among others, the
 * refusal of `json_schema` the run falls back on. Such a body is rewrapped as
 * `{"error": {"message": …}}`; any other body is returned unchanged.
 *
 * @example errorBodyForSdk('{"object":"error","message":"json_schema is not supported","code":400}')
 *   // '{"error":{"message":"json_schema is not supported"}}'
 */
export function errorBodyForSdk(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body) || 'error' in body) return text;
  const { message, detail } = body as { message?: unknown; detail?: unknown };
  const found = message ?? detail;
  if (found === undefined || found === null) return text;
  const words = typeof found === 'string' ? found : JSON.stringify(found);
  return JSON.stringify({ error: { message: words.slice(0, MAX_MESSAGE) } });
}

/**
 * `fetch` for the SDK that passes error bodies through {@link errorBodyForSdk}. Successful
 * responses are returned untouched (their body is streamed as received).
 */
export async function fetchWithReadableErrors(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.ok) return response;
  const text = await response.text();
  // The body was read (and decoded) here: its length and encoding no longer describe it.
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(errorBodyForSdk(text), { status: response.status, statusText: response.statusText, headers });
}
