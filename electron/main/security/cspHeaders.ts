import { CONTENT_SECURITY_POLICY } from '../../transports/http/staticFiles';

type Headers = Record<string, string[] | string>;

/**
 * Adds the app's Content-Security-Policy to a document response seen by the session's
 * `webRequest.onHeadersReceived` — a second line of defence behind the app scheme's own header,
 * replacing any policy the response brought (header names compared without case).
 */
export function withPolicyHeader(headers: Headers | undefined, resourceType: string): Headers | undefined {
  if (resourceType !== 'mainFrame' && resourceType !== 'subFrame') return headers;
  const kept = Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy'));
  return { ...kept, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] };
}
